import type { Tx } from '~/.server/db/client'
import type { OrderRow, PaymentLink } from '~/.server/db/schema'
import { attachDocument } from '~/.server/email/attach-document'
import { customerCancelledEmail } from '~/.server/email/cancel-emails'
import {
	cancelledEmail,
	quoteEmail,
	refundedEmail,
	reinstatedEmail,
} from '~/.server/email/order-status-emails'
import { cleanUpAtProvider, issuePaymentLink, revokeActiveLinks } from '~/.server/payments/links'
import { PaymentLinkError } from '~/.server/payments/provider'
import { formatPence } from '~/lib/money'
import { isDispatched } from '~/lib/order-status'
import { openRequest } from '../after-sale/request-records'
import type { ActionDeps } from '../lifecycle/deps'
import { appendNote, type Change, transition } from '../lifecycle/lifecycle'
import { refundBalance, takeRefund } from '../payments/refund'
import { quoteTerms, scheduleQuoteFollowUp } from '../quotes/quote-follow-up'
import { type AdminResult, MESSAGES, type Target } from './admin-actions'

/**
 * Cancels an order (the spec's confirmation happens in the modal). A paid order is refunded in
 * full through the provider first, with the order locked; if the refund fails nothing changes.
 */
export async function cancelOrder(deps: ActionDeps, target: Target): Promise<AdminResult> {
	let revoked: PaymentLink[] = []
	let refunded = false
	// The customer cancels from their order page (before dispatch); staff are told.
	const byCustomer = target.actor.kind === 'customer'
	const line = byCustomer ? 'Order cancelled by the customer.' : 'Order cancelled by admin.'
	const tellStaff = (order: OrderRow) =>
		byCustomer ? customerCancelledEmail(order, deps.siteUrl) : []
	const result = await transition(deps.db, target, async (order, tx): Promise<Change> => {
		if (order.status === 'cancelled') return { refuse: 'This order is already cancelled.' }
		if (isDispatched(order.status))
			return {
				refuse:
					'This order has been dispatched, so it cannot be cancelled here. Arrange a return, then refund the customer through the payment provider.',
			}
		if (order.status === 'paid') {
			const refund = await refundRest(deps, tx, order, target)
			if (refund && 'refuse' in refund) return refund
			refunded = true
			const next = { adminNotes: appendNote(order.adminNotes, line) }
			const amount = refund?.refund.amountPence ?? 0
			if (byCustomer) await recordCancellation(tx, order.id, amount)
			return {
				to: 'cancelled',
				patch: next,
				note: refund
					? `Cancelled; refunded ${formatPence(amount)}${amount === order.totalCostPence ? ' in full' : ''} (${refund.refund.providerRefundId})${refund.refund.creditNote ? `; credit note ${refund.refund.creditNote} issued` : ''}`
					: 'Cancelled; the payment had already been refunded in full',
				emails: [
					...attachDocument(
						refundedEmail({ ...order, ...next }, amount),
						refund?.refund.creditNote ? { number: refund.refund.creditNote } : undefined,
						['order-refunded'],
					),
					...tellStaff(order),
				],
			}
		}
		revoked = await revokeActiveLinks(tx, order.id)
		if (byCustomer) await recordCancellation(tx, order.id, 0)
		const next = {
			adminNotes: appendNote(order.adminNotes, line),
			paymentLink: null,
			paymentLinkId: null,
			paymentLinkActive: false,
		}
		return {
			to: 'cancelled',
			patch: next,
			note: revoked.length ? 'Cancelled; payment link deactivated' : 'Cancelled',
			emails: [...cancelledEmail({ ...order, ...next }), ...tellStaff(order)],
		}
	})
	if (!result.ok) return result
	if (refunded)
		return { ok: true, order: result.order, tone: 'success', message: MESSAGES.cancelledRefunded }
	if (revoked.length === 0)
		return { ok: true, order: result.order, tone: 'success', message: MESSAGES.cancelled }
	const cleanupError = await cleanUpAtProvider(deps.provider, revoked)
	return cleanupError
		? { ok: true, order: result.order, tone: 'warning', message: MESSAGES.cancelledLinkFailed }
		: { ok: true, order: result.order, tone: 'success', message: MESSAGES.cancelledWithLink }
}

/** The customer's own cancellation joins the Requests inbox, already resolved (issue 30 item 8). */
async function recordCancellation(tx: Tx, orderId: string, refundedPence: number) {
	await openRequest(tx, {
		orderId,
		kind: 'cancellation',
		status: 'resolved',
		outcome: refundedPence ? 'refund' : null,
		refundedPence: refundedPence || null,
		resolvedAt: new Date(),
	})
}

/**
 * Refunds what is left of the card payment (all of it, unless part went back earlier), keyed by
 * the payment so a retried cancellation never refunds twice; null when nothing is left.
 */
async function refundRest(deps: ActionDeps, tx: Tx, order: OrderRow, target: Target) {
	const { payment, leftPence, refundedPence } = await refundBalance(tx, order.id)
	if (payment?.providerPaymentId && leftPence === 0) return null
	const result = await takeRefund(deps, tx, order, target.actor, {
		amountPence: leftPence,
		reason: refundedPence ? 'Order cancelled: refund of the rest' : 'Order cancelled: full refund',
		idempotencyKey: `cancel-${payment?.providerPaymentId ?? 'none'}`,
	})
	if ('refuse' in result)
		return { refuse: `The refund failed, so the order was not cancelled: ${result.refuse}` }
	return result
}

/** Back to payment_pending with a fresh link when a delivery cost exists, otherwise to pending. */
export async function uncancelOrder(deps: ActionDeps, target: Target): Promise<AdminResult> {
	const terms = await quoteTerms(deps)
	const quoteExpiresAt = terms.expiresAt
	const result = await transition(deps.db, target, async (order, tx): Promise<Change> => {
		if (order.status !== 'cancelled')
			return { refuse: 'Only a cancelled order can be uncancelled.' }
		const adminNotes = appendNote(order.adminNotes, 'Order uncancelled by admin.')
		if (order.deliveryCostPence === null || order.totalCostPence === null) {
			return {
				to: 'pending',
				patch: { adminNotes },
				note: 'Uncancelled',
				emails: reinstatedEmail(order),
			}
		}
		try {
			const link = await issuePaymentLink(tx, deps.provider, order, order.totalCostPence)
			await scheduleQuoteFollowUp(tx, terms, { orderId: order.id, linkId: link.paymentLinkId })
			return {
				to: 'payment_pending',
				patch: { adminNotes, quoteExpiresAt, ...link },
				note: 'Uncancelled; new payment link sent',
				emails: quoteEmail({ ...order, adminNotes, quoteExpiresAt, ...link }, false),
			}
		} catch (error) {
			if (!(error instanceof PaymentLinkError)) throw error
			return {
				to: 'delivery_confirmed',
				patch: { adminNotes },
				note: `Uncancelled; the payment link could not be created: ${error.message}`,
			}
		}
	})
	if (!result.ok) return result
	return {
		ok: true,
		order: result.order,
		tone: result.order.status === 'delivery_confirmed' ? 'warning' : 'success',
		message:
			result.order.status === 'delivery_confirmed'
				? MESSAGES.linkFailed
				: MESSAGES.uncancelled(result.order.status),
	}
}
