import { eq, sql } from 'drizzle-orm'
import { orderEvents, orders } from '~/.server/db/schema'
import type { AdminDeps } from '~/.server/orders/admin-actions'
import { type Actor, STALE_VERSION_MESSAGE } from '~/.server/orders/lifecycle'
import { reconcilePayments } from './reconcile'

/** What the order modal shows after a payment check or resolving an alert. */
export type PaymentCheckResult = {
	ok: boolean
	tone: 'success' | 'warning' | 'error'
	message: string
}

export const CHECK_MESSAGES = {
	paid: 'Payment found and recorded: the order is now paid',
	flagged: 'A payment was found on an inactive link: see the payment alert on this order',
	none: 'No completed payment was found for this order yet',
	unreachable: (detail: string) => `Could not check with the payment provider: ${detail}`,
} as const

/** The admin's 'Check payment status' button: reconciliation for one order, on demand. */
export async function checkPaymentStatus(
	deps: AdminDeps,
	orderId: string,
): Promise<PaymentCheckResult> {
	try {
		const outcomes = await reconcilePayments(deps, { orderId })
		if (outcomes.includes('applied'))
			return { ok: true, tone: 'success', message: CHECK_MESSAGES.paid }
		if (outcomes.includes('flagged'))
			return { ok: true, tone: 'warning', message: CHECK_MESSAGES.flagged }
		return { ok: true, tone: 'success', message: CHECK_MESSAGES.none }
	} catch (error) {
		const detail = (error as Error).message || 'the payment provider did not answer'
		return { ok: false, tone: 'warning', message: CHECK_MESSAGES.unreachable(detail) }
	}
}

/**
 * Clears a payment alert once the admin has refunded or otherwise settled the payment (at the
 * provider's dashboard), with a note on the timeline. No status changes, so no lifecycle rule.
 */
export async function resolvePaymentAlert(
	deps: Pick<AdminDeps, 'db'>,
	target: { orderId: string; actor: Actor; expectedVersion: number },
	note: string,
): Promise<PaymentCheckResult> {
	return deps.db.transaction(async (tx) => {
		const [order] = await tx
			.select()
			.from(orders)
			.where(eq(orders.id, target.orderId))
			.for('update')
		if (!order) return { ok: false, tone: 'error', message: 'Order not found' }
		if (order.version !== target.expectedVersion)
			return { ok: false, tone: 'error', message: STALE_VERSION_MESSAGE }
		if (!order.paymentAlert)
			return { ok: false, tone: 'error', message: 'This order has no payment alert.' }
		await tx
			.update(orders)
			.set({ paymentAlert: null, version: sql`${orders.version} + 1`, updatedAt: new Date() })
			.where(eq(orders.id, order.id))
		await tx.insert(orderEvents).values({
			orderId: order.id,
			actor: target.actor.id ?? 'admin',
			fromStatus: order.status,
			toStatus: order.status,
			note: `Payment alert resolved${note ? `: ${note}` : ''}`,
		})
		return { ok: true, tone: 'success', message: 'Payment alert marked as resolved' }
	})
}
