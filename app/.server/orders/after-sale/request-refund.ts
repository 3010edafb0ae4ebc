import { and, eq } from 'drizzle-orm'
import type { Db, Tx } from '~/.server/db/client'
import {
	type OrderRequest,
	type OrderRow,
	orderRequests,
	type Refund,
	refunds,
} from '~/.server/db/schema'
import { formatDate } from '~/lib/dates'
import { formatPence } from '~/lib/money'
import type { ReturnedGoods } from '~/lib/order-requests'
import { returnRefund } from '~/lib/order-requests'

/**
 * A request's refund is one operation (issue 57 item 1): a return or a problem report is refunded
 * once, and a return never gives back more than what came back (its items, and the delivery with
 * the return that completes the order, issue 57 item 2). Read with the order locked when a refund
 * is taken, so two tabs, a replayed form or a post hours later find the first refund and stop.
 * Anything further is a partial refund from the order, with its own reason.
 */
export type RequestRefund =
	/** Refunded already: its one refund. */
	| { state: 'refunded'; refund: Refund }
	/** A cancellation is refunded by cancelling the order, not here. */
	| { state: 'not-here' }
	| {
			state: 'open'
			/** The most a refund of this request may be (a return); null: what is left of the payment. */
			capPence: number | null
			itemsPence: number
			deliveryPence: number
			returned?: ReturnedGoods
	  }

export async function requestRefund(
	db: Db | Tx,
	order: OrderRow,
	request: Pick<OrderRequest, 'id' | 'kind' | 'lines'>,
): Promise<RequestRefund> {
	const taken = await db.select().from(refunds).where(eq(refunds.orderId, order.id))
	const own = taken.find((r) => r.requestId === request.id)
	if (own) return { state: 'refunded', refund: own }
	if (request.kind === 'cancellation') return { state: 'not-here' }
	if (request.kind !== 'return')
		return { state: 'open', capPence: null, itemsPence: 0, deliveryPence: 0 }
	// What returns refunded before this one brought back.
	const refunded = new Set(taken.map((r) => r.requestId).filter((id) => id !== null))
	const earlier = await db
		.select({ id: orderRequests.id, lines: orderRequests.lines })
		.from(orderRequests)
		.where(and(eq(orderRequests.orderId, order.id), eq(orderRequests.kind, 'return')))
	const back = returnRefund({
		items: order.cartItems,
		deliveryPence: order.deliveryCostPence ?? 0,
		lines: request.lines,
		before: earlier.filter((r) => refunded.has(r.id)).flatMap((r) => r.lines),
	})
	return {
		state: 'open',
		capPence: back.totalPence,
		itemsPence: back.itemsPence,
		deliveryPence: back.deliveryPence,
		returned: {
			lines: back.lines,
			deliveryLine: back.deliveryPence ? order.cartItems.length : null,
		},
	}
}

/** Why a refund of `amountPence` against this request is refused, or null when it may go ahead. */
export function requestRefundRefusal(plan: RequestRefund, amountPence: number): string | null {
	if (plan.state === 'refunded') {
		const { refund } = plan
		return `This request was already refunded: ${formatPence(refund.amountPence)} on ${formatDate(refund.createdAt)}${refund.creditNote ? ` (credit note ${refund.creditNote})` : ''}. Nothing more was refunded; a further refund is made from the order, with its reason.`
	}
	if (plan.state === 'not-here')
		return 'A cancellation is refunded by cancelling the order: nothing was refunded here.'
	if (plan.capPence !== null && amountPence > plan.capPence)
		return `This return gives back at most ${formatPence(plan.capPence)}: ${whatCameBack(plan)}.${plan.deliveryPence ? '' : ' The original delivery goes back with the return that brings back the last of the order.'} Nothing was refunded; anything more is a refund from the order, with its reason.`
	return null
}

/** 'the items (£89.99)', or 'the items (£249.99) and the original delivery (£45.00)'. */
export function whatCameBack(plan: { itemsPence: number; deliveryPence: number }) {
	const items = `the items (${formatPence(plan.itemsPence)})`
	return plan.deliveryPence
		? `${items} and the original delivery (${formatPence(plan.deliveryPence)})`
		: items
}
