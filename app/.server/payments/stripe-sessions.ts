import { and, asc, desc, eq, gt, isNotNull, ne, type SQL } from 'drizzle-orm'
import type { Db, Tx } from '~/.server/db/client'
import { checkoutSessions, paymentLinks } from '~/.server/db/schema'

/**
 * The Stripe Checkout Sessions we opened, one row each (the table's one writer,
 * app/.server/db/owners.ts): stored with their URL so a link's session is handed out again while it
 * has time left, closed here as Stripe closes them, and read back by reconciliation.
 */

/** A stored session is handed out again only while it has this long left to pay in. */
export const REUSE_MIN_MINUTES = 10

export async function storeSession(
	db: Db,
	session: { id: string; linkId: string; orderId: string | null; expiresAt: Date; url: string },
) {
	await db.insert(checkoutSessions).values(session)
}

export async function markSession(db: Db | Tx, id: string, status: 'complete' | 'expired') {
	await db
		.update(checkoutSessions)
		.set({ status, closedAt: new Date() })
		.where(eq(checkoutSessions.id, id))
}

/** Stripe said the session expired (its webhook): closed here unless it was already. */
export async function closeOpenSession(tx: Tx, id: string) {
	await tx
		.update(checkoutSessions)
		.set({ status: 'expired', closedAt: new Date() })
		.where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.status, 'open')))
}

/**
 * One outcome per checkout (a webhook and a reconciliation run can race for it): locks the
 * session's row and marks it complete; false when it already was.
 */
export async function completeSessionOnce(tx: Tx, id: string) {
	const [session] = await tx
		.select({ status: checkoutSessions.status })
		.from(checkoutSessions)
		.where(eq(checkoutSessions.id, id))
		.for('update')
	if (session?.status === 'complete') return false
	await markSession(tx, id, 'complete')
	return true
}

/** The link's open session with enough time left to pay in, if there is one. */
export async function reusableSession(db: Db, linkId: string) {
	const [session] = await db
		.select({ url: checkoutSessions.url })
		.from(checkoutSessions)
		.where(
			and(
				eq(checkoutSessions.linkId, linkId),
				eq(checkoutSessions.status, 'open'),
				isNotNull(checkoutSessions.url),
				gt(checkoutSessions.expiresAt, new Date(Date.now() + REUSE_MIN_MINUTES * 60_000)),
			),
		)
		.orderBy(desc(checkoutSessions.expiresAt))
		.limit(1)
	return session?.url ?? null
}

/** The ids of the open sessions of one link, or of one order but `except` one. */
export async function openSessionIds(
	db: Db,
	of: { linkId: string } | { orderId: string; except?: string },
) {
	const where: SQL | undefined =
		'linkId' in of
			? eq(checkoutSessions.linkId, of.linkId)
			: and(
					eq(checkoutSessions.orderId, of.orderId),
					of.except ? ne(checkoutSessions.id, of.except) : undefined,
				)
	return (
		await db
			.select({ id: checkoutSessions.id })
			.from(checkoutSessions)
			.where(and(eq(checkoutSessions.status, 'open'), where))
	).map((row) => row.id)
}

/** Up to 100 open sessions, oldest first (of one order or link, or all), with their link's status. */
export async function openSessionsToCheck(db: Db, scope: { orderId?: string; linkId?: string }) {
	const { orderId, linkId } = scope
	return db
		.select({ id: checkoutSessions.id, linkStatus: paymentLinks.status })
		.from(checkoutSessions)
		.innerJoin(paymentLinks, eq(paymentLinks.id, checkoutSessions.linkId))
		.where(
			and(
				eq(checkoutSessions.status, 'open'),
				orderId ? eq(checkoutSessions.orderId, orderId) : undefined,
				linkId ? eq(checkoutSessions.linkId, linkId) : undefined,
			),
		)
		.orderBy(asc(checkoutSessions.createdAt))
		.limit(100)
}
