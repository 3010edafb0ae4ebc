import crypto from 'node:crypto'
import { inArray, sql } from 'drizzle-orm'
import type { Db } from '~/.server/db/client'
import { loginAttempts } from '~/.server/db/schema'

/** Failed sign-ins allowed per window: per email (any IP) and per IP (any email). */
export const LOGIN_LIMITS = { perEmail: 5, perIp: 20, windowMinutes: 15 }

const emailKey = (email: string) =>
	`email:${crypto.createHash('sha256').update(email.trim().toLowerCase()).digest('hex')}`
const ipKey = (ip: string) => `ip:${ip}`

function keysFor(email: string, ip: string | undefined) {
	return ip ? [emailKey(email), ipKey(ip)] : [emailKey(email)]
}

/** True when this email or IP has used up its failed attempts for the current window. */
export async function isLoginBlocked(db: Db, email: string, ip: string | undefined) {
	const rows = await db
		.select()
		.from(loginAttempts)
		.where(inArray(loginAttempts.key, keysFor(email, ip)))
	const windowStart = Date.now() - LOGIN_LIMITS.windowMinutes * 60_000
	return rows.some(
		(row) =>
			row.windowStart.getTime() > windowStart &&
			row.failures >= (row.key.startsWith('ip:') ? LOGIN_LIMITS.perIp : LOGIN_LIMITS.perEmail),
	)
}

/** Counts a failure against the email and the IP, starting a new window when the old one expired. */
export async function recordLoginFailure(db: Db, email: string, ip: string | undefined) {
	const minutes = LOGIN_LIMITS.windowMinutes
	for (const key of keysFor(email, ip)) {
		await db.execute(sql`
			insert into ${loginAttempts} (key, failures, window_start) values (${key}, 1, now())
			on conflict (key) do update set
				failures = case when ${loginAttempts.windowStart} < now() - make_interval(mins => ${minutes}) then 1 else ${loginAttempts.failures} + 1 end,
				window_start = case when ${loginAttempts.windowStart} < now() - make_interval(mins => ${minutes}) then now() else ${loginAttempts.windowStart} end`)
	}
}

/** A successful sign-in clears the email's counter (not the IP's). */
export async function clearLoginFailures(db: Db, email: string) {
	await db.delete(loginAttempts).where(inArray(loginAttempts.key, [emailKey(email)]))
}
