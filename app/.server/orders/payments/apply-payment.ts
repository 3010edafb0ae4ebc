import { eq } from 'drizzle-orm'
import { sellerFor } from '~/.server/business/details'
import { paymentLinks } from '~/.server/db/schema'
import { issueInvoice } from '~/.server/documents/issue'
import { attachDocument } from '~/.server/email/attach-document'
import { paidEmails } from '~/.server/email/order-status-emails'
import { linkState, markLinkPaid, takesPayment } from '~/.server/payments/links'
import { formatPence } from '~/lib/money'
import { nowOf, type OrderDeps } from '../lifecycle/deps'
import { type Change, type TransitionResult, transition } from '../lifecycle/lifecycle'

export const QUOTE_EXPIRED =
	'This quote has expired, so it can no longer be paid. We will confirm a fresh price with you.'

export const LINK_NOT_ACTIVE =
	'This payment link is no longer active. Please use the most recent link we emailed you, or contact us.'

/**
 * A verified payment on one of our links: the one path from any provider (the test provider's
 * Pay button now, Stripe's webhook later) to a paid order. It is applied exactly once: the link
 * row is locked with the order, and a payment for a revoked or already-paid link changes nothing.
 */
export async function applyPayment(
	deps: Pick<OrderDeps, 'db' | 'siteUrl' | 'now' | 'vatNumber'>,
	payment: { linkId: string; amountPence: number; provider: string; providerPaymentId: string },
): Promise<TransitionResult> {
	const [link] = await deps.db
		.select({ orderId: paymentLinks.orderId })
		.from(paymentLinks)
		.where(eq(paymentLinks.id, payment.linkId))
	// A build stage's link is applied by the builds area (decision 0038), never to an order.
	if (!link?.orderId) return { ok: false, status: 'NOT_FOUND', message: 'Payment link not found.' }
	return transition(
		deps.db,
		{ orderId: link.orderId, actor: { kind: 'provider', id: payment.provider } },
		async (order, tx): Promise<Change> => {
			const [current] = await tx
				.select()
				.from(paymentLinks)
				.where(eq(paymentLinks.id, payment.linkId))
				.for('update')
			if (current?.status === 'paid' && current.providerPaymentId === payment.providerPaymentId)
				return { refuse: 'This payment has already been recorded.', code: 'already_applied' }
			// No checkout is opened here, so a quote in its last minutes still takes the payment.
			const state = current ? linkState(current, order, nowOf(deps), 0) : 'inactive'
			if (state === 'expired') return { refuse: QUOTE_EXPIRED }
			if (!current || !takesPayment(state)) return { refuse: LINK_NOT_ACTIVE }
			if (payment.amountPence !== current.amountPence)
				return { refuse: 'The amount paid does not match the order total.' }
			await markLinkPaid(tx, current.id, payment.providerPaymentId)
			const next = { paymentLinkActive: false }
			// The invoice's number is taken in this transaction: a payment that rolls back leaves no gap.
			const invoice = await issueInvoice(
				tx,
				order,
				await sellerFor(tx, deps.vatNumber),
				nowOf(deps),
			)
			return {
				to: 'paid',
				patch: next,
				note: `Paid ${formatPence(payment.amountPence)} by card (${payment.providerPaymentId}); ${invoice.content.title.toLowerCase()} ${invoice.number} issued`,
				emails: attachDocument(paidEmails({ ...order, ...next }, deps.siteUrl), invoice, [
					'order-paid',
				]),
			}
		},
	)
}
