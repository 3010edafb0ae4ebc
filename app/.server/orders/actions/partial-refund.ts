import { and, eq } from 'drizzle-orm'
import { orderRequests } from '~/.server/db/schema'
import { formatPence } from '~/lib/money'
import type { ReturnedGoods } from '~/lib/order-requests'
import { isPaid } from '~/lib/order-status'
import { requestRefund, requestRefundRefusal } from '../after-sale/request-refund'
import { runRefund, type StepDeps } from '../payments/refund-steps'
import type { AdminResult, Target } from './admin-actions'
import { refundFinishers } from './refund-finish'

/**
 * A refund of part (or the rest) of a paid order from the admin order view or a request (issue
 * 30 item 8), by the refund steps (refund-steps.ts). The order keeps its status; the refund, its
 * credit note and an email to the customer are recorded with a note on the timeline. A request
 * it settles is resolved with it.
 */
export async function refundPart(
	deps: StepDeps,
	target: Target,
	input: { amountPence: number; reason: string; refundKey: string; requestId?: number },
): Promise<AdminResult> {
	const finishers = refundFinishers(deps)
	const result = await runRefund(deps, target, finishers, input.refundKey, async (order, tx) => {
		if (!isPaid(order.status))
			return {
				refuse:
					order.status === 'cancelled'
						? 'This order is cancelled: its payment was refunded when it was cancelled.'
						: 'This order has not been paid, so there is nothing to refund.',
			}
		let returned: ReturnedGoods | undefined
		// A request's refund is one operation (issue 57 item 1): the request must not have been
		// refunded (or be refunding), and a return gives back at most what came back. The order
		// is locked: this read stands. The same form again never gets here (its key continues it).
		if (input.requestId) {
			const [request] = await tx
				.select()
				.from(orderRequests)
				.where(and(eq(orderRequests.id, input.requestId), eq(orderRequests.orderId, order.id)))
			if (!request) return { refuse: 'Request not found', status: 'NOT_FOUND' }
			const plan = await requestRefund(tx, order, request)
			const refusal = requestRefundRefusal(plan, input.amountPence)
			if (refusal) return { refuse: refusal }
			if (plan.state === 'open') returned = plan.returned
		}
		return {
			kind: 'part',
			amountPence: input.amountPence,
			reason: input.reason,
			requestId: input.requestId ?? null,
			returned,
		}
	})
	if (!result.ok) {
		const { refused: _, ...failure } = result
		return failure
	}
	if (result.repeated)
		return {
			ok: true,
			order: result.order,
			tone: 'warning',
			message: 'This refund was already made; nothing more was refunded.',
		}
	return {
		ok: true,
		order: result.order,
		tone: 'success',
		message: `Refunded ${formatPence(result.refund.amountPence)} and emailed the credit note`,
	}
}
