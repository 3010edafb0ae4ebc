import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loginAttempts } from '~/.server/db/schema'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/db'
import {
	claimSignInAttempt,
	ipKeyPart,
	QUOTAS,
	SIGN_IN_DELAY,
	settleSignInAttempt,
	signInKeys,
	takeQuota,
} from './attempt-limiter'

let database: TestDatabase
beforeAll(async () => {
	database = await createTestDatabase()
})
afterAll(async () => {
	await database?.cleanup()
})

describe('attempt limiter', () => {
	it('limits registrations per IP across different emails, and per email across IPs', async () => {
		const { perIp, perEmail } = QUOTAS.register
		for (let i = 0; i < perIp; i++) {
			expect(await takeQuota(database.db, 'register', `u${i}@example.co.uk`, '192.0.2.1')).toBe(
				true,
			)
		}
		expect(await takeQuota(database.db, 'register', 'one-more@example.co.uk', '192.0.2.1')).toBe(
			false,
		)
		// Another IP is not affected; the same email from many IPs is.
		for (let i = 0; i < perEmail; i++) {
			expect(await takeQuota(database.db, 'register', 'x@example.co.uk', `198.51.100.${i}`)).toBe(
				true,
			)
		}
		expect(await takeQuota(database.db, 'register', 'X@Example.co.uk ', '198.51.100.99')).toBe(
			false,
		)
		// Reset requests have their own counters.
		expect(await takeQuota(database.db, 'reset', 'x@example.co.uk', '192.0.2.1')).toBe(true)
	})

	it('claims sign-in attempts atomically: of twelve parallel guesses only the five free ones pass', async () => {
		const keys = signInKeys('parallel@example.co.uk', '192.0.2.50')
		const claims = await Promise.all(
			Array.from({ length: 12 }, () => claimSignInAttempt(database.db, keys)),
		)
		expect(claims.filter(Boolean)).toHaveLength(SIGN_IN_DELAY.freePerEmail)
	})

	it('grows the sign-in delay per email and per IP, and a success clears the email', async () => {
		const email = 'slow@example.co.uk'
		const claim = (ip = '203.0.113.7', address = email) =>
			claimSignInAttempt(database.db, signInKeys(address, ip))
		/** Moves every counter's last attempt `seconds` into the past. */
		const age = (seconds: number) =>
			database.db.execute(
				sql`update ${loginAttempts} set last_at = last_at - make_interval(secs => ${seconds})`,
			)
		for (let i = 0; i < SIGN_IN_DELAY.freePerEmail; i++) expect(await claim()).toBe(true)
		// Five failures: a wait (1 s) before the next is looked at, from any IP.
		expect(await claim('203.0.113.8')).toBe(false)
		// Nine failures: 16 s; then each one doubles it (margins of seconds: a slow machine is fine).
		await database.db
			.update(loginAttempts)
			.set({ failures: 9 })
			.where(eq(loginAttempts.key, signInKeys(email, undefined)[0]!))
		await age(10)
		expect(await claim('203.0.113.8')).toBe(false)
		await age(7)
		expect(await claim('203.0.113.8')).toBe(true)
		await age(20)
		expect(await claim('203.0.113.8')).toBe(false)
		await age(13)
		expect(await claim('203.0.113.8')).toBe(true)
		// A right password clears the email's counter and takes the attempt back from the IP's.
		const before = await failuresOf(`signin:ip:203.0.113.8`)
		await settleSignInAttempt(database.db, signInKeys(email, '203.0.113.8'), 'success', email)
		expect(await failuresOf(`signin:ip:203.0.113.8`)).toBe(before - 1)
		expect(await claim('203.0.113.8')).toBe(true)
		// The IP's own counter stays: twenty free failures per IP, then it too waits.
		for (let i = 0; i < SIGN_IN_DELAY.freePerIp - SIGN_IN_DELAY.freePerEmail; i++) {
			expect(await claim('203.0.113.7', `other${i}@example.co.uk`)).toBe(true)
		}
		expect(await claim('203.0.113.7', 'fresh@example.co.uk')).toBe(false)
	})

	it('keys IPv6 clients by their /64, and IPv4-mapped addresses as IPv4', async () => {
		expect(ipKeyPart('2001:db8:1:2:aaaa::1')).toBe(ipKeyPart('2001:DB8:1:2::ffff:9'))
		expect(ipKeyPart('2001:0db8:0001:0002:0:0:0:1')).toBe('2001:db8:1:2::/64')
		expect(ipKeyPart('2001:db8:1:3::1')).not.toBe(ipKeyPart('2001:db8:1:2::1'))
		expect(ipKeyPart('::ffff:192.0.2.1')).toBe('192.0.2.1')
		expect(ipKeyPart('192.0.2.1')).toBe('192.0.2.1')
		// Fifty registrations from one /64, each from a different address, use up its quota.
		for (let i = 0; i < QUOTAS.register.perIp; i++) {
			const ip = `2001:db8:77:1:${(i + 1).toString(16)}::1`
			expect(await takeQuota(database.db, 'register', `v6-${i}@example.co.uk`, ip)).toBe(true)
		}
		expect(
			await takeQuota(database.db, 'register', 'v6-x@example.co.uk', '2001:db8:77:1::beef'),
		).toBe(false)
	})
})

async function failuresOf(key: string) {
	const [row] = await database.db.select().from(loginAttempts).where(eq(loginAttempts.key, key))
	return row?.failures ?? 0
}
