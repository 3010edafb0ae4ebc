import { FieldError } from '~/components/forms/field-error'
import { INPUT_CLASS } from '~/components/forms/input-class'
import { EMPTY_SPEC_ROWS, specRowCount } from '~/lib/catalog/product-form'
import type { FieldErrors } from '~/lib/forms'
import { PairRows } from './pair-rows'

const fieldId = (name: string) => `product-${name.replace(/\./g, '-')}`

/**
 * The product editor's description (Markdown, shown on the product page) and specifications as
 * name–value rows; the CSV keeps them as a 'description' cell and one 'Name: value' line each.
 */
export function ProductDetailsFields({
	values,
	errors,
}: {
	values: Record<string, string>
	errors: FieldErrors
}) {
	const id = fieldId('description')
	return (
		<>
			<div>
				<label htmlFor={id} className="text-sm font-semibold text-slate-800">
					Description
				</label>
				<p id={`${id}-hint`} className="text-sm text-slate-600">
					Shown on the product page. A blank line starts a paragraph; **bold**, *italic*, lines
					starting with - for a list, ### for a sub-heading, [words](https://…) for a link. HTML is
					shown as typed.
				</p>
				<textarea
					id={id}
					name="description"
					rows={8}
					defaultValue={values.description ?? ''}
					className={INPUT_CLASS}
					aria-describedby={errors.description ? `${id}-error` : `${id}-hint`}
					{...(errors.description ? { 'aria-invalid': true } : {})}
				/>
				<FieldError id={id} error={errors.description} />
			</div>
			<fieldset
				id={fieldId('specifications')}
				tabIndex={-1}
				className="rounded-xl p-4 ring-1 ring-slate-200"
			>
				<legend className="px-1 font-display text-lg font-bold text-pond-900">
					Specifications
				</legend>
				<p className="text-sm text-slate-600">
					Shown as a table in this order, e.g. Flow rate – 6,000 litres an hour. Leave a row empty
					to skip it; save to get {EMPTY_SPEC_ROWS} more empty rows.
				</p>
				<FieldError id={fieldId('specifications')} error={errors.specifications} />
				<PairRows
					count={specRowCount(values)}
					prefix="specs"
					parts={['name', 'value']}
					label={(i, part) => `Specification ${i + 1} ${part}`}
					columns="sm:grid-cols-[1fr_2fr]"
					values={values}
					errors={errors}
				/>
			</fieldset>
		</>
	)
}
