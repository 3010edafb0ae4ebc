import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/db'
import {
	clearLoginFailures,
	delaySeconds,
	QUOTAS,
	recordLoginFailure,
	SIGN_IN_DELAY,
	signInWait,
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

	it('grows the sign-in delay per email and per IP, and a success clears the email', async () => {
		expect([4, 5, 6, 7, 20].map((n) => delaySeconds(n, 5))).toEqual([0, 1, 2, 4, 15 * 60])
		const now = Date.now()
		for (let i = 0; i < SIGN_IN_DELAY.freePerEmail + 2; i++) {
			await recordLoginFailure(database.db, 'slow@example.co.uk', '203.0.113.7')
		}
		// Seven failures: 2^(7-5) = 4 s for the email, from any IP.
		const wait = await signInWait(database.db, 'slow@example.co.uk', '203.0.113.8', now)
		expect(wait).toBeGreaterThanOrEqual(3)
		expect(wait).toBeLessThanOrEqual(5)
		await clearLoginFailures(database.db, 'slow@example.co.uk')
		expect(await signInWait(database.db, 'slow@example.co.uk', '203.0.113.8', now)).toBe(0)
		// The IP's own counter stays: twenty free failures per IP, then it too waits.
		for (let i = 0; i < SIGN_IN_DELAY.freePerIp; i++) {
			await recordLoginFailure(database.db, `other${i}@example.co.uk`, '203.0.113.7')
		}
		expect(await signInWait(database.db, 'fresh@example.co.uk', '203.0.113.7')).toBeGreaterThan(0)
	})
})
