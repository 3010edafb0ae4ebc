import crypto from 'node:crypto'
import net from 'node:net'
import { eq, inArray, sql } from 'drizzle-orm'
import type { Db, Tx } from '~/.server/db/client'
import { rows } from '~/.server/db/rows'
import { loginAttempts } from '~/.server/db/schema'

/**
 * Database-backed attempt counters, per email (hashed) and per client IP, shared by every
 * instance. better-auth's own limiter only runs in its HTTP router, which is not mounted.
 */
export type LimitedAction =
	| 'signin'
	| 'register'
	| 'reset'
	| 'enquiry'
	| 'build-enquiry'
	| 'build-testimonial'
	| 'order-link'

export const emailHash = (email: string) =>
	crypto.createHash('sha256').update(email.trim().toLowerCase()).digest('hex')

/**
 * The part of a client address a counter is keyed by: an IPv4 address whole, an IPv6 address by
 * its /64 — one customer line gets a whole /64, so counting single addresses would give an
 * attacker 2^64 fresh counters. IPv4-mapped IPv6 (::ffff:192.0.2.1) counts as the IPv4 address.
 */
export function ipKeyPart(ip: string) {
	const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1]
	if (mapped) return mapped
	if (!net.isIPv6(ip)) return ip
	const [head = '', tail = ''] = ip.split('%')[0]!.split('::')
	const left = head ? head.split(':') : []
	const right = tail ? tail.split(':') : []
	// An embedded IPv4 tail (::1.2.3.4) is two groups; it never reaches the first four anyway.
	const groups = ip.includes('::')
		? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
		: left
	return `${groups
		.slice(0, 4)
		.map((g) => Number.parseInt(g, 16).toString(16))
		.join(':')}::/64`
}

function keysFor(action: LimitedAction, email: string, ip: string | undefined) {
	const keys = [`${action}:email:${emailHash(email)}`]
	if (ip) keys.push(ipKey(action, ip))
	return keys
}

/** The counter key of a client address for an action (IPv6 by /64). */
export const ipKey = (action: string, ip: string) => `${action}:ip:${ipKeyPart(ip)}`

const isIpKey = (key: string) => key.includes(':ip:')

/**
 * Registrations and reset requests allowed per hour. Per email it is a handful (that also bounds
 * the 'email already registered' answer as an oracle); per IP enough for a shared office.
 */
export const QUOTAS = {
	register: { perEmail: 3, perIp: 50, windowMinutes: 60 },
	reset: { perEmail: 3, perIp: 50, windowMinutes: 60 },
	/**
	 * The contact form: a real customer rarely sends more than a couple an hour. It emails an
	 * address nobody has verified, so all visitors together are capped as well: a flood from many
	 * addresses stops at `overall` an hour (the form then says to call) instead of mailing on.
	 */
	enquiry: { perEmail: 5, perIp: 10, overall: 60, windowMinutes: 60 },
	/** 'Plan a pond' (issue 59): as the contact form, counted on its own. */
	'build-enquiry': { perEmail: 5, perIp: 10, overall: 60, windowMinutes: 60 },
	/**
	 * A finished build's testimonial (issue 59 item 10), keyed by the project: one is kept per
	 * project, so this only bounds refused tries and a flood from one address.
	 */
	'build-testimonial': { perEmail: 5, perIp: 20, windowMinutes: 60 },
	/**
	 * 'Email me a fresh order link' (issue 30): keyed by the order number asked about, so one
	 * order's inbox gets a few links an hour at most; per IP it bounds guessing numbers.
	 */
	'order-link': { perEmail: 3, perIp: 20, overall: 300, windowMinutes: 60 },
} as const

