import { sellerFor } from '~/.server/business/details'
import type { OrderRow, PaymentLink } from '~/.server/db/schema'
import { issueInvoice } from '~/.server/documents/issue'
import { attachDocument } from '~/.server/email/attach-document'
import { deliveredEmail, paidEmails, shippedEmail } from '~/.server/email/order-status-emails'
import { cleanUpAtProvider, revokeActiveLinks } from '~/.server/payments/links'
import { canMarkPaid, type OrderStatus } from '~/lib/order-status'
import { type ActionDeps, nowOf } from '../lifecycle/deps'
import { type Actor, type Change, type TransitionResult, transition } from '../lifecycle/lifecycle'

/**
 * What staff do to an order (spec sections 2, 4 and 8 Admin; DESIGN decision 5). Each function is
 * one lifecycle transition (pricing: set-delivery-cost.ts; cancelling: cancel-order.ts); the messages are the spec's. Routes and the JSON API call these.
 */

export type AdminResult =
	| {
			ok: true
			message: string
			order: OrderRow
			/** 'warning': the change was saved but something around it failed (spec's partial messages). */
			tone: 'success' | 'warning'
	  }
	| Extract<TransitionResult, { ok: false }>

export type Target = {
	orderId: string
	actor: Actor
	expectedVersion?: number
	/** The most this person may refund (staff, issue 60); none for the owner and the shop itself. */
	refundLimitPence?: number
}

export const MESSAGES = {
	costSet: 'Delivery cost set and payment link created successfully',
	costUpdated: 'Order updated and new payment link created successfully',
	linkFailed: 'Delivery cost updated but there was an error creating the payment link',
	linkIssue: (detail: string) => `Payment link created but there was an issue: ${detail}`,
	confirmUpdate:
		'This order already has an active payment link. Confirm the price update to replace it.',
	cancelledWithLink: 'Order has been cancelled and payment link deactivated',
	cancelled: 'Order has been cancelled',
	cancelledLinkFailed: 'Order cancelled but failed to deactivate payment link',
	cancelledRefunded: 'Order has been cancelled and the payment refunded in full',
	uncancelled: (status: OrderStatus) => `Order has been uncancelled and set to ${status}`,
} as const

/** An offline payment (bank transfer, card over the phone): the open link is revoked. */
export async function markPaid(
	deps: ActionDeps,
	target: Target,
	input: { note: string },
): Promise<AdminResult> {
	let revoked: PaymentLink[] = []
	const result = await transition(deps.db, target, async (order, tx): Promise<Change> => {
		if (!canMarkPaid(order.status)) return { refuse: refusal(order, 'marked as paid') }
		revoked = await revokeActiveLinks(tx, order.id)
		const next = { paymentLinkActive: false }
		const invoice = await issueInvoice(tx, order, await sellerFor(tx, deps.vatNumber), nowOf(deps))
		return {
			to: 'paid',
			patch: next,
			note: `Marked as paid offline${input.note ? `: ${input.note}` : ''}; ${invoice.content.title.toLowerCase()} ${invoice.number} issued`,
			emails: attachDocument(paidEmails({ ...order, ...next }, deps.siteUrl), invoice, [
				'order-paid',
			]),
		}
	})
	if (!result.ok) return result
	await cleanUpAtProvider(deps.provider, revoked)
	return { ok: true, order: result.order, tone: 'success', message: 'Order marked as paid' }
}

export async function markShipped(
	deps: ActionDeps,
	target: Target,
	input: { carrier: string; trackingReference: string },
): Promise<AdminResult> {
	const result = await transition(deps.db, target, (order): Change => {
		if (order.status !== 'paid') return { refuse: refusal(order, 'marked as shipped') }
		const patch = {
			carrier: input.carrier || null,
			trackingReference: input.trackingReference || null,
		}
		const tracking = [input.carrier, input.trackingReference].filter(Boolean).join(' ')
		return {
			to: 'shipped',
			patch,
			note: tracking ? `Shipped: ${tracking}` : 'Shipped',
			emails: shippedEmail({ ...order, ...patch }),
		}
	})
	if (!result.ok) return result
	return { ok: true, order: result.order, tone: 'success', message: 'Order marked as shipped' }
}

export async function markDelivered(deps: ActionDeps, target: Target): Promise<AdminResult> {
	const result = await transition(deps.db, target, (order): Change => {
		if (order.status !== 'shipped') return { refuse: refusal(order, 'marked as delivered') }
		return { to: 'delivered', note: 'Delivered', emails: deliveredEmail(order) }
	})
	if (!result.ok) return result
	return { ok: true, order: result.order, tone: 'success', message: 'Order marked as delivered' }
}

/** Revokes the order's active link without changing its price (spec: deactivatePaymentLink). */
export async function deactivatePaymentLink(
	deps: ActionDeps,
	target: Target,
	paymentLinkId: string,
): Promise<AdminResult> {
	let revoked: PaymentLink[] = []
	const result = await transition(deps.db, target, async (order, tx): Promise<Change> => {
		if (order.paymentLinkId !== paymentLinkId || !order.paymentLinkActive)
			return { refuse: 'That payment link is not active on this order.', status: 'NOT_FOUND' }
		revoked = await revokeActiveLinks(tx, order.id)
		return {
			to: order.status,
			patch: { paymentLinkActive: false },
			note: 'Payment link deactivated',
		}
	})
	if (!result.ok) return result
	const cleanupError = await cleanUpAtProvider(deps.provider, revoked)
	return cleanupError
		? { ok: true, order: result.order, tone: 'warning', message: cleanupError }
		: { ok: true, order: result.order, tone: 'success', message: 'Payment link deactivated' }
}

export function refusal(order: OrderRow, what: string) {
	return `This order is ${order.status.replace('_', ' ')}, so it cannot be ${what}.`
}

/**
 * A staff note on the timeline, at any status (issue 34 item 4): the note-only change of
 * `transition()`, so the order itself (and its version) stays as it was.
 */
export async function addNote(
	deps: ActionDeps,
	target: Omit<Target, 'expectedVersion'>,
	note: string,
): Promise<AdminResult> {
	const result = await transition(deps.db, target, () => ({ note }))
	if (!result.ok) return result
	return { ok: true, order: result.order, tone: 'success', message: 'Note added' }
}
