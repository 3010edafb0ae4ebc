import { Form } from 'react-router'
import { ErrorSummary } from '~/components/forms/error-summary'
import { errorProps, FieldError } from '~/components/forms/field-error'
import { INPUT_CLASS } from '~/components/forms/input-class'
import { useFormErrors } from '~/components/forms/use-form-errors'
import { type BooksSettings, BooksSettingsSchema } from '~/lib/books/settings'
import { cn } from '~/lib/cn'
import type { FieldErrors } from '~/lib/forms'

const LABEL = 'block text-sm font-semibold text-slate-700'

/** When the VAT quarters start and the sales account the exports code lines to. */
export function BooksSettingsForm({
	settings,
	fieldErrors,
	values,
}: {
	settings: BooksSettings
	fieldErrors: FieldErrors | undefined
	values: Record<string, string> | undefined
}) {
	const form = useFormErrors(BooksSettingsSchema, fieldErrors)
	const { errors } = form
	const value = (name: keyof BooksSettings) => values?.[name] ?? String(settings[name])
	return (
		<section className="mb-8 rounded-xl p-4 ring-1 ring-slate-200" aria-labelledby="books-settings">
			<h2 id="books-settings" className="font-display text-xl font-bold text-pond-900">
				Settings
			</h2>
			<Form
				method="post"
				noValidate
				onSubmit={form.onSubmit}
				className="mt-3 flex flex-wrap items-end gap-4"
			>
				<ErrorSummary
					errors={errors}
					attempt={form.attempt}
					idFor={(field) => field}
					className="w-full"
				/>
				<input type="hidden" name="intent" value="settings" />
				<div>
					<label htmlFor="quarterStartMonth" className={LABEL}>
						VAT quarters start in month (1–12)
					</label>
					<input
						id="quarterStartMonth"
						name="quarterStartMonth"
						type="number"
						inputMode="numeric"
						min={1}
						max={12}
						defaultValue={value('quarterStartMonth')}
						className={cn(INPUT_CLASS, 'mt-1 w-24')}
						{...errorProps('quarterStartMonth', errors.quarterStartMonth)}
					/>
					<FieldError id="quarterStartMonth" error={errors.quarterStartMonth} />
				</div>
				<div>
					<label htmlFor="salesAccountCode" className={LABEL}>
						Sales account code (exports)
					</label>
					<input
						id="salesAccountCode"
						name="salesAccountCode"
						defaultValue={value('salesAccountCode')}
						className={cn(INPUT_CLASS, 'mt-1 w-32')}
						{...errorProps('salesAccountCode', errors.salesAccountCode)}
					/>
					<FieldError id="salesAccountCode" error={errors.salesAccountCode} />
				</div>
				<button type="submit" className="btn-secondary">
					Save settings
				</button>
			</Form>
		</section>
	)
}
