import crypto from 'node:crypto'
import { and, eq, like, sql } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { emailOutbox, loginAttempts, user, verification } from '~/.server/db/schema'
import { AUTH_MESSAGES } from '~/lib/auth-forms'
import { TestClient } from '../support/session'
import { pageText, setUpShop } from '../support/shop'

/**
 * Throttling: registration, reset and sign-in attempts, counted atomically in the database (docs/security.md).
 *
 * These tests change sessions in the database behind the app's back; the app believes a session
 * it looked up for SESSION_CACHE_MS (session-cache.ts), so they drop that memory to see the change now.
 */

const shop = setUpShop()

const PASSWORD = 'correct horse battery'
const text = pageText

describe('throttling registration and password reset', () => {
	it('answers twelve quick registrations with a taken email with 429 after the first few', async () => {
		await new TestClient(shop.app).register('taken@example.co.uk')
		const statuses: number[] = []
		let last = ''
		for (let i = 0; i < 12; i++) {
			const res = await new TestClient(shop.app).register('taken@example.co.uk')
			statuses.push(res.status)
			last = await text(res)
		}
		// The first registration used one of the three; two more 'already exists', then 429.
		expect(statuses.slice(0, 2)).toEqual([400, 400])
		expect(statuses.slice(2)).toEqual(Array(10).fill(429))
		expect(last).toContain(AUTH_MESSAGES.tooManyRegistrations)
		expect(last).not.toContain(AUTH_MESSAGES.emailInUse)
	})

	it('queues at most three reset emails an hour, and only the newest link works', async () => {
		const client = new TestClient(shop.app)
		await client.register('resetter@example.co.uk')
		await client.post('/auth', { intent: 'signout' })
		const statuses = await Promise.all(
			Array.from({ length: 8 }, () =>
				new TestClient(shop.app)
					.post('/auth', { intent: 'reset', email: 'resetter@example.co.uk' })
					.then((res) => res.status),
			),
		)
		expect(statuses.filter((s) => s === 200)).toHaveLength(3)
		expect(statuses.filter((s) => s === 429)).toHaveLength(5)
		const queued = await shop.app.database.db
			.select()
			.from(emailOutbox)
			.where(
				and(eq(emailOutbox.to, 'resetter@example.co.uk'), eq(emailOutbox.kind, 'password-reset')),
			)
		expect(queued).toHaveLength(3)
		const [owner] = await shop.app.database.db
			.select()
			.from(user)
			.where(eq(user.email, 'resetter@example.co.uk'))
		const tokens = await shop.app.database.db
			.select()
			.from(verification)
			.where(
				and(eq(verification.value, owner!.id), like(verification.identifier, 'reset-password:%')),
			)
		expect(tokens).toHaveLength(1)
		const link = encodeURIComponent(tokens[0]!.identifier.slice('reset-password:'.length))
		expect(queued.filter((email) => email.text.includes(link))).toHaveLength(1)
	})
})

describe('failed sign-ins', () => {
	const signIn = (client: TestClient, password: string) =>
		client.post('/auth', { intent: 'signin', email: 'slowed@example.co.uk', password })
	/** Moves the email's last failure `seconds` into the past, as if the wait had passed. */
	const age = (seconds: number) =>
		shop.app.database.db.execute(
			sql`update ${loginAttempts} set last_at = last_at - make_interval(secs => ${seconds}), window_start = window_start - make_interval(secs => ${seconds}) where key like 'signin:%'`,
		)

	it('slows sign-in down with a growing delay instead of locking the owner out', async () => {
		const owner = new TestClient(shop.app)
		await owner.register('slowed@example.co.uk')
		await owner.post('/auth', { intent: 'signout' })
		const attacker = new TestClient(shop.app)
		for (let i = 0; i < 5; i++) expect((await signIn(attacker, `guess-${i}`)).status).toBe(400)
		const refused = await signIn(owner, PASSWORD)
		expect(refused.status).toBe(429)
		expect(await text(refused)).toContain(AUTH_MESSAGES.tooManyAttempts)
		// After the first delay (1 s) the right password works again: no fixed 15-minute lock.
		await age(2)
		expect((await signIn(owner, PASSWORD)).status).toBe(302)
	})

	it('makes each further failure wait longer, and a password reset clears it', async () => {
		const attacker = new TestClient(shop.app)
		for (let i = 0; i < 8; i++) {
			await age(3600)
			await signIn(attacker, `guess-${i}`)
		}
		// Eight failures: 2^(8-5) = 8 s to wait; 5 s is not enough, but a reset lifts it at once.
		await age(5)
		expect((await signIn(new TestClient(shop.app), PASSWORD)).status).toBe(429)
		await new TestClient(shop.app).post('/auth', { intent: 'reset', email: 'slowed@example.co.uk' })
		const [row] = await shop.app.database.db
			.select({ identifier: verification.identifier })
			.from(verification)
			.innerJoin(user, eq(user.id, verification.value))
			.where(eq(user.email, 'slowed@example.co.uk'))
		const token = row!.identifier.slice('reset-password:'.length)
		const done = await new TestClient(shop.app).post('/auth/reset-password', {
			token,
			password: 'a brand new phrase',
			confirmPassword: 'a brand new phrase',
		})
		expect(done.status).toBe(302)
		expect((await signIn(new TestClient(shop.app), 'a brand new phrase')).status).toBe(302)
	})
})

