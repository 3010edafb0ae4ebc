import { z } from 'zod'
import { poundsField } from '~/lib/admin-order-schemas'
import { londonDate } from '~/lib/london-time'
import { safeText } from '~/lib/text-safety'
import { rowVersion, wholeNumber } from '~/lib/whole-number'
import { DEFAULT_DAYS_TO_PAY } from './stage-payments'

/**
 * The Payments section's forms (decision 0038), one schema each, shared by the pages and their
 * actions: staff mark a stage reached, record a bank transfer, settle a cancellation; the
 * customer cancels within the 14 days.
 */
const stageId = wholeNumber('Choose a stage.', { min: 1 })

export const StageReachedSchema = z.object({
	stageId,
	days: wholeNumber('Give between 1 and 90 days to pay.', { min: 1, max: 90 }).default(
		DEFAULT_DAYS_TO_PAY,
	),
	version: rowVersion(),
})

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/

export const BankTransferSchema = z.object({
	stageId,
	reference: safeText()
		.trim()
		.min(1, 'Enter the reference the payment came with.')
		.max(60, 'Please keep the reference under 60 characters.'),
	paidOn: safeText()
		.trim()
		.regex(ISO_DATE, 'Enter the date the money arrived.')
		.refine((d) => !Number.isNaN(Date.parse(d)), 'Enter the date the money arrived.')
		// UK dates compare as text; the money cannot have arrived tomorrow.
		.refine((d) => d <= londonDate(new Date()), 'The date cannot be in the future.')
		.refine((d) => d >= '2020-01-01', 'Enter the date the money arrived.'),
	version: rowVersion(),
})

export const SettleCancellationSchema = z.object({
	workDone: poundsField('Enter the value of the work done in pounds, such as 350.00 (or 0).'),
	version: rowVersion(),
})

export const CancelBuildSchema = z.object({
	confirm: z.literal('yes', { error: 'Tick the box to confirm you want to cancel.' }),
	reason: safeText({ allowLineBreaks: true })
		.trim()
		.max(500, 'Please keep the reason under 500 characters.')
		.default(''),
})
