import { and, eq } from 'drizzle-orm'
import { orderRequests } from '~/.server/db/schema'
import { attachDocument } from '~/.server/email/attach-document'
import { refundIssuedEmail } from '~/.server/email/request-emails'
import { formatPence } from '~/lib/money'
import type { ReturnedGoods } from '~/lib/order-requests'
import { isPaid } from '~/lib/order-status'
import { resolveWithRefund } from '../after-sale/request-records'
import { requestRefund, requestRefundRefusal } from '../after-sale/request-refund'
import type { ActionDeps } from '../lifecycle/deps'
import { type Change, transition } from '../lifecycle/lifecycle'
import { refundByKey, takeRefund } from '../payments/refund'
import type { AdminResult, Target } from './admin-actions'

/**
 * A refund of part (or the rest) of a paid order from the admin order view or a request (issue
 * 30 item 8). The order keeps its status; the refund, its credit note and an email to the
 * customer are recorded with a note on the timeline. A request it settles is resolved with it.
 */
export async function refundPart(
	deps: ActionDeps,
	target: Target,
	input: { amountPence: number; reason: string; refundKey: string; requestId?: number },
): Promise<AdminResult> {
	let repeated = false
	const result = await transition(deps.db, target, async (order, tx): Promise<Change> => {
		if (!isPaid(order.status))
			return {
				refuse:
					order.status === 'cancelled'
						? 'This order is cancelled: its payment was refunded when it was cancelled.'
						: 'This order has not been paid, so there is nothing to refund.',
			}
		let returned: ReturnedGoods | undefined
		// A request's refund is one operation (issue 57 item 1): unless this is the same form
		// again (answered below with its refund), the request must not have been refunded, and a
		// return gives back at most what came back. The order is locked: this read stands.
		if (input.requestId && !(await refundByKey(tx, order.id, input.refundKey))) {
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
		const taken = await takeRefund(deps, tx, order, target.actor, {
			amountPence: input.amountPence,
			reason: input.reason,
			idempotencyKey: input.refundKey,
			requestId: input.requestId ?? null,
			returned,
		})
		if ('refuse' in taken) return taken
		if (taken.repeated) {
			repeated = true
			return { note: `The same refund was asked for again; nothing more was refunded.` }
		}
		const { refund, leftPence } = taken
		if (input.requestId)
			await resolveWithRefund(tx, input.requestId, refund.amountPence, refund.createdAt)
		return {
			note: `Refunded ${formatPence(refund.amountPence)}: ${refund.reason} (${refund.providerRefundId})${refund.creditNote ? `; credit note ${refund.creditNote} issued` : ''}${input.requestId ? `; request ${input.requestId} resolved` : ''}`,
			emails: attachDocument(
				refundIssuedEmail(order, refund, leftPence),
				refund.creditNote ? { number: refund.creditNote } : undefined,
				['order-refund'],
			),
		}
	})
	if (!result.ok) return result
	return {
		ok: true,
		order: result.order,
		tone: repeated ? 'warning' : 'success',
		message: repeated
			? 'This refund was already made; nothing more was refunded.'
			: `Refunded ${formatPence(input.amountPence)} and emailed the credit note`,
	}
}
