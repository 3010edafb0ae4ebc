import { eq } from 'drizzle-orm'
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
) {
	const idleMs = now - new Date(current.updatedAt).getTime()
	if (idleMs > SESSION_IDLE_MINUTES * 60_000) {
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

/** Signs a person out everywhere (removed from the staff): every session of theirs is deleted. */
export async function endAllSessions(db: Db | Tx, userId: string) {
	await db.delete(session).where(eq(session.userId, userId))
}
