import type { OrderDeps } from '../lifecycle/deps'
import { type Actor, transition } from '../lifecycle/lifecycle'
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
	deps: OrderDeps,
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
	deps: Pick<OrderDeps, 'db'>,
	target: { orderId: string; actor: Actor; expectedVersion: number },
	note: string,
): Promise<PaymentCheckResult> {
	const result = await transition(deps.db, target, (order) =>
		order.paymentAlert
			? { note: `Payment alert resolved${note ? `: ${note}` : ''}`, patch: { paymentAlert: null } }
			: { refuse: 'This order has no payment alert.' },
	)
	return result.ok
		? { ok: true, tone: 'success', message: 'Payment alert marked as resolved' }
		: { ok: false, tone: 'error', message: result.message }
}