/** Counts this attempt; false when the email, the IP (or everyone together) is over its quota. */
export async function takeQuota(
	db: Db,
	action: keyof typeof QUOTAS,
	email: string,
	ip: string | undefined,
) {
	const quota: { perEmail: number; perIp: number; overall?: number; windowMinutes: number } =
		QUOTAS[action]
	let allowed = true
	for (const key of keysFor(action, email, ip)) {
		const count = await countAttempt(db, key, quota.windowMinutes)
		if (count > (isIpKey(key) ? quota.perIp : quota.perEmail)) allowed = false
	}
	// Only attempts that passed their own limits count for everyone: one sender being refused
	// must not use up the others' share.
	if (allowed && quota.overall)
		allowed = (await countAttempt(db, `${action}:all`, quota.windowMinutes)) <= quota.overall
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

/**
 * The counters one sign-in attempt is held to: the email's (or, for a browser that signed in to
 * this account before, that device's: device-cookie.ts) and the client address's.
 */
export function signInKeys(email: string, ip: string | undefined, deviceId?: string) {
	const keys = [deviceId ? `signin:device:${deviceId}` : keysFor('signin', email, undefined)[0]!]
	if (ip) keys.push(ipKey('signin', ip))
	return keys
}

class Refused extends Error {}

/**
 * Claims one sign-in attempt on every key, or on none: each key's counter goes up only if its
 * wait is over, in one `insert … on conflict do update … where … returning` per key, inside one
 * transaction. The attempt is counted as a failure before the password is checked, so guesses
 * sent in parallel each see the ones before them (a read-then-write check let them all through);
 * `settleSignInAttempt` takes it back when the password was right. False: wait and try later.
 */
export async function claimSignInAttempt(db: Db, keys: string[]) {
	try {
		await db.transaction(async (tx) => {
			for (const key of keys) {
				const free = isIpKey(key) ? SIGN_IN_DELAY.freePerIp : SIGN_IN_DELAY.freePerEmail
				const expired = sql`${loginAttempts.windowStart} < now() - make_interval(mins => ${SIGN_IN_DELAY.forgetMinutes})`
				const failures = loginAttempts.failures
				// 0 while free, then 1 s, 2 s, 4 s … up to the cap; the exponent is capped so power() never overflows.
				const wait = sql`case when ${failures} < ${free} then 0 else least(power(2, least(${failures} - ${free}, 20)), ${SIGN_IN_DELAY.maxSeconds}) end`
				const claimed = await rows<{ failures: number }>(
					tx,
					sql`
					insert into ${loginAttempts} (key, failures, window_start, last_at) values (${key}, 1, now(), now())
					on conflict (key) do update set
						failures = case when ${expired} then 1 else ${failures} + 1 end,
						window_start = case when ${expired} then now() else ${loginAttempts.windowStart} end,
						last_at = now()
					where ${expired} or ${loginAttempts.lastAt} + make_interval(secs => ${wait}) <= now()
					returning failures`,
				)
				if (claimed.length === 0) throw new Refused()
			}
		})
		return true
	} catch (error) {
		if (error instanceof Refused) return false
		throw error
	}
}

/**
 * After the password check of a claimed attempt. A right password clears the email's (or the
 * device's) counter and takes the attempt back from the address's; a wrong one stays counted;
 * 'void' (the check itself failed) takes it back everywhere.
 */
export async function settleSignInAttempt(
	db: Db,
	keys: string[],
	outcome: 'success' | 'failure' | 'void',
	email: string,
) {
	if (outcome === 'failure') {
		// The wait runs from when the guess was known to be wrong, not from its claim: checking a
		// password takes a moment (scrypt), which would otherwise come off the wait.
		await db
			.update(loginAttempts)
			.set({ lastAt: sql`now()` })
			.where(inArray(loginAttempts.key, keys))
		return
	}
	const decrement = outcome === 'void' ? keys : keys.filter(isIpKey)
	if (decrement.length)
		await db
			.update(loginAttempts)
			.set({ failures: sql`greatest(${loginAttempts.failures} - 1, 0)` })
			.where(inArray(loginAttempts.key, decrement))
	if (outcome === 'success') {
		await clearLoginFailures(db, email)
		const device = keys.find((key) => key.startsWith('signin:device:'))
		if (device) await db.delete(loginAttempts).where(eq(loginAttempts.key, device))
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

/**
 * Counts one attempt on each key; false when any is over its limit for the window. For quotas
 * keyed by something other than an email (orders: order-quota.ts). A limit of 0 is no limit.
 */
export async function withinLimits(
	db: Db,
	windowMinutes: number,
	limits: Array<{ key: string; limit: number }>,
) {
	let allowed = true
	for (const { key, limit } of limits) {
		if (limit > 0 && (await countAttempt(db, key, windowMinutes)) > limit) allowed = false
	}
	return allowed
}

/** One attempt more for `key`, in one statement; a window older than `minutes` starts again at 1. */
async function countAttempt(db: Db, key: string, minutes: number) {
	const [row] = await rows<{ failures: number | string }>(
		db,
		sql`
		insert into ${loginAttempts} (key, failures, window_start, last_at) values (${key}, 1, now(), now())
		on conflict (key) do update set
			failures = case when ${loginAttempts.windowStart} < now() - make_interval(mins => ${minutes}) then 1 else ${loginAttempts.failures} + 1 end,
			window_start = case when ${loginAttempts.windowStart} < now() - make_interval(mins => ${minutes}) then now() else ${loginAttempts.windowStart} end,
			last_at = now()
		returning failures`,
	)
	return Number(row?.failures ?? 1)
}

/**
 * The second step of sign-in (a code after the password) is held to the same growing delay:
 * per person half-way through signing in, and per client address.
 */
export function secondStepKeys(userId: string, ip: string | undefined) {
	const keys = [`2fa:user:${userId}`]
	if (ip) keys.push(ipKey('2fa', ip))
	return keys
}

/** A right code clears the person's second-step failures (settleSignInAttempt keeps the address's). */
export async function clearSecondStepFailures(db: Db, userId: string) {
	await db.delete(loginAttempts).where(eq(loginAttempts.key, `2fa:user:${userId}`))
}
