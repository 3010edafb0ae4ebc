import type { PaymentLink } from '~/.server/db/schema'
import { quoteEmail } from '~/.server/email/order-status-emails'
import { cleanUpAtProvider, issuePaymentLink, revokeActiveLinks } from '~/.server/payments/links'
import { PaymentLinkError, payableAmountProblem } from '~/.server/payments/provider'
import { formatPence } from '~/lib/money'
import { isPaid } from '~/lib/order-status'
import type { ActionDeps } from '../lifecycle/deps'
import {
	type Change,
	STALE_VERSION_MESSAGE,
	type TransitionResult,
	transition,
} from '../lifecycle/lifecycle'
import { quoteTerms, scheduleQuoteFollowUp } from '../quotes/quote-follow-up'
import { type AdminResult, MESSAGES, type Target } from './admin-actions'

/**
 * Sets (or changes) the delivery cost: total = subtotal + delivery, a new payment link replaces
 * any active one and is emailed to the customer. If the link cannot be created the cost is kept
 * and the order waits in delivery_confirmed for a retry.
 */
export async function setDeliveryCost(
	deps: ActionDeps,
	target: Target,
	input: {
		adminNotes?: string
		confirmReplace: boolean
		/** The dashboard's suggested price and working, recorded beside the price charged. */
		suggestion?: string
	} & (
		| { deliveryCostPence: number }
		| { totalCostPence: number } // the JSON API may send the total; delivery = total − subtotal
	),
): Promise<AdminResult> {
	let linkError: string | null = null
	let revoked: PaymentLink[] = []
	let replaced = false
	const terms = await quoteTerms(deps)
	const quoteExpiresAt = terms.expiresAt
	const result = await transition(deps.db, target, async (order, tx): Promise<Change> => {
		if (order.status === 'cancelled')
			return { refuse: 'This order is cancelled. Uncancel it before setting a delivery cost.' }
		if (isPaid(order.status))
			return { refuse: 'This order has been paid, so its price can no longer change.' }
		replaced = order.paymentLinkActive
		if (replaced && !input.confirmReplace)
			return { refuse: MESSAGES.confirmUpdate, code: 'needs_confirmation' }
		const deliveryCostPence =
			'deliveryCostPence' in input
				? input.deliveryCostPence
				: input.totalCostPence - order.subtotalPence
		if (deliveryCostPence < 0)
			return {
				refuse: `The total cannot be less than the order's subtotal of ${formatPence(order.subtotalPence)}.`,
				status: 'INVALID_ARGUMENT',
			}
		const totalCostPence = order.subtotalPence + deliveryCostPence
		// A total no card provider takes would leave the order waiting for a link that cannot
		// come (issue 57 item 4a): refused before anything changes, with the reason.
		const unpayable = payableAmountProblem(totalCostPence)
		if (unpayable)
			return {
				refuse: `${unpayable.replace('The total is', `The total, ${formatPence(totalCostPence)}, is`)} Nothing was changed: please set a delivery cost that brings the total within it.`,
				status: 'INVALID_ARGUMENT',
			}
		const costs = {
			deliveryCostPence,
			totalCostPence,
			adminNotes: input.adminNotes ?? order.adminNotes,
			quoteExpiresAt,
		}
		revoked = await revokeActiveLinks(tx, order.id)
		// Changed notes go on the timeline too: who wrote them and when stay in view after payment.
		const notes =
			costs.adminNotes === order.adminNotes
				? ''
				: costs.adminNotes
					? `\nAdmin notes: ${costs.adminNotes}`
					: '\nAdmin notes cleared'
		const priced = `Delivery ${formatPence(deliveryCostPence)}, total ${formatPence(totalCostPence)}`
		try {
			const link = await issuePaymentLink(tx, deps.provider, order, totalCostPence)
			await scheduleQuoteFollowUp(tx, terms, { orderId: order.id, linkId: link.paymentLinkId })
			const next = { ...order, ...costs, ...link }
			return {
				to: 'payment_pending',
				patch: { ...costs, ...link },
				note: `${input.suggestion ? `Suggested: ${input.suggestion}. ` : ''}${priced}; payment link sent${replaced ? ' (replaces the previous link)' : ''}${notes}`,
				emails: quoteEmail(next, replaced),
			}
		} catch (error) {
			if (!(error instanceof PaymentLinkError)) throw error
			linkError = error.message
			return {
				to: 'delivery_confirmed',
				patch: { ...costs, paymentLink: null, paymentLinkId: null, paymentLinkActive: false },
				note: `${priced}; the payment link could not be created: ${error.message}${notes}`,
			}
		}
	})
	if (!result.ok) return ('deliveryCostPence' in input && sameChangeTwice(result, input)) || result
	if (linkError)
		return { ok: true, order: result.order, tone: 'warning', message: MESSAGES.linkFailed }
	const cleanupError = await cleanUpAtProvider(deps.provider, revoked)
	if (cleanupError)
		return {
			ok: true,
			order: result.order,
			tone: 'warning',
			message: MESSAGES.linkIssue(cleanupError),
		}
	return {
		ok: true,
		order: result.order,
		tone: 'success',
		message: replaced ? MESSAGES.costUpdated : MESSAGES.costSet,
	}
}

/**
 * A double-clicked or resubmitted form arrives with the version the first submit already used.
 * If the order already holds exactly what was asked, answer as the first submit did: one link.
 */
function sameChangeTwice(
	result: Extract<TransitionResult, { ok: false }>,
	input: { deliveryCostPence: number },
): AdminResult | null {
	const current = result.current
	if (result.message !== STALE_VERSION_MESSAGE || !current) return null
	if (current.deliveryCostPence !== input.deliveryCostPence || !current.paymentLinkActive)
		return null
	const justNow = Date.now() - new Date(current.updatedAt).getTime() < 30_000
	return justNow ? { ok: true, order: current, tone: 'success', message: MESSAGES.costSet } : null
}
