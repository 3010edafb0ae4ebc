import { Form } from 'react-router'
import { errorProps, FieldError } from '~/components/forms/field-error'
import { INPUT_CLASS } from '~/components/forms/input-class'
import { COMMON_SECTIONS } from '~/lib/builds/quote-defaults'
import type { QuoteFormState } from '~/lib/builds/quote-rows'
import { QUOTE_STAGE_DUE, STAGE_DUE_LABELS } from '~/lib/builds/quote-schemas'
import type { FieldErrors } from '~/lib/forms'
import { formatPence } from '~/lib/money'

/**
 * The quote builder's one form (issue 59 item 7). Every button posts the whole form, so nothing
 * typed is lost and it works without JavaScript: 'Add line', 'Remove' and the rest come back
 * with the rows changed (not saved until 'Save'); a field's error sits under it.
 */
const LABEL = 'block text-sm font-semibold text-slate-800'
const SMALL_BUTTON = 'rounded-lg px-3 py-2 font-semibold text-pond-800 underline'

type Category = { name: string; products: Array<{ id: string; name: string; pricePence: number }> }

export function QuoteBuilderForm({
	state,
	errors,
	catalogue,
}: {
	state: QuoteFormState
	errors: FieldErrors
	catalogue: Category[]
}) {
	const field = (
		name: string,
		label: string,
		value: string,
		props: React.InputHTMLAttributes<HTMLInputElement> = {},
		errorKey = name,
	) => {
		const id = `q-${name.replaceAll('.', '-')}`
		return (
			<div className="min-w-0">
				<label htmlFor={id} className={LABEL}>
					{label}
				</label>
				<input
					id={id}
					name={name}
					defaultValue={value}
					className={INPUT_CLASS}
					{...props}
					{...errorProps(id, errors[errorKey])}
				/>
				<FieldError id={id} error={errors[errorKey]} />
			</div>
		)
	}
	return (
		<Form method="post" className="space-y-8" noValidate>
			<div className="flex flex-wrap gap-3">
				<button type="submit" name="intent" value="save" className="btn-primary">
					Save draft
				</button>
			</div>
			<fieldset className="grid gap-4 sm:grid-cols-2">
				<legend className="mb-2 text-xl font-bold text-pond-900">The quote</legend>
				{field('title', 'Title', state.title, { maxLength: 120 })}
				{field('validUntil', 'Valid until', state.validUntil, { type: 'date' })}
				<div className="sm:col-span-2">
					<label htmlFor="q-intro" className={LABEL}>
						Introduction <span className="font-normal">(optional, to the customer)</span>
					</label>
					<textarea
						id="q-intro"
						name="intro"
						rows={3}
						maxLength={2000}
						defaultValue={state.intro}
						className={`${INPUT_CLASS} py-2`}
						{...errorProps('q-intro', errors.intro)}
					/>
					<FieldError id="q-intro" error={errors.intro} />
				</div>
			</fieldset>
			<fieldset className="space-y-3">
				<legend className="mb-2 text-xl font-bold text-pond-900">Sections and lines</legend>
				<p className="text-sm text-slate-700">
					Prices include VAT. Lines with the same section name are shown together. Optional lines
					start unticked for the customer.
				</p>
				<datalist id="quote-sections">
					{COMMON_SECTIONS.map((s) => (
						<option key={s} value={s} />
					))}
				</datalist>
				{state.lines.map((line, i) => (
					<div
						// Rows are positional (the buttons name them by place); the text keeps keys apart.
						key={`${i}-${line.description}`}
						className="grid grid-cols-1 gap-2 rounded-xl bg-slate-50 p-3 sm:grid-cols-[10rem_1fr_5rem_8rem]"
					>
						{field(`lines.${i}.section`, 'Section', line.section, {
							list: 'quote-sections',
							maxLength: 80,
						})}
						{field(`lines.${i}.description`, 'Description', line.description, { maxLength: 300 })}
						{field(`lines.${i}.quantity`, 'Quantity', line.quantity, { inputMode: 'numeric' })}
						{field(
							`lines.${i}.price`,
							'Unit price £',
							line.price,
							{ inputMode: 'decimal' },
							`lines.${i}.unitPence`,
						)}
						<input type="hidden" name={`lines.${i}.productId`} value={line.productId} />
						<div className="flex flex-wrap items-center gap-4 sm:col-span-4">
							<label className="flex items-center gap-2">
								<input
									type="checkbox"
									name={`lines.${i}.optional`}
									defaultChecked={line.optional}
									className="size-5"
								/>
								Optional (the customer chooses)
							</label>
							{line.productId ? (
								<span className="text-sm text-slate-600">From the catalogue</span>
							) : null}
							<button
								type="submit"
								name="intent"
								value={`remove-line:${i}`}
								className={SMALL_BUTTON}
							>
								Remove line {i + 1}
							</button>
						</div>
					</div>
				))}
				<FieldError id="q-lines" error={errors.lines} />
				<div className="flex flex-wrap gap-3">
					<button type="submit" name="intent" value="add-line" className="btn-secondary">
						Add line
					</button>
					<button type="submit" name="intent" value="add-section" className="btn-secondary">
						Add section
					</button>
				</div>
				{catalogue.length ? (
					<div className="grid grid-cols-1 gap-2 sm:grid-cols-[1fr_auto] sm:items-end">
						<div className="min-w-0">
							<label htmlFor="q-product" className={LABEL}>
								A line from the catalogue (its current price)
							</label>
							<select id="q-product" name="productId" className={INPUT_CLASS} defaultValue="">
								<option value="">Choose a product</option>
								{catalogue.map((c) => (
									<optgroup key={c.name} label={c.name}>
										{c.products.map((p) => (
											<option key={p.id} value={p.id}>
												{p.name} ({formatPence(p.pricePence)})
											</option>
										))}
									</optgroup>
								))}
							</select>
						</div>
						<button type="submit" name="intent" value="add-product" className="btn-secondary">
							Add product
						</button>
					</div>
				) : null}
			</fieldset>
			<fieldset className="space-y-3">
				<legend className="mb-2 text-xl font-bold text-pond-900">Payment schedule</legend>
				<p id="q-stages-hint" className="text-sm text-slate-700">
					A percentage of the total or a fixed sum in £; the last stage takes whatever is left, so
					the stages always add up to the total. Checked against the total with no options and with
					every option.
				</p>
				{state.stages.map((stage, i) => (
					<div
						key={`${i}-${stage.label}`}
						className="grid grid-cols-1 gap-2 rounded-xl bg-slate-50 p-3 lg:grid-cols-[1fr_9rem_7rem_14rem_auto] lg:items-end"
					>
						{field(`stages.${i}.label`, 'Stage', stage.label, { maxLength: 80 })}
						<div className="min-w-0">
							<label htmlFor={`q-stages-${i}-kind`} className={LABEL}>
								Amount as
							</label>
							<select
								id={`q-stages-${i}-kind`}
								name={`stages.${i}.kind`}
								defaultValue={stage.kind}
								className={INPUT_CLASS}
							>
								<option value="percent">Percentage</option>
								<option value="fixed">Fixed sum (£)</option>
							</select>
						</div>
						{field(`stages.${i}.amount`, 'Amount', stage.amount, { inputMode: 'decimal' })}
						<div className="min-w-0">
							<label htmlFor={`q-stages-${i}-due`} className={LABEL}>
								Due
							</label>
							<select
								id={`q-stages-${i}-due`}
								name={`stages.${i}.due`}
								defaultValue={stage.due}
								className={INPUT_CLASS}
								{...errorProps(`q-stages-${i}-due`, errors[`stages.${i}.due`])}
							>
								{QUOTE_STAGE_DUE.map((due) => (
									<option key={due} value={due}>
										{STAGE_DUE_LABELS[due]}
									</option>
								))}
							</select>
							<FieldError id={`q-stages-${i}-due`} error={errors[`stages.${i}.due`]} />
						</div>
						<button
							type="submit"
							name="intent"
							value={`remove-stage:${i}`}
							className={SMALL_BUTTON}
						>
							Remove stage {i + 1}
						</button>
					</div>
				))}
				<FieldError id="q-stages" error={errors.stages} />
				<button type="submit" name="intent" value="add-stage" className="btn-secondary">
					Add stage
				</button>
			</fieldset>
			<fieldset>
				<legend className="mb-2 text-xl font-bold text-pond-900">Terms</legend>
				<label htmlFor="q-terms" className={LABEL}>
					Terms shown with the quote
				</label>
				<textarea
					id="q-terms"
					name="terms"
					rows={10}
					maxLength={10000}
					defaultValue={state.terms}
					className={`${INPUT_CLASS} py-2`}
					{...errorProps('q-terms', errors.terms)}
				/>
				<FieldError id="q-terms" error={errors.terms} />
			</fieldset>
			<div className="flex flex-wrap items-end gap-3 border-t border-slate-200 pt-5">
				<button type="submit" name="intent" value="save" className="btn-primary">
					Save draft
				</button>
				<button type="submit" name="intent" value="send" className="btn-primary">
					Save and send to the customer
				</button>
			</div>
			<div className="grid grid-cols-1 gap-2 border-t border-slate-200 pt-5 sm:grid-cols-[1fr_auto] sm:items-end">
				{field('templateName', 'Save as a template named', '', { maxLength: 80 })}
				<button type="submit" name="intent" value="save-template" className="btn-secondary">
					Save as template
				</button>
			</div>
		</Form>
	)
}
