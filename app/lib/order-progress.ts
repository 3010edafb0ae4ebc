import { formatDate } from './dates'
import { formatPence } from './money'
import type { OrderStatus } from './order-status'
import { trackingFor } from './tracking'

/**
 * The customer's order page (issue 30 item 2): what happened to the order and what happens next,
 * in the customer's words. Staff-only things never reach it: who did what, notes typed by staff
 * (a note is an event that keeps the status), reminders and alerts.
 */

/** A status change as stored in order_events (ISO times). */
export type ProgressEvent = { at: string; from: OrderStatus | null; to: OrderStatus }
/** A payment link as stored: each one is a quote emailed with its total. */
export type ProgressLink = { createdAt: string; amountPence: number }

export type ProgressOrder = {
	status: OrderStatus
	totalCostPence: number | null
	quoteExpiresAt: string | null
	carrier: string | null
	trackingReference: string | null
	/** A payment link is active and the quote is still held: the Pay button shows. */
	payable: boolean
	/** Awaiting payment, but the held-until moment has passed. */
	quoteExpired: boolean
}

export type TimelineEntry = { at: string; title: string; detail: string | null }

function statusEntry(event: ProgressEvent, order: ProgressOrder): TimelineEntry | null {
	const { from, to } = event
	if (from === to) return null // a note, a reminder or a new quote (the links show quotes)
	if (from === 'cancelled') return { at: event.at, title: 'Order reinstated', detail: null }
	switch (to) {
		case 'pending':
			return from === null
				? { at: event.at, title: 'Order requested', detail: 'We received your order request.' }
				: { at: event.at, title: 'New quote asked for', detail: null }
		case 'delivery_confirmed':
			return { at: event.at, title: 'Delivery cost confirmed', detail: null }
		case 'payment_pending':
			return null // the quote itself is the link's entry
		case 'paid':
			return {
				at: event.at,
				title: 'Paid',
				detail:
					order.totalCostPence === null
						? null
						: `We received your payment of ${formatPence(order.totalCostPence)}.`,
			}
		case 'shipped':
			return { at: event.at, title: 'Dispatched', detail: shippedDetail(order) }
		case 'delivered':
			return { at: event.at, title: 'Delivered', detail: null }
		case 'cancelled':
			return from === 'paid'
				? {
						at: event.at,
						title: 'Cancelled and refunded',
						detail:
							order.totalCostPence === null
								? 'Your payment was refunded in full.'
								: `Your payment of ${formatPence(order.totalCostPence)} was refunded in full.`,
					}
				: { at: event.at, title: 'Cancelled', detail: null }
	}
}

function shippedDetail(order: ProgressOrder) {
	const tracking = trackingFor(order.carrier, order.trackingReference)
	const by = tracking.ownVan
		? 'In our own van.'
		: tracking.carrierName
			? `With ${tracking.carrierName}.`
			: null
	const ref = tracking.reference ? `Tracking reference ${tracking.reference}.` : null
	return [by, ref].filter(Boolean).join(' ') || null
}

/** Oldest first: the order's status changes and every quote (payment link) emailed. */
export function customerTimeline(
	events: ProgressEvent[],
	links: ProgressLink[],
	order: ProgressOrder,
	/** Requests and refunds after the sale (issue 30 items 6–8), already in customer words. */
	extra: TimelineEntry[] = [],
): TimelineEntry[] {
	const quotes = links.map((link, i): TimelineEntry => {
		const latest = i === links.length - 1
		const held =
			latest && order.quoteExpiresAt ? `, price held until ${formatDate(order.quoteExpiresAt)}` : ''
		return {
			at: link.createdAt,
			title: i === 0 ? 'Quoted and payment link sent' : 'New quote and payment link sent',
			detail: `Total ${formatPence(link.amountPence)} including delivery${held}.`,
		}
	})
	const changes = events.flatMap((event) => statusEntry(event, order) ?? [])
	return [...changes, ...quotes, ...extra].sort((a, b) => Date.parse(a.at) - Date.parse(b.at))
}

/** Where the order stands, in one sentence. */
export function nextStep(order: ProgressOrder, events: ProgressEvent[]): string {
	const last = (to: OrderStatus) => events.findLast((e) => e.to === to && e.from !== to)
	switch (order.status) {
		case 'pending':
			return 'We are working out your delivery cost — usually within one working day.'
		case 'delivery_confirmed':
			return 'We have confirmed your delivery cost and will email you a link to pay shortly.'
		case 'payment_pending': {
			const total = formatPence(order.totalCostPence ?? 0)
			if (order.quoteExpired && order.quoteExpiresAt)
				return `The price we quoted was held until ${formatDate(order.quoteExpiresAt)}: ask for a new quote and we will confirm the delivery cost again.`
			if (!order.payable) return 'We are preparing a new payment link and will email it to you.'
			return order.quoteExpiresAt
				? `Pay ${total} by ${formatDate(order.quoteExpiresAt)}.`
				: `Pay ${total} to confirm your order.`
		}
		case 'paid':
			return 'Paid, thank you — we are getting your order ready and will email you when it is on its way.'
		case 'shipped': {
			const tracking = trackingFor(order.carrier, order.trackingReference)
			if (tracking.ownVan) return 'On its way in our own van.'
			return tracking.carrierName ? `On its way with ${tracking.carrierName}.` : 'On its way.'
		}
		case 'delivered': {
			const delivered = last('delivered')
			return delivered ? `Delivered on ${formatDate(delivered.at)}.` : 'Delivered.'
		}
		case 'cancelled':
			return last('cancelled')?.from === 'paid'
				? 'This order was cancelled and your payment refunded in full.'
				: 'This order has been cancelled.'
	}
}
