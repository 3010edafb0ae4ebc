import crypto from 'node:crypto'
import { eq, inArray, sql } from 'drizzle-orm'
import type { Db, Tx } from '~/.server/db/client'
import { loginAttempts } from '~/.server/db/schema'

/**
 * Database-backed attempt counters, per email (hashed) and per client IP, shared by every
 * instance. better-auth's own limiter only runs in its HTTP router, which is not mounted.
 */
export type LimitedAction = 'signin' | 'register' | 'reset' | 'enquiry'

const emailHash = (email: string) =>
	crypto.createHash('sha256').update(email.trim().toLowerCase()).digest('hex')

function keysFor(action: LimitedAction, email: string, ip: string | undefined) {
	const keys = [`${action}:email:${emailHash(email)}`]
	if (ip) keys.push(`${action}:ip:${ip}`)
	return keys
}

const isIpKey = (key: string) => key.includes(':ip:')

/**
 * Registrations and reset requests allowed per hour. Per email it is a handful (that also bounds
 * the 'email already registered' answer as an oracle); per IP enough for a shared office.
 */
export const QUOTAS = {
	register: { perEmail: 3, perIp: 50, windowMinutes: 60 },
	reset: { perEmail: 3, perIp: 50, windowMinutes: 60 },
	/** The contact form: a real customer rarely sends more than a couple an hour. */
	enquiry: { perEmail: 5, perIp: 10, windowMinutes: 60 },
} as const

/** Counts this attempt; false when the email or the IP is over its quota for the window. */
export async function takeQuota(
	db: Db,
	action: keyof typeof QUOTAS,
	email: string,
	ip: string | undefined,
) {
	const quota = QUOTAS[action]
	let allowed = true
	for (const key of keysFor(action, email, ip)) {
		const count = await countAttempt(db, key, quota.windowMinutes)
		if (count > (isIpKey(key) ? quota.perIp : quota.perEmail)) allowed = false
	}
	return allowed
}

/**
 * Failed sign-ins: a few are free, then each one doubles the wait before the next try is
 * looked at (1 s, 2 s, 4 s … up to 15 minutes). Unlike a fixed lock-out, a stranger typing
 * wrong passwords only slows the owner down, and a successful reset clears the email's counter.
 */
export const SIGN_IN_DELAY = {
	freePerEmail: 5,
	freePerIp: 20,
	maxSeconds: 15 * 60,
	/** A day after the first failure the count starts again. */
	forgetMinutes: 24 * 60,
} as const

export function delaySeconds(failures: number, free: number) {
	if (failures < free) return 0
	return Math.min(2 ** (failures - free), SIGN_IN_DELAY.maxSeconds)
}

/** Seconds until this email and IP may try to sign in again (0: now). */
export async function signInWait(db: Db, email: string, ip: string | undefined, now = Date.now()) {
	const rows = await db
		.select()
		.from(loginAttempts)
		.where(inArray(loginAttempts.key, keysFor('signin', email, ip)))
	let wait = 0
	for (const row of rows) {
		if (row.windowStart.getTime() < now - SIGN_IN_DELAY.forgetMinutes * 60_000) continue
		const free = isIpKey(row.key) ? SIGN_IN_DELAY.freePerIp : SIGN_IN_DELAY.freePerEmail
		const until = row.lastAt.getTime() + delaySeconds(row.failures, free) * 1000
		wait = Math.max(wait, Math.ceil((until - now) / 1000))
	}
	return wait
}

export async function recordLoginFailure(db: Db, email: string, ip: string | undefined) {
	for (const key of keysFor('signin', email, ip)) {
		await countAttempt(db, key, SIGN_IN_DELAY.forgetMinutes)
	}
}

/** A successful sign-in or password reset clears the email's failures (not the IP's). */
export async function clearLoginFailures(db: Db, email: string) {
	await db
		.delete(loginAttempts)
		.where(eq(loginAttempts.key, keysFor('signin', email, undefined)[0]!))
}

/** Every counter keyed by this email (account deletion). */
export async function forgetAttempts(db: Db | Tx, email: string) {
	const keys = (['signin', 'register', 'reset'] as const).map(
		(a) => keysFor(a, email, undefined)[0]!,
	)
	await db.delete(loginAttempts).where(inArray(loginAttempts.key, keys))
}

/** One attempt more for `key`, in one statement; a window older than `minutes` starts again at 1. */
async function countAttempt(db: Db, key: string, minutes: number) {
	const result = await db.execute(sql`
		insert into ${loginAttempts} (key, failures, window_start, last_at) values (${key}, 1, now(), now())
		on conflict (key) do update set
			failures = case when ${loginAttempts.windowStart} < now() - make_interval(mins => ${minutes}) then 1 else ${loginAttempts.failures} + 1 end,
			window_start = case when ${loginAttempts.windowStart} < now() - make_interval(mins => ${minutes}) then now() else ${loginAttempts.windowStart} end,
			last_at = now()
		returning failures`)
	const [row] = (result as unknown as { rows: Array<{ failures: number | string }> }).rows
	return Number(row?.failures ?? 1)
}
