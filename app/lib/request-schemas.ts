import { z } from 'zod'
import { rowVersion, wholeNumber } from '~/lib/whole-number'
import { poundsField } from './admin-order-schemas'
import {
	PROBLEM_KINDS,
	REQUEST_OUTCOMES,
	REQUEST_STATUSES,
	type RequestOutcome,
} from './order-requests'
import { safeText } from './text-safety'

/** The forms of the after-sale side (issue 30 items 6–8), shared by the pages and their actions. */

const words = (max: number, message: string) =>
	safeText({ allowLineBreaks: true })
		.trim()
		.max(max, `${message} (under ${max.toLocaleString('en-GB')} characters)`)

/** 'Return items': how many of each order line come back (`qty-<line>` fields), and why. */
export const ReturnRequestSchema = z.object({
	quantities: z.array(wholeNumber('Please enter a number', { max: 999 })).max(200),
	details: words(1000, 'Please keep the reason short').default(''),
})

/** The posted form as ReturnRequestSchema reads it: `qty-0`, `qty-1`… become one list. */
export function returnFormValues(values: Record<string, string>) {
	const quantities: string[] = []
	for (const [name, value] of Object.entries(values)) {
		const match = /^qty-(\d{1,3})$/.exec(name)
		if (match) quantities[Number(match[1])] = value || '0'
	}
	return { details: values.details ?? '', quantities: Array.from(quantities, (q) => q ?? '0') }
}

export const ProblemReportSchema = z.object({
	problem: z.enum(PROBLEM_KINDS, { error: 'Please choose what went wrong' }),
	details: words(2000, 'Please keep the description shorter').min(
		10,
		'Please describe the problem in a few words',
	),
})

/** Staff's update of a request: where it stands, the outcome once resolved, and notes. */
export const RequestUpdateSchema = z
	.object({
		version: rowVersion(),
		status: z.enum(REQUEST_STATUSES, { error: 'Please choose a status' }),
		outcome: z
			.enum(['', ...REQUEST_OUTCOMES], { error: 'Please choose an outcome' })
			.default('')
			.transform((v) => (v === '' ? null : (v as RequestOutcome))),
		outcomeNote: words(500, 'Please keep the note to the customer short').default(''),
		staffNotes: words(2000, 'Please keep the notes shorter').default(''),
	})
	.superRefine((value, ctx) => {
		if (value.status === 'resolved' && !value.outcome)
			ctx.addIssue({
				code: 'custom',
				path: ['outcome'],
				message: 'Please choose the outcome before resolving',
			})
		if (value.outcome === 'declined' && !value.outcomeNote)
			ctx.addIssue({
				code: 'custom',
				path: ['outcomeNote'],
				message: 'Please give the customer the reason it was declined',
			})
	})

/** A refund from the admin order view or a request: amount, reason, and the form's own key. */
export const RefundSchema = z.object({
	amount: poundsField('Please enter the amount in pounds, for example 24.99').refine(
		(pence) => pence > 0,
		'Please enter an amount to refund',
	),
	reason: safeText()
		.trim()
		.min(1, 'Please give a reason (it is printed on the credit note)')
		.max(200, 'Please keep the reason under 200 characters'),
	refundKey: safeText().regex(/^[A-Za-z0-9_-]{16,64}$/, 'Please reload the page and try again'),
})
