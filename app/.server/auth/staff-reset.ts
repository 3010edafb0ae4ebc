import { and, eq, ne } from 'drizzle-orm'
import type { Db } from '~/.server/db/client'
import { user } from '~/.server/db/schema'
import type { Logger } from '~/.server/logger'
import type { Auth } from './auth'
import { clearSecondFactor } from './second-factor-store'
import { recordSecurityEvent, type SecurityEventSink } from './security-events'
import { endOtherSessions } from './session-activity'
import { sessionCacheFor } from './session-cache'

type Ctx = { auth: Auth; db: Db; logger: Logger; securityEvents?: SecurityEventSink }

/** A staff account by id (customers are not staff: their reset is not the owner's to make). */
export async function staffMember(db: Db, userId: string) {
	const [row] = await db
		.select({ id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName })
		.from(user)
		.where(and(eq(user.id, userId.slice(0, 64)), ne(user.role, 'user')))
	return row
}

/**
 * The owner's reset of a staff member's second factor (issue 60 item 3, recovery): app, backup
 * codes and passkeys gone, every session ended at once on every instance, logged.
 */
export async function resetStaffSecondFactor(ctx: Ctx, owner: { id: string }, userId: string) {
	const member = await staffMember(ctx.db, userId)
	if (!member) return false
	await clearSecondFactor(ctx.db, member.id)
	await endOtherSessions(ctx.db, member.id)
	sessionCacheFor(ctx.auth).forget({ userId: member.id })
	await recordSecurityEvent(ctx, {
		kind: 'second-factor-reset',
		userId: member.id,
		byUserId: owner.id,
	})
	return true
}
