import { errorProps, FieldError } from '~/components/forms/field-error'
import type { DeliveryField } from '~/lib/delivery-schema'
import type { FieldErrors } from '~/lib/forms'

type FieldSpec = {
	name: DeliveryField
	label: string
	autoComplete: string
	optional?: boolean
	wide?: boolean
	type?: string
	inputMode?: 'tel' | 'email'
	/** Said under the field and read with it: what the field accepts, before any error. */
	hint?: string
}

export const PROFILE_FIELDS: FieldSpec[] = [
	{ name: 'firstName', label: 'First name', autoComplete: 'given-name' },
	{ name: 'lastName', label: 'Last name', autoComplete: 'family-name' },
	{ name: 'address1', label: 'Address line 1', autoComplete: 'address-line1', wide: true },
	{
		name: 'address2',
		label: 'Address line 2',
		autoComplete: 'address-line2',
		optional: true,
		wide: true,
	},
	{ name: 'city', label: 'Town or city', autoComplete: 'address-level2' },
	{ name: 'postcode', label: 'Postcode', autoComplete: 'postal-code' },
	{
		name: 'phone',
		label: 'Phone number',
		autoComplete: 'tel',
		type: 'tel',
		inputMode: 'tel',
		// The spec's rule, shown up front: '+44 113 496 0000' is 16 and refused, '+44 113 4960000' fits.
		hint: '10 to 15 characters, e.g. 01463 123456 or +44 1463 123456',
	},
]

export const CHECKOUT_FIELDS: FieldSpec[] = [
	...PROFILE_FIELDS,
	{
		name: 'email',
		label: 'Email for delivery updates',
		autoComplete: 'email',
		optional: true,
		type: 'email',
		inputMode: 'email',
	},
]

/** Labelled inputs with their error in place; editing a field clears its error (spec). */
export function DeliveryFields({
	fields,
	values,
	errors,
	onEdit,
}: {
	fields: FieldSpec[]
	values: Partial<Record<DeliveryField, string>>
	errors: FieldErrors
	onEdit: (field: DeliveryField) => void
}) {
	return (
		<div className="grid gap-4 sm:grid-cols-2">
			{fields.map((field) => {
				const error = errors[field.name]
				const id = `delivery-${field.name}`
				return (
					<div key={field.name} className={field.wide ? 'sm:col-span-2' : undefined}>
						<label htmlFor={id} className="block text-sm font-semibold text-slate-800">
							{field.label}
							{field.optional ? (
								<span className="font-normal text-slate-600"> (optional)</span>
							) : null}
						</label>
						<input
							id={id}
							name={field.name}
							type={field.type ?? 'text'}
							inputMode={field.inputMode}
							autoComplete={field.autoComplete}
							defaultValue={values[field.name] ?? ''}
							{...errorProps(id, error, { hint: Boolean(field.hint) })}
							onChange={() => onEdit(field.name)}
							className={`mt-1 block min-h-11 w-full rounded-lg border px-3 text-base focus:outline-2 focus:outline-pond-600 ${error ? 'border-red-600' : 'border-slate-300'}`}
						/>
						{field.hint ? (
							<p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
								{field.hint}
							</p>
						) : null}
						<FieldError id={id} error={error} />
					</div>
				)
			})}
		</div>
	)
}
