import { z } from 'zod'
import { safeText } from '~/lib/text-safety'

/** The books' settings (saved at /admin/money): when the VAT quarters start, and the sales account. */
export type BooksSettings = { quarterStartMonth: number; salesAccountCode: string }

/** Quarters from January, and the sales account most UK charts of accounts number 4000. */
export const DEFAULT_BOOKS_SETTINGS: BooksSettings = {
	quarterStartMonth: 1,
	salesAccountCode: '4000',
}

export const QUARTER_START_MESSAGE = 'The quarter start month must be a whole number from 1 to 12.'

/** A month 1–12 as text from a form or a query string. */
export const QuarterStartMonth = safeText()
	.trim()
	.regex(/^\d{1,2}$/, QUARTER_START_MESSAGE)
	.transform(Number)
	.refine((n) => n >= 1 && n <= 12, QUARTER_START_MESSAGE)

/** The settings form (one schema, client and server). */
export const BooksSettingsSchema = z.object({
	quarterStartMonth: QuarterStartMonth,
	salesAccountCode: safeText()
		.trim()
		.regex(
			/^[A-Za-z0-9][A-Za-z0-9 ./-]{0,19}$/,
			'Enter the account code as your accounts software shows it: letters and digits, up to 20.',
		),
})

/** The form that closes a VAT period: the period's first and last UK dates. */
export const ClosePeriodSchema = z.object({
	from: z.iso.date('Choose the period again: its first day is not a date.'),
	to: z.iso.date('Choose the period again: its last day is not a date.'),
})
