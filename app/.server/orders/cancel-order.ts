import { and, desc, eq } from 'drizzle-orm'
import type { Tx } from '~/.server/db/client'
import { type OrderRow, type PaymentLink, paymentLinks } from '~/.server/db/schema'
import { issueCreditNote } from '~/.server/documents/issue'
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
import { type AdminResult, MESSAGES, type Target } from './admin-actions'
import { type ActionDeps, nowOf } from './deps'
import { appendNote, type Change, transition } from './lifecycle'
import { quoteTerms, scheduleQuoteFollowUp } from './quote-follow-up'

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
		byCustomer ? customerCancelledEmail(order, deps.businessEmail, deps.siteUrl) : []
	const result = await transition(deps.db, target, async (order, tx): Promise<Change> => {
		if (order.status === 'cancelled') return { refuse: 'This order is already cancelled.' }
		if (order.status === 'shipped' || order.status === 'delivered')
			return {
				refuse:
					'This order has been dispatched, so it cannot be cancelled here. Arrange a return, then refund the customer through the payment provider.',
			}
		if (order.status === 'paid') {
			const refund = await refundPaidLink(deps, tx, order)
			if ('refuse' in refund) return refund
			refunded = true
			const next = { adminNotes: appendNote(order.adminNotes, line) }
			const creditNote = await issueCreditNote(tx, order.id, {
				amountPence: refund.amountPence,
				reason: 'Order cancelled: full refund',
				at: nowOf(deps),
			})
			return {
				to: 'cancelled',
				patch: next,
				note: `Cancelled; refunded ${formatPence(refund.amountPence)} in full (${refund.refundId})${creditNote ? `; credit note ${creditNote.number} issued` : ''}`,
				emails: [
					...attachDocument(refundedEmail({ ...order, ...next }, refund.amountPence), creditNote, [
						'order-refunded',
					]),
					...tellStaff(order),
				],
			}
		}
		revoked = await revokeActiveLinks(tx, order.id)
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

/** Refunds the card payment that paid this order (inside the caller's transaction). */
async function refundPaidLink(
	deps: ActionDeps,
	tx: Tx,
	order: OrderRow,
): Promise<{ refundId: string; amountPence: number } | Extract<Change, { refuse: string }>> {
	const [paid] = await tx
		.select()
		.from(paymentLinks)
		.where(and(eq(paymentLinks.orderId, order.id), eq(paymentLinks.status, 'paid')))
		.orderBy(desc(paymentLinks.closedAt))
		.limit(1)
	if (!paid?.providerPaymentId)
		return {
			refuse:
				'This order was marked as paid outside the shop, so it cannot be refunded here. Refund the customer the way they paid, then record it in the notes.',
		}
	if (paid.provider !== deps.provider.name)
		return {
			refuse: `This order was paid through the ${paid.provider} provider, which this shop is no longer using. Refund it there.`,
		}
	try {
		const refundId = await deps.provider.refund({
			providerPaymentId: paid.providerPaymentId,
			amountPence: paid.amountPence,
		})
		await tx.update(paymentLinks).set({ status: 'refunded' }).where(eq(paymentLinks.id, paid.id))
		return { refundId, amountPence: paid.amountPence }
	} catch (error) {
		return {
			refuse: `The refund failed, so the order was not cancelled: ${(error as Error).message || 'the payment provider did not answer'}`,
		}
	}
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
