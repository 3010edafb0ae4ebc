import { z } from 'zod'
import { UK_POSTCODE } from '~/lib/delivery/postcode'
import { emailAddress } from '~/lib/email-address'
import { safeText } from '~/lib/text-safety'
import { VAT_NUMBER_PATTERN } from '~/lib/vat'

/**
 * The details the owner sets in /admin/settings (issue 32 item 7). Shown in the header, footer,
 * contact page, emails, structured data, legal pages and on invoices. The demo values
 * (app/lib/business.ts) are in force until the first save.
 */
export type BusinessDetails = {
	tradingName: string
	legalName: string
	/** The trading address, one line each (street, town, postcode last). */
	address: string[]
	phone: string
	email: string
	/** As the contact page and emails give them ('Monday-Saturday 9:00 AM to 5:00 PM'). */
	hours: string
	/** As the header gives them ('Mon-Sat, 9AM-5PM'). */
	hoursShort: string
	/** Empty when the business is not VAT-registered (then documents are receipts). */
	vatNumber: string
	companyNumber: string
	facebookUrl: string
}

const field = (label: string, max: number) =>
	safeText({ message: `${label} contains a control character` })
		.trim()
		.max(max, `${label} is longer than ${max} characters`)
const required = (label: string, max: number) => field(label, max).min(1, `${label} is required`)

/** One line per address line; 2 to 6 lines, the last one the postcode. */
const address = safeText({ allowLineBreaks: true, message: 'Address contains a control character' })
	.transform((v) =>
		v
			.split(/\r?\n/)
			.map((line) => line.trim())
			.filter(Boolean),
	)
	.refine(
		(lines) => lines.length >= 2 && lines.length <= 6,
		'Address needs 2 to 6 lines (street, town, postcode)',
	)
	.refine(
		(lines) => lines.every((line) => line.length <= 100),
		'Address has a line longer than 100 characters',
	)
	.refine(
		(lines) => UK_POSTCODE.test((lines.at(-1) ?? '').toUpperCase()),
		'Address must end with a UK postcode on its own line',
	)

/** The settings form (shared by the browser's check and the action): one message per field. */
export const BusinessDetailsSchema = z.object({
	tradingName: required('Trading name', 100),
	legalName: required('Legal name', 150),
	address,
	phone: required('Phone', 30).regex(
		/^\+?[\d ()-]{10,20}$/,
		'Phone must be a UK phone number (digits and spaces, e.g. 01463 123456)',
	),
	email: emailAddress('Email must be an email address like hello@example.co.uk'),
	hours: required('Opening hours', 100),
	hoursShort: required('Opening hours (short)', 40),
	vatNumber: field('VAT number', 20)
		.transform((v) => v.replace(/\s+/g, '').toUpperCase())
		.refine(
			(v) => v === '' || VAT_NUMBER_PATTERN.test(v),
			'VAT number must be GB followed by 9 digits (or 12 for a branch), e.g. GB123456789',
		),
	companyNumber: field('Company number', 8)
		.transform((v) => v.replace(/\s+/g, '').toUpperCase())
		.refine(
			(v) => v === '' || /^([A-Z]{2}\d{6}|\d{8})$/.test(v),
			'Company number must be 8 characters as Companies House gives it (e.g. SC123456)',
		),
	facebookUrl: field('Facebook link', 300).refine(
		(v) => v === '' || /^https:\/\/(www\.|m\.)?facebook\.com\/[\w.\-/]+$/.test(v),
		'Facebook link must be a https://www.facebook.com/… address',
	),
}) satisfies z.ZodType<BusinessDetails, Record<keyof BusinessDetails, string>>
