import { and, desc, eq, ne } from 'drizzle-orm'
import type { Db, Tx } from '~/.server/db/client'
import { session } from '~/.server/db/schema'
import { SESSION_IDLE_MINUTES } from './auth'

/** Activity is written at most once a minute per session, not on every request. */
export const TOUCH_AFTER_MS = 60_000

/**
 * The idle timeout: a session unused for SESSION_IDLE_MINUTES is deleted (signed out on the
 * server); a session in use has its last activity moved on. better-auth keeps the absolute limit.
 */
export async function keepSessionAlive(
	db: Db,
	current: { id: string; updatedAt: Date | string },
	now = Date.now(),
	idleMinutes = SESSION_IDLE_MINUTES,
) {
	const idleMs = now - new Date(current.updatedAt).getTime()
	if (idleMs > idleMinutes * 60_000) {
		await db.delete(session).where(eq(session.id, current.id))
		return false
	}
	if (idleMs > TOUCH_AFTER_MS) {
		await db
			.update(session)
			.set({ updatedAt: new Date(now) })
			.where(eq(session.id, current.id))
	}
	return true
}

/** The session's last activity, or undefined when it has been ended (on any instance). */
export async function sessionLastActive(db: Db, sessionId: string) {
	const [row] = await db
		.select({ updatedAt: session.updatedAt })
		.from(session)
		.where(eq(session.id, sessionId))
	return row?.updatedAt
}

/** 'Sign out' beside one of a person's devices: only their own sessions. */
export async function endSession(db: Db, userId: string, sessionId: string) {
	const gone = await db
		.delete(session)
		.where(and(eq(session.userId, userId), eq(session.id, sessionId)))
		.returning({ id: session.id })
	return gone.length > 0
}

/** 'Sign out everywhere else', a reset second factor (keep: none), a removed staff member. */
export async function endOtherSessions(db: Db | Tx, userId: string, keepSessionId?: string) {
	const gone = await db
		.delete(session)
		.where(
			keepSessionId
				? and(eq(session.userId, userId), ne(session.id, keepSessionId))
				: eq(session.userId, userId),
		)
		.returning({ id: session.id })
	return gone.length
}

/** A person's signed-in devices, most recently active first. */
export async function listSessions(db: Db, userId: string) {
	return db
		.select({
			id: session.id,
			userAgent: session.userAgent,
			updatedAt: session.updatedAt,
			createdAt: session.createdAt,
		})
		.from(session)
		.where(eq(session.userId, userId))
		.orderBy(desc(session.updatedAt))
}
