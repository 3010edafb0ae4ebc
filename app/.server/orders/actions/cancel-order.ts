import { eq } from 'drizzle-orm'
import type { Db, Tx } from '~/.server/db/client'
import { type OrderRow, orders, type PaymentLink } from '~/.server/db/schema'
import { customerCancelledEmail } from '~/.server/email/cancel-emails'
import { cancelledEmail, quoteEmail, reinstatedEmail } from '~/.server/email/order-status-emails'
import { cleanUpAtProvider, issuePaymentLink, revokeActiveLinks } from '~/.server/payments/links'
import { PaymentLinkError } from '~/.server/payments/provider'
import { isDispatched } from '~/lib/order-status'
import { openRequest } from '../after-sale/request-records'
import type { ActionDeps } from '../lifecycle/deps'
import {
	appendNote,
	type Change,
	type Refusal,
	STALE_VERSION_MESSAGE,
	transition,
} from '../lifecycle/lifecycle'
import { refundBalance } from '../payments/refund'
import { runRefund, type StepDeps } from '../payments/refund-steps'
import { quoteTerms, scheduleQuoteFollowUp } from '../quotes/quote-follow-up'
import { type AdminResult, MESSAGES, type Target } from './admin-actions'
import { refundFinishers } from './refund-finish'

/**
 * Cancels an order (the spec's confirmation happens in the modal). A paid order is refunded in
 * full through the provider by the refund steps (refund-steps.ts): the order is cancelled when the
 * refund is recorded, and if the provider refuses nothing changes.
 */
export async function cancelOrder(deps: StepDeps, target: Target): Promise<AdminResult> {
	const balance = await refundToMake(deps.db, target.orderId)
	if (balance) return cancelWithRefund(deps, target, balance)
	let revoked: PaymentLink[] = []
	const byCustomer = target.actor.kind === 'customer'
	const line = byCustomer ? 'Order cancelled by the customer.' : 'Order cancelled by admin.'
	const tellStaff = (order: OrderRow) =>
		byCustomer ? customerCancelledEmail(order, deps.siteUrl) : []
	const result = await transition(deps.db, target, async (order, tx): Promise<Change> => {
		const refusal = cancelRefusal(order)
		if (refusal) return refusal
		if (order.status === 'paid') {
			// Paid since it was read above: cancel again, so it is refunded.
			if (await refundToMake(tx, order.id))
				return { refuse: 'This order was paid a moment ago. Please try again.' }
			if (byCustomer) await recordCancellation(tx, order.id)
			return {
				to: 'cancelled',
				patch: { adminNotes: appendNote(order.adminNotes, line) },
				note: 'Cancelled; the payment had already been refunded in full',
				emails: tellStaff(order),
			}
		}
		revoked = await revokeActiveLinks(tx, order.id)
		if (byCustomer) await recordCancellation(tx, order.id)
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
	if (result.from === 'paid')
		return { ok: true, order: result.order, tone: 'success', message: MESSAGES.cancelledRefunded }
	if (revoked.length === 0)
		return { ok: true, order: result.order, tone: 'success', message: MESSAGES.cancelled }
	const cleanupError = await cleanUpAtProvider(deps.provider, revoked)
	return cleanupError
		? { ok: true, order: result.order, tone: 'warning', message: MESSAGES.cancelledLinkFailed }
		: { ok: true, order: result.order, tone: 'success', message: MESSAGES.cancelledWithLink }
}

function cancelRefusal(order: OrderRow): Refusal | null {
	if (order.status === 'cancelled') return { refuse: 'This order is already cancelled.' }
	if (isDispatched(order.status))
		return {
			refuse:
				'This order has been dispatched, so it cannot be cancelled here. Arrange a return, then refund the customer through the payment provider.',
		}
	return null
}

/**
 * Refunds what is left of the card payment (all of it, unless part went back earlier), keyed by
 * the payment so a retried cancellation continues the same refund and never makes a second.
 */
async function cancelWithRefund(
	deps: StepDeps,
	target: Target,
	balance: RefundBalance,
): Promise<AdminResult> {
	const key = `cancel-${balance.payment?.providerPaymentId ?? 'none'}`
	const result = await runRefund(deps, target, refundFinishers(deps), key, async (order, tx) => {
		const refusal = cancelRefusal(order)
		if (refusal) return refusal
		const { refundedPence, leftPence } = await refundBalance(tx, order.id)
		return {
			kind: 'cancel',
			amountPence: leftPence,
			reason: refundedPence
				? 'Order cancelled: refund of the rest'
				: 'Order cancelled: full refund',
		}
	})
	if (!result.ok) {
		const { refused, ...failure } = result
		// Refused for the order's state (already cancelled, dispatched, changed): said as it is;
		// the refund itself refused (the provider, a payment made outside the shop): said so.
		const asItIs =
			!refused &&
			(!failure.current ||
				failure.message === STALE_VERSION_MESSAGE ||
				cancelRefusal(failure.current)?.refuse === failure.message)
		return asItIs
			? failure
			: {
					...failure,
					message: `The refund failed, so the order was not cancelled: ${failure.message}`,
				}
	}
	if (result.repeated)
		return { ok: false, status: 'ABORTED', message: 'This order is already cancelled.' }
	return { ok: true, order: result.order, tone: 'success', message: MESSAGES.cancelledRefunded }
}

type RefundBalance = Awaited<ReturnType<typeof refundBalance>>

/** A paid order's balance when cancelling it must refund (card money left, or paid outside). */
async function refundToMake(db: Db | Tx, orderId: string): Promise<RefundBalance | null> {
	const [order] = await db
		.select({ status: orders.status })
		.from(orders)
		.where(eq(orders.id, orderId))
	if (order?.status !== 'paid') return null
	const balance = await refundBalance(db, orderId)
	return balance.payment?.providerPaymentId && balance.leftPence === 0 ? null : balance
}

/** The customer's own cancellation of an unpaid order joins the Requests inbox, resolved. */
async function recordCancellation(tx: Tx, orderId: string) {
	await openRequest(tx, {
		orderId,
		kind: 'cancellation',
		status: 'resolved',
		outcome: null,
		refundedPence: null,
		resolvedAt: new Date(),
	})
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
