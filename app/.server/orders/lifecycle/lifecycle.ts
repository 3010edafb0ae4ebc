import { eq, type SQL, sql } from 'drizzle-orm'
import type { Db, Tx } from '~/.server/db/client'
import { type DeliveryDetails, type OrderRow, orderEvents, orders } from '~/.server/db/schema'
import { type EmailMessage, enqueueEmail } from '~/.server/email/outbox'
import { type ActorKind, canTransition, type OrderStatus, statusLabel } from '~/lib/order-status'

/**
 * The order state machine (DESIGN decision 5, docs/decisions/0008; the table of moves is in
 * app/lib/order-status.ts). Every status change in the
 * product — admin forms, the JSON API, payment providers — goes through `transition()`, which
 * checks the move is allowed for who is making it, checks the version the caller read, and
 * writes the order, its event and its emails in one transaction.
 */
export type Actor = {
	kind: ActorKind /** an admin's user id, or the provider's name */
	id?: string
}

export const STALE_VERSION_MESSAGE =
	'This order was changed by someone else. Reload to see the latest.'
export const ORDER_NOT_FOUND_MESSAGE = 'Order not found'

type OrderPatch = Partial<
	Omit<OrderRow, 'id' | 'status' | 'version' | 'createdAt' | 'updatedAt' | 'userId'>
>

/**
 * What a caller wants to happen to the order it locked, or why it refuses. Without `to` the
 * order keeps its status and the change is a note on its timeline (a payment alert, a duplicate
 * notification); the version moves only when a note comes with a patch.
 */
export type Change =
	| { to: OrderStatus; patch?: OrderPatch; note?: string; emails?: EmailMessage[] }
	| { to?: never; note: string; patch?: OrderPatch; emails?: EmailMessage[] }
	| { refuse: string; status?: 'INVALID_ARGUMENT' | 'ABORTED' | 'NOT_FOUND'; code?: RefusalCode }

export type Refusal = Extract<Change, { refuse: string }>

/** Refusals a caller handles specially rather than just showing the message. */
export type RefusalCode = 'needs_confirmation' | 'already_applied'

export type TransitionResult =
	| { ok: true; order: OrderRow; from: OrderStatus }
	| {
			ok: false
			status: 'NOT_FOUND' | 'ABORTED' | 'INVALID_ARGUMENT'
			message: string
			code?: RefusalCode
			/** The order as it is now (for a stale version: what the caller should reload). */
			current?: OrderRow
	  }

export async function transition(
	db: Db,
	request: { orderId: string; actor: Actor; expectedVersion?: number },
	decide: (order: OrderRow, tx: Tx) => Promise<Change> | Change,
): Promise<TransitionResult> {
	return db.transaction(async (tx) => {
		const order = await lockOrder(tx, request)
		if ('ok' in order) return order
		const change = await decide(order, tx)
		if ('refuse' in change) return refused(change, order)
		const to = change.to ?? order.status
		if (change.to !== undefined && !canTransition(order.status, to, request.actor.kind)) {
			return {
				ok: false,
				status: 'ABORTED',
				message: `An order that is ${statusLabel(order.status)} cannot be moved to ${statusLabel(to)}.`,
				current: order,
			}
		}
		// A note alone leaves the order as the caller read it: no version bump, no new updatedAt.
		const changesOrder = change.to !== undefined || change.patch !== undefined
		const [updated] = changesOrder
			? await tx
					.update(orders)
					.set({
						...change.patch,
						status: to,
						version: sql`${orders.version} + 1`,
						updatedAt: new Date(),
					})
					.where(eq(orders.id, order.id))
					.returning()
			: [order]
		await tx.insert(orderEvents).values({
			orderId: order.id,
			actor: actorLabel(request.actor),
			fromStatus: order.status,
			toStatus: to,
			note: change.note ?? '',
		})
		for (const email of change.emails ?? []) await enqueueEmail(tx, email)
		return { ok: true, order: updated!, from: order.status }
	})
}

/**
 * Runs `read` with the order row locked and the caller's version checked, writing nothing itself:
 * for a step that must decide on the order as it is (a refund's reservation) without changing it.
 */
export async function withOrderLocked<T extends object>(
	db: Db,
	request: { orderId: string; expectedVersion?: number },
	read: (order: OrderRow, tx: Tx) => Promise<T | Refusal>,
): Promise<{ ok: true; order: OrderRow; value: T } | Failure> {
	return db.transaction(async (tx) => {
		const order = await lockOrder(tx, request)
		if ('ok' in order) return order
		const value = await read(order, tx)
		if ('refuse' in value) return refused(value, order)
		return { ok: true, order, value }
	})
}

type Failure = Extract<TransitionResult, { ok: false }>

/**
 * The order, locked: the row lock serialises concurrent changes; the version catches changes made
 * after the caller read the order (two admins with the same modal open).
 */
async function lockOrder(
	tx: Tx,
	request: { orderId: string; expectedVersion?: number },
): Promise<OrderRow | Failure> {
	const [order] = await tx.select().from(orders).where(eq(orders.id, request.orderId)).for('update')
	if (!order) return { ok: false, status: 'NOT_FOUND', message: ORDER_NOT_FOUND_MESSAGE }
	if (request.expectedVersion !== undefined && order.version !== request.expectedVersion)
		return { ok: false, status: 'ABORTED', message: STALE_VERSION_MESSAGE, current: order }
	return order
}

const refused = (refusal: Refusal, order: OrderRow): Failure => ({
	ok: false,
	status: refusal.status ?? 'ABORTED',
	message: refusal.refuse,
	code: refusal.code,
	current: order,
})

/**
 * The statement part (a data-modifying CTE) that writes many events at once, from `rows`: a select
 * of (order_id, actor, from_status, to_status, note). For the statements that write a batch of
 * orders' events with their other rows: placement (insert-order.ts) and the reminder scan.
 */
export function insertEventsSql(rows: SQL) {
	return sql`insert into ${orderEvents} (order_id, actor, from_status, to_status, note) ${rows}`
}

/**
 * A deleted customer's orders (UK GDPR erasure) keep their lines and money for the business's
 * records but lose the person: no account, the delivery details replaced. The version moves, so a
 * form opened on the old details is refused as stale rather than writing them back.
 */
export async function anonymiseOrdersOf(tx: Tx, userId: string, deliveryInfo: DeliveryDetails) {
	await tx
		.update(orders)
		.set({
			userId: null,
			deliveryInfo: sql`${JSON.stringify(deliveryInfo)}::jsonb`,
			version: sql`${orders.version} + 1`,
			updatedAt: new Date(),
		})
		.where(eq(orders.userId, userId))
}

/** Stored on each event: 'system', 'customer', 'provider:test', or the admin's user id. */
export function actorLabel(actor: Actor) {
	if (actor.kind === 'admin') return actor.id ?? 'admin'
	if (actor.kind === 'provider') return `provider:${actor.id ?? 'unknown'}`
	return actor.kind
}

/** Appends a line to the admin notes (spec: 'Order cancelled by admin.' is appended). */
export function appendNote(notes: string, line: string) {
	const trimmed = notes.trim()
	return trimmed ? `${trimmed}\n${line}` : line
}
