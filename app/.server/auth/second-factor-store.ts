import { and, eq, lt } from 'drizzle-orm'
import type { Db } from '~/.server/db/client'
import { passkey, twoFactor, user } from '~/.server/db/schema'

/**
 * Our own writes beside better-auth's twoFactor and passkey plugins (which write these tables
 * through their adapter, auth.ts): the replay guard's last step, the owner's reset of a staff
 * member's second factor, and the owner's rule for staff.
 */

/**
 * Claims a TOTP step for a person: true only if it is later than the last step accepted, in one
 * conditional update, so the same code (or an older one) is refused even when sent twice at once.
 */
export async function claimTotpStep(db: Db, userId: string, step: number) {
	const claimed = await db
		.update(twoFactor)
		.set({ lastTotpStep: step })
		.where(and(eq(twoFactor.userId, userId), lt(twoFactor.lastTotpStep, step)))
		.returning({ id: twoFactor.id })
	return claimed.length > 0
}

/** The authenticator app, its backup codes and every passkey gone; the person sets up again. */
export async function clearSecondFactor(db: Db, userId: string) {
	await db.transaction(async (tx) => {
		await tx.delete(twoFactor).where(eq(twoFactor.userId, userId))
		await tx.delete(passkey).where(eq(passkey.userId, userId))
		await tx.update(user).set({ twoFactorEnabled: false }).where(eq(user.id, userId))
	})
}

/** A set-up begun but never confirmed (the person chose to start again). */
export async function cancelUnconfirmedSetUp(db: Db, userId: string) {
	await db.delete(twoFactor).where(and(eq(twoFactor.userId, userId), eq(twoFactor.verified, false)))
}

export async function removePasskey(db: Db, userId: string, passkeyId: string) {
	const gone = await db
		.delete(passkey)
		.where(and(eq(passkey.userId, userId), eq(passkey.id, passkeyId)))
		.returning({ id: passkey.id })
	return gone.length > 0
}
