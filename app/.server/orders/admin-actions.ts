import { and, desc, eq } from 'drizzle-orm'
import type { Tx } from '~/.server/db/client'
import { type OrderRow, type PaymentLink, paymentLinks } from '~/.server/db/schema'
import { getDeliverySettings } from '~/.server/delivery/settings'
import {
	cancelledEmail,
	deliveredEmail,
	paidEmails,
	quoteEmail,
	refundedEmail,
	reinstatedEmail,
	shippedEmail,
} from '~/.server/email/order-status-emails'
import { cleanUpAtProvider, issuePaymentLink, revokeActiveLinks } from '~/.server/payments/links'
import { PaymentLinkError } from '~/.server/payments/provider'
import { formatPence } from '~/lib/money'
import { isPaid, type OrderStatus } from '~/lib/order-status'
import { nowOf, type OrderDeps } from './deps'
import {
	type Actor,
	appendNote,
	type Change,
	STALE_VERSION_MESSAGE,
	type TransitionResult,
	transition,
} from './lifecycle'

/**
 * What staff do to an order (spec sections 2, 4 and 8 Admin; DESIGN decision 5). Each function is
 * one lifecycle transition; the messages are the spec's. Routes and the JSON API call these.
 */
/** The admin actions never read the catalogue: orders hold their own copy of every line. */
type Deps = Omit<OrderDeps, 'catalog'>

/** When a quote given now stops being payable (issue 19: 'price held until'). */
async function quoteExpiry(deps: Deps) {
	const { quoteValidDays } = await getDeliverySettings(deps.db)
	return new Date(nowOf(deps).getTime() + quoteValidDays * 86_400_000)
}

export type AdminResult =
	| {
			ok: true
			message: string
			order: OrderRow
			/** 'warning': the change was saved but something around it failed (spec's partial messages). */
			tone: 'success' | 'warning'
	  }
	| Extract<TransitionResult, { ok: false }>

type Target = { orderId: string; actor: Actor; expectedVersion?: number }

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

/**
 * Sets (or changes) the delivery cost: total = subtotal + delivery, a new payment link replaces
 * any active one and is emailed to the customer. If the link cannot be created the cost is kept
 * and the order waits in delivery_confirmed for a retry.
 */
export async function setDeliveryCost(
	deps: Deps,
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
	const quoteExpiresAt = await quoteExpiry(deps)
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
		const costs = {
			deliveryCostPence,
			totalCostPence,
			adminNotes: input.adminNotes ?? order.adminNotes,
			quoteExpiresAt,
		}
		revoked = await revokeActiveLinks(tx, order.id)
		const priced = `Delivery ${formatPence(deliveryCostPence)}, total ${formatPence(totalCostPence)}`
		try {
			const link = await issuePaymentLink(tx, deps.provider, order, totalCostPence)
			const next = { ...order, ...costs, ...link }
			return {
				to: 'payment_pending',
				patch: { ...costs, ...link },
				note: `${input.suggestion ? `Suggested: ${input.suggestion}. ` : ''}${priced}; payment link sent${replaced ? ' (replaces the previous link)' : ''}`,
				emails: quoteEmail(next, replaced),
			}
		} catch (error) {
			if (!(error instanceof PaymentLinkError)) throw error
			linkError = error.message
			return {
				to: 'delivery_confirmed',
				patch: { ...costs, paymentLink: null, paymentLinkId: null, paymentLinkActive: false },
				note: `${priced}; the payment link could not be created: ${error.message}`,
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

/**
 * Cancels an order (the spec's confirmation happens in the modal). A paid order is refunded in
 * full through the provider first, with the order locked; if the refund fails nothing changes.
 */
export async function cancelOrder(deps: Deps, target: Target): Promise<AdminResult> {
	let revoked: PaymentLink[] = []
	let refunded = false
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
			const next = { adminNotes: appendNote(order.adminNotes, 'Order cancelled by admin.') }
			return {
				to: 'cancelled',
				patch: next,
				note: `Cancelled; refunded ${formatPence(refund.amountPence)} in full (${refund.refundId})`,
				emails: refundedEmail({ ...order, ...next }, refund.amountPence),
			}
		}
		revoked = await revokeActiveLinks(tx, order.id)
		const next = {
			adminNotes: appendNote(order.adminNotes, 'Order cancelled by admin.'),
			paymentLink: null,
			paymentLinkId: null,
			paymentLinkActive: false,
		}
		return {
			to: 'cancelled',
			patch: next,
			note: revoked.length ? 'Cancelled; payment link deactivated' : 'Cancelled',
			emails: cancelledEmail({ ...order, ...next }),
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
	deps: Deps,
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
export async function uncancelOrder(deps: Deps, target: Target): Promise<AdminResult> {
	const quoteExpiresAt = await quoteExpiry(deps)
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

/** An offline payment (bank transfer, card over the phone): the open link is revoked. */
export async function markPaid(
	deps: Deps,
	target: Target,
	input: { note: string },
): Promise<AdminResult> {
	let revoked: PaymentLink[] = []
	const result = await transition(deps.db, target, async (order, tx): Promise<Change> => {
		if (order.status !== 'payment_pending' && order.status !== 'delivery_confirmed')
			return { refuse: refusal(order, 'marked as paid') }
		revoked = await revokeActiveLinks(tx, order.id)
		const next = { paymentLinkActive: false }
		return {
			to: 'paid',
			patch: next,
			note: `Marked as paid offline${input.note ? `: ${input.note}` : ''}`,
			emails: paidEmails({ ...order, ...next }, deps.businessEmail, deps.siteUrl),
		}
	})
	if (!result.ok) return result
	await cleanUpAtProvider(deps.provider, revoked)
	return { ok: true, order: result.order, tone: 'success', message: 'Order marked as paid' }
}

export async function markShipped(
	deps: Deps,
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

export async function markDelivered(deps: Deps, target: Target): Promise<AdminResult> {
	const result = await transition(deps.db, target, (order): Change => {
		if (order.status !== 'shipped') return { refuse: refusal(order, 'marked as delivered') }
		return { to: 'delivered', note: 'Delivered', emails: deliveredEmail(order) }
	})
	if (!result.ok) return result
	return { ok: true, order: result.order, tone: 'success', message: 'Order marked as delivered' }
}

/** Revokes the order's active link without changing its price (spec: deactivatePaymentLink). */
export async function deactivatePaymentLink(
	deps: Deps,
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

function refusal(order: OrderRow, what: string) {
	return `This order is ${order.status.replace('_', ' ')}, so it cannot be ${what}.`
}
