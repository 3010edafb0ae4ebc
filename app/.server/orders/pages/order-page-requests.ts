import { asc, eq } from 'drizzle-orm'
import type { Db } from '~/.server/db/client'
import type { OrderRow } from '~/.server/db/schema'
import { orderRequests } from '~/.server/db/schema'
import { lineText, returnLastDayText } from '~/.server/email/request-emails'
import { formatPence } from '~/lib/money'
import type { TimelineEntry } from '~/lib/order-progress'
import {
	canReturnAt,
	KIND_LABELS,
	leftToReturn,
	OUTCOME_LABELS,
	PROBLEM_LABELS,
	returnLinesOf,
	STATUS_LABELS,
} from '~/lib/order-requests'
import { isDispatched } from '~/lib/order-status'
import { refundsOf } from '../payments/refund'

/**
 * The after-sale part of the customer's order page (issue 30 items 6–8): the requests made, the
 * refunds taken, whether items can still be returned (and until when), and their timeline entries.
 */
export async function loadAfterSale(
	db: Db,
	order: OrderRow,
	/** When it was delivered, and what was paid by card: the caller has read both already. */
	known: { delivered: Date | null; paidPence: number },
	now: Date,
) {
	const { delivered, paidPence } = known
	const [requests, refunds] = await Promise.all([
		db
			.select()
			.from(orderRequests)
			.where(eq(orderRequests.orderId, order.id))
			.orderBy(asc(orderRequests.createdAt), asc(orderRequests.id)),
		refundsOf(db, order.id),
	])
	const refundedPence = refunds.reduce((sum, r) => sum + r.amountPence, 0)
	const summaries = requests.map((r) => ({
		id: r.id,
		title:
			r.kind === 'problem'
				? `${KIND_LABELS.problem}: ${PROBLEM_LABELS[r.problem ?? 'fault'].toLowerCase()}`
				: r.kind === 'return'
					? `Return of ${lineText(order, r.lines)}`
					: KIND_LABELS.cancellation,
		at: new Date(r.createdAt).toISOString(),
		status: STATUS_LABELS[r.status],
		outcome: r.outcome ? OUTCOME_LABELS[r.outcome] : null,
		outcomeNote: r.outcomeNote || null,
		late: r.late,
	}))
	const timeline: TimelineEntry[] = [
		...requests
			.filter((r) => r.kind !== 'cancellation')
			.flatMap((r, i) => {
				const title = summaries.find((s) => s.id === r.id)!.title
				const entries: TimelineEntry[] = [
					{
						at: summaries[i]!.at,
						title: r.kind === 'return' ? 'Return requested' : 'Problem reported',
						detail: title,
					},
				]
				if (r.goodsReceivedAt)
					entries.push({
						at: new Date(r.goodsReceivedAt).toISOString(),
						title: 'Returned goods received',
						detail: null,
					})
				if (r.status === 'resolved' && r.resolvedAt)
					entries.push({
						at: new Date(r.resolvedAt).toISOString(),
						title: `${KIND_LABELS[r.kind]} resolved`,
						detail: r.outcome ? OUTCOME_LABELS[r.outcome] : null,
					})
				return entries
			}),
		...refunds
			// A cancellation's refund is already its own timeline entry.
			.filter((r) => !r.idempotencyKey.includes(':cancel-'))
			.map((r) => ({
				at: new Date(r.createdAt).toISOString(),
				title: `Refunded ${formatPence(r.amountPence)}`,
				detail: r.reason,
			})),
	]
	const dispatched = isDispatched(order.status)
	const returnOpen =
		order.status === 'delivered' && delivered !== null && canReturnAt(delivered, now)
	const allReturning = leftToReturn(order.cartItems, returnLinesOf(requests)).every((n) => n <= 0)
	return {
		requests: summaries,
		refundedPence,
		fullyRefunded: paidPence > 0 && refundedPence >= paidPence,
		/** 'You can return items until 15 Dec 2026', or why not any more. */
		returnUntil: returnOpen && !allReturning && delivered ? returnLastDayText(delivered) : null,
		/** Within the 14 days, but earlier returns already cover every item: nothing to offer. */
		allReturning: returnOpen && allReturning,
		returnEnded:
			order.status === 'delivered' && delivered && !returnOpen
				? returnLastDayText(delivered)
				: null,
		canReport: dispatched,
		timeline,
	}
}
