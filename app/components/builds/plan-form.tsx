import { Form, useNavigation } from 'react-router'
import { ErrorSummary } from '~/components/forms/error-summary'
import { errorProps, FieldError } from '~/components/forms/field-error'
import { INPUT_CLASS } from '~/components/forms/input-class'
import { useFormErrors } from '~/components/forms/use-form-errors'
import {
	BUDGET_BANDS,
	BUDGET_LABELS,
	BUILD_TYPE_LABELS,
	BUILD_TYPES,
	BuildEnquirySchema,
	HEARD_FROM,
	HEARD_FROM_LABELS,
	MAX_SITE_PHOTOS,
	TIMESCALE_LABELS,
	TIMESCALES,
} from '~/lib/builds/build-schemas'
import type { FieldErrors } from '~/lib/forms'

type ActionData = {
	fieldErrors: FieldErrors
	error: string
	values: Record<string, string>
	outside?: { postcode: string; area: string }
}

const id = (name: string) => `plan-${name}`
const LABEL = 'block text-sm font-semibold text-slate-800'

/** The 'Plan a pond' form (issue 59 item 1): a real multipart form, so it works without JavaScript. */
export function PlanForm({ actionData }: { actionData: ActionData | undefined }) {
	const form = useFormErrors(BuildEnquirySchema, actionData?.fieldErrors)
	const sending = useNavigation().state === 'submitting'
	const v = actionData?.values ?? {}
	const outside = actionData?.outside
	const text = (
		name: string,
		label: string,
		props: React.InputHTMLAttributes<HTMLInputElement> = {},
		hint?: string,
	) => (
		<div>
			<label htmlFor={id(name)} className={LABEL}>
				{label}
			</label>
			{hint ? (
				<p id={`${id(name)}-hint`} className="text-sm text-slate-600">
					{hint}
				</p>
			) : null}
			<input
				id={id(name)}
				name={name}
				defaultValue={v[name]}
				onChange={() => form.clear(name)}
				className={INPUT_CLASS}
				{...props}
				{...errorProps(id(name), form.errors[name], { hint: Boolean(hint) })}
			/>
			<FieldError id={id(name)} error={form.errors[name]} />
		</div>
	)
	const select = (
		name: string,
		label: string,
		options: readonly string[],
		labels: Record<string, string>,
	) => (
		<div>
			<label htmlFor={id(name)} className={LABEL}>
				{label}
			</label>
			<select
				id={id(name)}
				name={name}
				defaultValue={v[name] ?? ''}
				onChange={() => form.clear(name)}
				className={INPUT_CLASS}
				{...errorProps(id(name), form.errors[name])}
			>
				<option value="">Choose…</option>
				{options.map((o) => (
					<option key={o} value={o}>
						{labels[o]}
					</option>
				))}
			</select>
			<FieldError id={id(name)} error={form.errors[name]} />
		</div>
	)
	return (
		<section aria-labelledby="plan-heading">
			<h2 id="plan-heading" className="font-display text-2xl font-bold text-pond-900">
				About you and your pond
			</h2>
			{actionData?.error ? (
				<p role="alert" className="mt-4 rounded-lg bg-red-50 px-4 py-3 font-medium text-red-800">
					{actionData.error}
				</p>
			) : null}
			{outside ? (
				<div role="alert" className="mt-4 rounded-xl bg-amber-50 p-4 text-amber-950">
					<p className="font-semibold">
						{outside.postcode} is outside the area we usually build in ({outside.area}).
					</p>
					<p className="mt-1">
						You are welcome to send your enquiry anyway: we will tell you honestly whether we can
						help, or recommend someone nearer. If you added photos, please choose them again.
					</p>
				</div>
			) : null}
			<Form
				method="post"
				encType="multipart/form-data"
				noValidate
				onSubmit={form.onSubmit}
				className="mt-6 grid gap-5 sm:grid-cols-2"
			>
				<ErrorSummary
					errors={form.errors}
					idFor={id}
					attempt={form.attempt}
					className="sm:col-span-2"
				/>
				{text('name', 'Your name', { autoComplete: 'name' })}
				{text('email', 'Email', { type: 'email', autoComplete: 'email' })}
				{text('phone', 'Phone', { type: 'tel', autoComplete: 'tel' })}
				{text('postcode', 'Postcode of the site', { autoComplete: 'postal-code' })}
				<div className="sm:col-span-2">
					{text('address', 'Address of the site', { autoComplete: 'street-address' })}
				</div>
				<fieldset className="sm:col-span-2" {...errorProps(id('type'), form.errors.type)}>
					<legend className={LABEL}>What kind of project?</legend>
					<div className="mt-2 grid gap-2 sm:grid-cols-2">
						{BUILD_TYPES.map((t, i) => (
							<label
								key={t}
								className="flex min-h-11 items-center gap-3 rounded-lg bg-slate-50 px-3 text-slate-800"
							>
								<input
									id={i === 0 ? id('type') : undefined}
									type="radio"
									name="type"
									value={t}
									defaultChecked={v.type === t}
									onChange={() => form.clear('type')}
									className="size-5 accent-pond-700"
								/>
								{BUILD_TYPE_LABELS[t]}
							</label>
						))}
					</div>
					<FieldError id={id('type')} error={form.errors.type} />
				</fieldset>
				<div className="sm:col-span-2">
					{text(
						'size',
						'Rough size or volume',
						{},
						'For example "4 m by 3 m, 1.2 m deep" or "about 10,000 litres". A guess is fine.',
					)}
				</div>
				{select('budget', 'Budget', BUDGET_BANDS, BUDGET_LABELS)}
				{select('timescale', 'When would you like the work done?', TIMESCALES, TIMESCALE_LABELS)}
				{select('heardFrom', 'How did you hear of us?', HEARD_FROM, HEARD_FROM_LABELS)}
				<div className="sm:col-span-2">
					<label htmlFor={id('details')} className={LABEL}>
						Anything else we should know{' '}
						<span className="font-normal text-slate-600">(optional)</span>
					</label>
					<textarea
						id={id('details')}
						name="details"
						rows={5}
						maxLength={3000}
						defaultValue={v.details}
						onChange={() => form.clear('details')}
						className={`${INPUT_CLASS} py-2`}
						{...errorProps(id('details'), form.errors.details)}
					/>
					<FieldError id={id('details')} error={form.errors.details} />
				</div>
				<div className="sm:col-span-2">
					<label htmlFor={id('photos')} className={LABEL}>
						Photos of the site{' '}
						<span className="font-normal text-slate-600">(optional, up to {MAX_SITE_PHOTOS})</span>
					</label>
					<p id={`${id('photos')}-hint`} className="text-sm text-slate-600">
						JPEG, PNG or WebP, up to 10 MB each. We remove location and camera details before we
						keep them.
					</p>
					<input
						id={id('photos')}
						name="photos"
						type="file"
						multiple
						accept="image/jpeg,image/png,image/webp"
						className="mt-2 block w-full max-w-full text-base"
						{...errorProps(id('photos'), form.errors.photos, { hint: true })}
					/>
					<FieldError id={id('photos')} error={form.errors.photos} />
				</div>
				{outside ? <input type="hidden" name="anyway" value="1" /> : null}
				{/* Honeypot: off-screen and out of the tab order, so only bots fill it in. */}
				<div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
					<label>
						Leave this empty
						<input name="website" tabIndex={-1} autoComplete="off" />
					</label>
				</div>
				<div className="sm:col-span-2">
					<button type="submit" className="btn-primary" disabled={sending}>
						{sending ? 'Sending…' : outside ? 'Send my enquiry anyway' : 'Send my enquiry'}
					</button>
				</div>
			</Form>
		</section>
	)
}
