import { and, eq, sql } from 'drizzle-orm'
import type { Tx } from '~/.server/db/client'
import { orderRequests, orders, requestPhotos } from '~/.server/db/schema'
import type { RequestOutcome, RequestStatus } from '~/lib/order-requests'

/**
 * The one writer of after-sale requests and their photos (app/.server/db/owners.ts): customers'
 * cancellations, returns and problem reports, and what staff decide. Each function takes the
 * transaction of the order change it belongs to (the order is locked by `transition()`).
 */

type NewRequest = typeof orderRequests.$inferInsert
type NewPhoto = Omit<typeof requestPhotos.$inferInsert, 'id' | 'requestId' | 'position'>

/** A new request, with its photos in the order given (a problem report's). */
export async function openRequest(tx: Tx, request: NewRequest, photos: NewPhoto[] = []) {
	const [row] = await tx.insert(orderRequests).values(request).returning()
	if (photos.length)
		await tx
			.insert(requestPhotos)
			.values(photos.map((photo, position) => ({ ...photo, requestId: row!.id, position })))
	return row!
}

/** What staff decide about a request, and the version of it they read. */
export type RequestDecision = {
	version: number
	status: RequestStatus
	outcome: RequestOutcome | null
	outcomeNote: string
	staffNotes: string
}

/** Staff's decision, if the request is still at the version they read; undefined when stale. */
export async function decideRequest(tx: Tx, id: number, input: RequestDecision, now: Date) {
	const [updated] = await tx
		.update(orderRequests)
		.set({
			status: input.status,
			outcome: input.outcome,
			outcomeNote: input.outcomeNote,
			staffNotes: input.staffNotes,
			updatedAt: now,
			resolvedAt: input.status === 'resolved' ? now : null,
			version: sql`${orderRequests.version} + 1`,
		})
		.where(and(eq(orderRequests.id, id), eq(orderRequests.version, input.version)))
		.returning()
	return updated
}

/** A return's goods are back: an open request moves to in progress. */
export async function recordGoodsReceived(tx: Tx, id: number, status: RequestStatus, now: Date) {
	await tx
		.update(orderRequests)
		.set({
			goodsReceivedAt: now,
			status: status === 'open' ? 'in_progress' : status,
			updatedAt: now,
			version: sql`${orderRequests.version} + 1`,
		})
		.where(eq(orderRequests.id, id))
}

/** A refund taken for the request resolves it; refunds add up. */
export async function resolveWithRefund(tx: Tx, id: number, amountPence: number, at: Date) {
	await tx
		.update(orderRequests)
		.set({
			status: 'resolved',
			outcome: 'refund',
			refundedPence: sql`coalesce(${orderRequests.refundedPence}, 0) + ${amountPence}`,
			resolvedAt: at,
			updatedAt: at,
			version: sql`${orderRequests.version} + 1`,
		})
		.where(eq(orderRequests.id, id))
}

/**
 * UK GDPR erasure: the photos of their garden sent with problem reports go, and the customer's own
 * words in their requests. Run before their orders lose the link to them.
 */
export async function anonymiseCustomerRequests(tx: Tx, userId: string) {
	const theirRequests = sql`${orderRequests.orderId} in (select ${orders.id} from ${orders} where ${orders.userId} = ${userId})`
	await tx
		.delete(requestPhotos)
		.where(
			sql`${requestPhotos.requestId} in (select ${orderRequests.id} from ${orderRequests} where ${theirRequests})`,
		)
	await tx.update(orderRequests).set({ details: '' }).where(theirRequests)
}
