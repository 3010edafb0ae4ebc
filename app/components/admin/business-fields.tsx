import { errorProps, FieldError } from '~/components/forms/field-error'
import { INPUT_CLASS } from '~/components/forms/input-class'

/** The settings form's fields, in order, with their labels and hints. */
export const FIELD_LABELS: Record<string, [label: string, hint?: string]> = {
	tradingName: ['Trading name', 'The name customers know, in the header and footer.'],
	legalName: ['Legal name', 'As registered, on invoices and the terms.'],
	address: ['Address', 'One line each: street, town, postcode last.'],
	phone: ['Phone'],
	email: ['Email'],
	hours: ['Opening hours', 'e.g. Monday-Saturday 9:00 AM to 5:00 PM'],
	hoursShort: ['Opening hours (short)', 'For the header, e.g. Mon-Sat, 9AM-5PM'],
	vatNumber: [
		'VAT registration number (optional)',
		'GB and 9 digits. Set: documents are VAT invoices.',
	],
	companyNumber: ['Company number (optional)', 'As Companies House gives it, e.g. SC123456.'],
	facebookUrl: ['Facebook link (optional)', 'https://www.facebook.com/…'],
}

export function BusinessField({
	name,
	value,
	error,
}: {
	name: string
	value: string
	error?: string
}) {
	const id = `business-${name}`
	const [label, hint] = FIELD_LABELS[name]!
	const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ')
	const props = {
		id,
		name,
		defaultValue: value,
		className: INPUT_CLASS,
		...errorProps(id, error),
		...(described ? { 'aria-describedby': described } : {}),
	}
	return (
		<div className={name === 'address' ? 'sm:row-span-2' : undefined}>
			<label htmlFor={id} className="text-sm font-semibold text-slate-800">
				{label}
			</label>
			{hint ? (
				<p id={`${id}-hint`} className="text-sm text-slate-600">
					{hint}
				</p>
			) : null}
			{name === 'address' ? (
				<textarea rows={4} {...props} className={`${INPUT_CLASS} py-2`} />
			) : (
				<input {...props} />
			)}
			<FieldError id={id} error={error} />
		</div>
	)
}
