import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '~/.server/db/client'
import { orderRequests, orders, requestPhotos } from '~/.server/db/schema'
import { requestResolvedEmail } from '~/.server/email/request-emails'
import {
	KIND_LABELS,
	OUTCOME_LABELS,
	type RequestKind,
	type RequestStatus,
	STATUS_LABELS,
} from '~/lib/order-requests'
import { type ActionDeps, nowOf } from '../lifecycle/deps'
import { type Actor, type Change, transition } from '../lifecycle/lifecycle'
import { decideRequest, type RequestDecision, recordGoodsReceived } from './request-records'

/**
 * The admin Requests inbox (issue 30 item 8): customers' cancellations, returns and problem
 * reports, what staff decide about each, and the events that puts on the order's timeline.
 */

export async function listRequests(
	db: Db,
	filter: { kind?: RequestKind | null; status?: RequestStatus | null },
) {
	return db
		.select({
			id: orderRequests.id,
			orderId: orderRequests.orderId,
			kind: orderRequests.kind,
			status: orderRequests.status,
			problem: orderRequests.problem,
			late: orderRequests.late,
			outcome: orderRequests.outcome,
			createdAt: orderRequests.createdAt,
			customer: sql<string>`(${orders.deliveryInfo}->>'firstName') || ' ' || (${orders.deliveryInfo}->>'lastName')`,
		})
		.from(orderRequests)
		.innerJoin(orders, eq(orders.id, orderRequests.orderId))
		.where(
			and(
				filter.kind ? eq(orderRequests.kind, filter.kind) : undefined,
				filter.status ? eq(orderRequests.status, filter.status) : undefined,
			),
		)
		.orderBy(
			// Open first, then in progress, then resolved; newest first within each.
			sql`case ${orderRequests.status} when 'open' then 0 when 'in_progress' then 1 else 2 end`,
			desc(orderRequests.createdAt),
		)
		.limit(200)
}

/** Requests by status and kind: the inbox's filter counts and the navigation's badge. */
export async function requestCounts(db: Db) {
	const rows = await db
		.select({ status: orderRequests.status, kind: orderRequests.kind, n: count() })
		.from(orderRequests)
		.groupBy(orderRequests.status, orderRequests.kind)
	const byStatus: Record<string, number> = {}
	const byKind: Record<string, number> = {}
	for (const row of rows) {
		byStatus[row.status] = (byStatus[row.status] ?? 0) + row.n
		byKind[row.kind] = (byKind[row.kind] ?? 0) + row.n
	}
	return { byStatus, byKind, waiting: (byStatus.open ?? 0) + (byStatus.in_progress ?? 0) }
}

export async function getRequest(db: Db, id: number) {
	const [found] = await db
		.select({ request: orderRequests, order: orders })
		.from(orderRequests)
		.innerJoin(orders, eq(orders.id, orderRequests.orderId))
		.where(eq(orderRequests.id, id))
	if (!found) return undefined
	const photos = await db
		.select({ id: requestPhotos.id, width: requestPhotos.width, height: requestPhotos.height })
		.from(requestPhotos)
		.where(eq(requestPhotos.requestId, id))
		.orderBy(asc(requestPhotos.position))
	return { ...found, photos }
}

export async function requestPhoto(db: Db, requestId: number, photoId: number) {
	const [photo] = await db
		.select()
		.from(requestPhotos)
		.where(and(eq(requestPhotos.requestId, requestId), eq(requestPhotos.id, photoId)))
	return photo
}

export type RequestResult = { ok: true; message: string } | { ok: false; message: string }

const STALE = 'This request was changed by someone else. Reload to see the latest.'

/** Status, outcome and notes; resolving emails the customer the outcome. */
export async function updateRequest(
	deps: ActionDeps,
	actor: Actor,
	id: number,
	input: RequestDecision,
): Promise<RequestResult> {
	const found = await getRequest(deps.db, id)
	if (!found) return { ok: false, message: 'Request not found' }
	const result = await transition(
		deps.db,
		{ orderId: found.order.id, actor },
		async (order, tx): Promise<Change> => {
			const now = nowOf(deps)
			const updated = await decideRequest(tx, id, input, now)
			if (!updated) return { refuse: STALE }
			const was = found.request
			const resolvedNow = input.status === 'resolved' && was.status !== 'resolved'
			const outcome = input.outcome ? `: ${OUTCOME_LABELS[input.outcome].toLowerCase()}` : ''
			return {
				note: `${KIND_LABELS[was.kind]} (request ${id}) ${STATUS_LABELS[input.status].toLowerCase()}${outcome}`,
				emails: resolvedNow ? requestResolvedEmail(order, updated) : [],
			}
		},
	)
	return result.ok
		? { ok: true, message: 'Request updated' }
		: { ok: false, message: result.message }
}

/** A return's goods are back with us: the refund can follow. */
export async function markGoodsReceived(
	deps: ActionDeps,
	actor: Actor,
	id: number,
): Promise<RequestResult> {
	const found = await getRequest(deps.db, id)
	if (!found) return { ok: false, message: 'Request not found' }
	if (found.request.kind !== 'return')
		return { ok: false, message: 'Only a return has goods to receive.' }
	if (found.request.goodsReceivedAt)
		return { ok: false, message: 'The goods were already marked as received.' }
	const result = await transition(deps.db, { orderId: found.order.id, actor }, async (_o, tx) => {
		const now = nowOf(deps)
		await recordGoodsReceived(tx, id, found.request.status, now)
		return { note: `Returned goods received (request ${id})` } satisfies Change
	})
	return result.ok
		? { ok: true, message: 'Goods marked as received' }
		: { ok: false, message: result.message }
}

/** Requests waiting for staff (open or in progress): the Requests tab's badge on every admin page. */
export async function waitingRequests(db: Db) {
	const [row] = await db
		.select({ n: count() })
		.from(orderRequests)
		.where(inArray(orderRequests.status, ['open', 'in_progress']))
	return row?.n ?? 0
}

/** One order's requests, for its admin view. */
export function requestsOfOrder(db: Db, orderId: string) {
	return db
		.select({
			id: orderRequests.id,
			kind: orderRequests.kind,
			status: orderRequests.status,
			problem: orderRequests.problem,
		})
		.from(orderRequests)
		.where(eq(orderRequests.orderId, orderId))
		.orderBy(asc(orderRequests.id))
}
