import { z } from 'zod'
import { safeText } from '~/lib/text-safety'
import { parsePriceText } from './money'
import { ORDER_STATUSES } from './order-status'
import { rowVersion, wholeNumber } from './whole-number'

/** Spec section 5 and 8 Admin: the order modal's forms, shared by the browser and the actions. */
export const INVALID_DELIVERY_COST = 'Please enter a valid delivery cost'

const version = rowVersion()

/** '12.50', '£12.50', '0' → pence; empty, non-numeric or negative → `message`. */
export const poundsField = (message: string) =>
	safeText()
		.trim()
		.transform((text, ctx) => {
			const pence = text === '' ? null : parsePriceText(text)
			if (pence === null) {
				ctx.addIssue({ code: 'custom', message })
				return z.NEVER
			}
			return pence
		})

/** The delivery cost, with the spec's message. */
export const poundsToPence = poundsField(INVALID_DELIVERY_COST)

const text = (max: number, { allowLineBreaks = false } = {}) =>
	safeText({ allowLineBreaks })
		.trim()
		.max(max, `Please keep this under ${max} characters`)
		.default('')

export const DeliveryCostSchema = z.object({
	version,
	deliveryCost: poundsToPence,
	adminNotes: text(2000, { allowLineBreaks: true }),
	/** The suggestion shown beside the field, recorded on the timeline with the price charged. */
	suggestion: safeText({ allowLineBreaks: true }).trim().max(300).default(''),
	/** Set by the 'Confirm Price Update' dialog when a link is already active. */
	confirmReplace: z
		.literal('yes')
		.optional()
		.transform((v) => v === 'yes'),
})

export const VersionOnlySchema = z.object({ version })

export const MarkPaidSchema = z.object({ version, note: text(300) })

/** How the admin settled a payment that arrived on an inactive link (refund reference, …). */
export const ResolvePaymentAlertSchema = z.object({ version, note: text(300) })

/** A note on the order's timeline, at any status (issue 34 item 4). */
export const NOTE_MAX = 1000
export const AddNoteSchema = z.object({
	note: safeText({ allowLineBreaks: true })
		.trim()
		.min(1, 'Please write a note')
		.max(NOTE_MAX, `Please keep the note under ${NOTE_MAX.toLocaleString('en-GB')} characters`),
})

export const MarkShippedSchema = z.object({
	version,
	carrier: text(60),
	trackingReference: text(60),
})

/** The intents the order modal posts; each has its schema above. */
export const ORDER_INTENTS = [
	'set-delivery-cost',
	'cancel',
	'uncancel',
	'mark-paid',
	'mark-shipped',
	'mark-delivered',
	'check-payment',
	'resolve-payment-alert',
	'add-note',
	'refund',
] as const
export type OrderIntent = (typeof ORDER_INTENTS)[number]

/** Filter dates outside these years are typing mistakes; PostgreSQL's timestamps end at 294276. */
export const FILTER_YEARS = { first: 2000, last: 2100 } as const
/** £10 million: above any order, and well inside the integer pence columns (a larger one was a 500). */
export const MAX_FILTER_PENCE = 1_000_000_000

/** A real calendar day (no 2026-02-30, no 9999-99-99) in FILTER_YEARS. */
export function isFilterDate(value: string) {
	const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
	if (!match) return false
	const year = Number(match[1])
	if (year < FILTER_YEARS.first || year > FILTER_YEARS.last) return false
	const day = new Date(Date.UTC(year, Number(match[2]) - 1, Number(match[3])))
	return day.toISOString().slice(0, 10) === value
}

const optionalDate = safeText().trim().refine(isFilterDate).optional().catch(undefined)
const optionalAmount = safeText()
	.trim()
	.optional()
	.transform((v) => {
		const pence = v ? parsePriceText(v) : null
		return pence === null ? null : Math.min(pence, MAX_FILTER_PENCE)
	})
	.catch(null)

/**
 * The dashboard's filters, read from the URL (they live there so a view can be bookmarked).
 * A malformed value is ignored rather than an error: it is a search box, not a form to fix.
 */
export const OrderFiltersSchema = z.object({
	orderId: safeText().trim().max(40).optional().catch(undefined),
	/** A status, or 'expired': awaiting payment on a quote past its held-until date. */
	status: z
		.enum([...ORDER_STATUSES, 'expired'])
		.optional()
		.catch(undefined),
	name: safeText().trim().max(100).optional().catch(undefined),
	min: optionalAmount,
	max: optionalAmount,
	from: optionalDate,
	to: optionalDate,
	page: wholeNumber('Not a page', { min: 1, max: 10_000 }).catch(1).default(1),
	/** The filter panel stays open after Apply and Reset (someone filtering is not done yet). */
	panel: z.literal('open').optional().catch(undefined),
})
export type OrderFilters = z.infer<typeof OrderFiltersSchema>

export function parseOrderFilters(params: URLSearchParams): OrderFilters {
	return OrderFiltersSchema.parse(
		Object.fromEntries([...params].filter(([, value]) => value !== '')),
	)
}

/** POST /api/createPaymentLink: the server computes the total itself from either amount. */
const amountInPounds = z
	.number({ error: 'Amounts must be numbers in pounds' })
	.min(0, 'Amounts cannot be negative')
	.max(1_000_000)
	.refine(
		(v) => Number.isInteger(Math.round(v * 100)) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6,
		{
			message: 'Amounts have at most two decimal places',
		},
	)

export const CreatePaymentLinkSchema = z
	.object({
		orderId: safeText().trim().min(1).max(40),
		totalCost: amountInPounds.optional(),
		deliveryCost: amountInPounds.optional(),
	})
	.refine((v) => (v.totalCost === undefined) !== (v.deliveryCost === undefined), {
		message: 'Send either totalCost or deliveryCost',
	})

export const DeactivatePaymentLinkSchema = z.object({
	orderId: safeText().trim().min(1).max(40),
	paymentLinkId: safeText().trim().min(1).max(100),
})

/** A row of the dashboard's order list. */
export type AdminOrderRow = {
	id: string
	status: string
	createdAt: string
	updatedAt: string
	customer: string
	subtotalPence: number
	deliveryCostPence: number | null
	totalCostPence: number | null
	/** 'Quote expired', or how long an overdue request has waited; null when all is well. */
	alert?: string | null
}