describe('parallel guesses and trusted browsers', () => {
	// Every test client comes from 127.0.0.1: start each test with that address's counter clear.
	beforeEach(() =>
		shop.app.database.db.delete(loginAttempts).where(like(loginAttempts.key, 'signin:ip:%')),
	)
	const guess = (client: TestClient, email: string, password: string) =>
		client.post('/auth', { intent: 'signin', email, password })

	/**
	 * Nine failures an hour ago: the next guess is looked at, and then the wait is 32 s. Guesses
	 * sent together must see each other's claim: exactly one is looked at, however slowly the
	 * machine runs them (a read-then-write check let all of them through).
	 */
	const afterNineFailures = (email: string) =>
		shop.app.database.db.insert(loginAttempts).values({
			key: `signin:email:${crypto.createHash('sha256').update(email).digest('hex')}`,
			failures: 9,
			windowStart: new Date(),
			lastAt: new Date(Date.now() - 3_600_000),
		})

	/** Twelve failures, the last one just now: the email waits 2^7 = 128 s. */
	const failedJustNow = (email: string) =>
		shop.app.database.db.insert(loginAttempts).values({
			key: `signin:email:${crypto.createHash('sha256').update(email).digest('hex')}`,
			failures: 12,
			windowStart: new Date(),
			lastAt: new Date(),
		})

	it('counts guesses sent in parallel one by one: of twelve, one is looked at', async () => {
		await afterNineFailures('parallel@example.co.uk')
		const statuses = await Promise.all(
			Array.from({ length: 12 }, (_, i) =>
				guess(new TestClient(shop.app), 'parallel@example.co.uk', `guess-${i}`).then(
					(r) => r.status,
				),
			),
		)
		expect(statuses.filter((s) => s === 400)).toHaveLength(1)
		expect(statuses.filter((s) => s === 429)).toHaveLength(11)
	})

	it('counts parallel guesses of the current password (re-authentication) the same way', async () => {
		const client = new TestClient(shop.app)
		await client.register('reauth-parallel@example.co.uk')
		await afterNineFailures('reauth-parallel@example.co.uk')
		const statuses = await Promise.all(
			Array.from({ length: 12 }, (_, i) =>
				client
					.post('/auth', {
						intent: 'delete-account',
						confirm: 'yes',
						currentPassword: `guess-${i}`,
					})
					.then((r) => r.status),
			),
		)
		expect(statuses.filter((s) => s === 400)).toHaveLength(1)
		expect(statuses.filter((s) => s === 429)).toHaveLength(11)
	})

	it('lets a browser that signed in to the account before past the wait a stranger causes', async () => {
		const owner = new TestClient(shop.app)
		await owner.register('trusted@example.co.uk')
		await owner.post('/auth', { intent: 'signout' })
		expect((await guess(owner, 'trusted@example.co.uk', PASSWORD)).status).toBe(302)
		await owner.post('/auth', { intent: 'signout' })
		// A stranger keeps the email waiting: twelve failures, the last just now (128 s) …
		await failedJustNow('trusted@example.co.uk')
		const stranger = new TestClient(shop.app)
		expect((await guess(stranger, 'trusted@example.co.uk', PASSWORD)).status).toBe(429)
		const forged = new TestClient(shop.app)
		forged.cookies.set('koi_device', `${'A'.repeat(22)}.${'B'.repeat(43)}`)
		expect((await guess(forged, 'trusted@example.co.uk', PASSWORD)).status).toBe(429)
		// … but the owner's browser signs in at once (which clears the email's failures) …
		expect((await guess(owner, 'trusted@example.co.uk', PASSWORD)).status).toBe(302)
		// … and its cookie is worth nothing for another account, which is still waiting.
		await failedJustNow('other@example.co.uk')
		const copied = new TestClient(shop.app)
		copied.cookies.set('koi_device', owner.cookies.get('koi_device')!)
		expect((await guess(copied, 'other@example.co.uk', 'whatever it is')).status).toBe(429)
	})
})
