import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { and, eq, like, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { BEARER_REQUEST_HEADER } from '~/.server/auth/bearer-on-request'
import { sessionCacheFor } from '~/.server/auth/session-cache'
import { emailOutbox, loginAttempts, session, user, verification } from '~/.server/db/schema'
import { ORDER_QUOTA, TOO_MANY_ORDERS_MESSAGE } from '~/.server/orders/order-quota'
import { AUTH_MESSAGES } from '~/lib/auth-forms'
import { startTestApp, type TestApp } from '../support/app'
import { createAdmin, createCustomer, sampleDelivery } from '../support/factories'
import { TestClient } from '../support/session'

/**
 * These tests change sessions in the database behind the app's back; the app believes a session
 * it looked up for SESSION_CACHE_MS (session-cache.ts), so they drop that memory to see the change now.
 */
const forgetCachedSessions = () => sessionCacheFor(app.runtime.auth).forget('all')

let app: TestApp
beforeAll(async () => {
	app = await startTestApp()
})
afterAll(async () => {
	await app?.close()
})

const PASSWORD = 'correct horse battery'

describe('session token exposure', () => {
	it('never hands page scripts the session token on the cookie sign-in and registration', async () => {
		const client = new TestClient(app)
		const registered = await client.register('cookie-only@example.co.uk')
		expect(registered.status).toBe(302)
		expect(registered.headers.get('set-auth-token')).toBeNull()
		expect(registered.headers.get('access-control-expose-headers') ?? '').not.toMatch(/auth-token/i)
		await client.post('/auth', { intent: 'signout' })
		const signedIn = await client.post('/auth', {
			intent: 'signin',
			email: 'cookie-only@example.co.uk',
			password: PASSWORD,
		})
		expect(signedIn.status).toBe(302)
		expect(signedIn.headers.get('set-auth-token')).toBeNull()
		expect(signedIn.headers.get('access-control-expose-headers') ?? '').not.toMatch(/auth-token/i)
	})

	it('gives a client that asks for one a bearer token the API accepts', async () => {
		const { headers } = await app.runtime.auth.api.signInEmail({
			body: { email: 'cookie-only@example.co.uk', password: PASSWORD },
			headers: new Headers({ [BEARER_REQUEST_HEADER]: '1' }),
			returnHeaders: true,
		})
		const token = headers.get('set-auth-token')
		expect(token).toBeTruthy()
		const found = await app.runtime.auth.api.getSession({
			headers: new Headers({ authorization: `Bearer ${token}` }),
		})
		expect(found?.user.email).toBe('cookie-only@example.co.uk')
		// The raw token is what the database (and a backup) holds: alone it is worth nothing.
		const raw = token!.split('.')[0]
		const [row] = await app.database.db.select().from(session).where(eq(session.token, raw!))
		expect(row).toBeDefined()
		forgetCachedSessions()
		expect(
			await app.runtime.auth.api.getSession({
				headers: new Headers({ authorization: `Bearer ${raw}` }),
			}),
		).toBeNull()
		const api = await app.request('/api/placeOrder', {
			method: 'POST',
			headers: { 'content-type': 'application/json', authorization: `Bearer ${raw}` },
			body: '{}',
		})
		expect(api.status).toBe(401)
	})
})

const text = async (res: Response) =>
	(await res.text()).replace(/<!-- -->/g, '').replace(/&#x27;/g, "'")

describe('throttling registration and password reset', () => {
	it('answers twelve quick registrations with a taken email with 429 after the first few', async () => {
		await new TestClient(app).register('taken@example.co.uk')
		const statuses: number[] = []
		let last = ''
		for (let i = 0; i < 12; i++) {
			const res = await new TestClient(app).register('taken@example.co.uk')
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
		const client = new TestClient(app)
		await client.register('resetter@example.co.uk')
		await client.post('/auth', { intent: 'signout' })
		const statuses = await Promise.all(
			Array.from({ length: 8 }, () =>
				new TestClient(app)
					.post('/auth', { intent: 'reset', email: 'resetter@example.co.uk' })
					.then((res) => res.status),
			),
		)
		expect(statuses.filter((s) => s === 200)).toHaveLength(3)
		expect(statuses.filter((s) => s === 429)).toHaveLength(5)
		const queued = await app.database.db
			.select()
			.from(emailOutbox)
			.where(
				and(eq(emailOutbox.to, 'resetter@example.co.uk'), eq(emailOutbox.kind, 'password-reset')),
			)
		expect(queued).toHaveLength(3)
		const [owner] = await app.database.db
			.select()
			.from(user)
			.where(eq(user.email, 'resetter@example.co.uk'))
		const tokens = await app.database.db
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
		app.database.db.execute(
			sql`update ${loginAttempts} set last_at = last_at - make_interval(secs => ${seconds}), window_start = window_start - make_interval(secs => ${seconds}) where key like 'signin:%'`,
		)

	it('slows sign-in down with a growing delay instead of locking the owner out', async () => {
		const owner = new TestClient(app)
		await owner.register('slowed@example.co.uk')
		await owner.post('/auth', { intent: 'signout' })
		const attacker = new TestClient(app)
		for (let i = 0; i < 5; i++) expect((await signIn(attacker, `guess-${i}`)).status).toBe(400)
		const refused = await signIn(owner, PASSWORD)
		expect(refused.status).toBe(429)
		expect(await text(refused)).toContain(AUTH_MESSAGES.tooManyAttempts)
		// After the first delay (1 s) the right password works again: no fixed 15-minute lock.
		await age(2)
		expect((await signIn(owner, PASSWORD)).status).toBe(302)
	})

	it('makes each further failure wait longer, and a password reset clears it', async () => {
		const attacker = new TestClient(app)
		for (let i = 0; i < 8; i++) {
			await age(3600)
			await signIn(attacker, `guess-${i}`)
		}
		// Eight failures: 2^(8-5) = 8 s to wait; 5 s is not enough, but a reset lifts it at once.
		await age(5)
		expect((await signIn(new TestClient(app), PASSWORD)).status).toBe(429)
		await new TestClient(app).post('/auth', { intent: 'reset', email: 'slowed@example.co.uk' })
		const [row] = await app.database.db
			.select({ identifier: verification.identifier })
			.from(verification)
			.innerJoin(user, eq(user.id, verification.value))
			.where(eq(user.email, 'slowed@example.co.uk'))
		const token = row!.identifier.slice('reset-password:'.length)
		const done = await new TestClient(app).post('/auth/reset-password', {
			token,
			password: 'a brand new phrase',
			confirmPassword: 'a brand new phrase',
		})
		expect(done.status).toBe(302)
		expect((await signIn(new TestClient(app), 'a brand new phrase')).status).toBe(302)
	})
})

describe('parallel guesses and trusted browsers', () => {
	// Every test client comes from 127.0.0.1: start each test with that address's counter clear.
	beforeEach(() =>
		app.database.db.delete(loginAttempts).where(like(loginAttempts.key, 'signin:ip:%')),
	)
	const guess = (client: TestClient, email: string, password: string) =>
		client.post('/auth', { intent: 'signin', email, password })

	/**
	 * Nine failures an hour ago: the next guess is looked at, and then the wait is 32 s. Guesses
	 * sent together must see each other's claim: exactly one is looked at, however slowly the
	 * machine runs them (a read-then-write check let all of them through).
	 */
	const afterNineFailures = (email: string) =>
		app.database.db.insert(loginAttempts).values({
			key: `signin:email:${crypto.createHash('sha256').update(email).digest('hex')}`,
			failures: 9,
			windowStart: new Date(),
			lastAt: new Date(Date.now() - 3_600_000),
		})

	/** Twelve failures, the last one just now: the email waits 2^7 = 128 s. */
	const failedJustNow = (email: string) =>
		app.database.db.insert(loginAttempts).values({
			key: `signin:email:${crypto.createHash('sha256').update(email).digest('hex')}`,
			failures: 12,
			windowStart: new Date(),
			lastAt: new Date(),
		})

	it('counts guesses sent in parallel one by one: of twelve, one is looked at', async () => {
		await afterNineFailures('parallel@example.co.uk')
		const statuses = await Promise.all(
			Array.from({ length: 12 }, (_, i) =>
				guess(new TestClient(app), 'parallel@example.co.uk', `guess-${i}`).then((r) => r.status),
			),
		)
		expect(statuses.filter((s) => s === 400)).toHaveLength(1)
		expect(statuses.filter((s) => s === 429)).toHaveLength(11)
	})

	it('counts parallel guesses of the current password (re-authentication) the same way', async () => {
		const client = new TestClient(app)
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
		const owner = new TestClient(app)
		await owner.register('trusted@example.co.uk')
		await owner.post('/auth', { intent: 'signout' })
		expect((await guess(owner, 'trusted@example.co.uk', PASSWORD)).status).toBe(302)
		await owner.post('/auth', { intent: 'signout' })
		// A stranger keeps the email waiting: twelve failures, the last just now (128 s) …
		await failedJustNow('trusted@example.co.uk')
		const stranger = new TestClient(app)
		expect((await guess(stranger, 'trusted@example.co.uk', PASSWORD)).status).toBe(429)
		const forged = new TestClient(app)
		forged.cookies.set('koi_device', `${'A'.repeat(22)}.${'B'.repeat(43)}`)
		expect((await guess(forged, 'trusted@example.co.uk', PASSWORD)).status).toBe(429)
		// … but the owner's browser signs in at once (which clears the email's failures) …
		expect((await guess(owner, 'trusted@example.co.uk', PASSWORD)).status).toBe(302)
		// … and its cookie is worth nothing for another account, which is still waiting.
		await failedJustNow('other@example.co.uk')
		const copied = new TestClient(app)
		copied.cookies.set('koi_device', owner.cookies.get('koi_device')!)
		expect((await guess(copied, 'other@example.co.uk', 'whatever it is')).status).toBe(429)
	})
})

describe('passwords', () => {
	it('refuses the most common passwords at registration, reset and change', async () => {
		for (const common of ['password1', 'qwertyuiop', 'Baseball']) {
			const res = await new TestClient(app).register('common@example.co.uk', common)
			expect(res.status, common).toBe(400)
			expect(await text(res)).toContain(AUTH_MESSAGES.weakPassword)
		}
		const client = new TestClient(app)
		await client.register('changer@example.co.uk')
		const weak = await client.post('/auth', {
			intent: 'change-password',
			currentPassword: PASSWORD,
			password: 'iloveyou',
			confirmPassword: 'iloveyou',
		})
		expect(weak.status).toBe(400)
		expect(await text(weak)).toContain(AUTH_MESSAGES.weakPassword)
	})
})

describe('re-authentication', () => {
	it('changes the password only with the current one, and signs other devices out', async () => {
		const laptop = new TestClient(app)
		await laptop.register('reauth@example.co.uk')
		const phone = new TestClient(app)
		await phone.post('/auth', {
			intent: 'signin',
			email: 'reauth@example.co.uk',
			password: PASSWORD,
		})
		const change = (currentPassword: string) =>
			laptop.post('/auth', {
				intent: 'change-password',
				currentPassword,
				password: 'a much better phrase',
				confirmPassword: 'a much better phrase',
			})
		const wrong = await change('not the password')
		expect(wrong.status).toBe(400)
		expect(await text(wrong)).toContain(AUTH_MESSAGES.currentPasswordWrong)
		const done = await change(PASSWORD)
		expect(done.status).toBe(302)
		const page = await text(await laptop.request(done.headers.get('location')!))
		expect(page).toContain('My Account')
		expect(page).toContain(AUTH_MESSAGES.passwordChanged)
		expect(await text(await phone.request('/auth'))).toContain('Sign In or Register')
	})

	it('deletes the account only with the current password', async () => {
		const client = new TestClient(app)
		await client.register('leaver@example.co.uk')
		const attempt = (fields: Record<string, string>) =>
			client.post('/auth', { intent: 'delete-account', confirm: 'yes', ...fields })
		expect((await attempt({})).status).toBe(400)
		const wrong = await attempt({ currentPassword: 'guess guess' })
		expect(wrong.status).toBe(400)
		expect(await text(wrong)).toContain(AUTH_MESSAGES.currentPasswordWrong)
		const still = await app.database.db
			.select()
			.from(user)
			.where(eq(user.email, 'leaver@example.co.uk'))
		expect(still).toHaveLength(1)
		const gone = await attempt({ currentPassword: PASSWORD })
		expect(gone.headers.get('location')).toBe('/?account=deleted')
	})
})

describe('session lifetime', () => {
	const sessionsOf = async (email: string) =>
		app.database.db
			.select({ id: session.id, createdAt: session.createdAt, expiresAt: session.expiresAt })
			.from(session)
			.innerJoin(user, eq(user.id, session.userId))
			.where(eq(user.email, email))

	it('has an absolute lifetime of 12 hours that use does not extend', async () => {
		const client = new TestClient(app)
		const res = await client.register('lifetime@example.co.uk')
		const cookie = res.headers.getSetCookie().find((c) => c.includes('session_token'))!
		expect(Number(/Max-Age=(\d+)/i.exec(cookie)?.[1])).toBe(12 * 60 * 60)
		const [before] = await sessionsOf('lifetime@example.co.uk')
		// better-auth stamps the two with separate clocks reads: a millisecond apart at most.
		const lifetime = (row: typeof before) => row!.expiresAt.getTime() - row!.createdAt.getTime()
		expect(Math.abs(lifetime(before) - 12 * 60 * 60 * 1000)).toBeLessThanOrEqual(5)
		// Eleven hours of steady use later, the expiry has not moved.
		await app.database.db.execute(
			sql`update ${session} set created_at = created_at - interval '11 hours', expires_at = expires_at - interval '11 hours', updated_at = now() - interval '2 minutes' where id = ${before!.id}`,
		)
		forgetCachedSessions()
		expect(await text(await client.request('/auth'))).toContain('My Account')
		const [after] = await sessionsOf('lifetime@example.co.uk')
		expect(lifetime(after)).toBe(lifetime(before))
		await app.database.db.execute(
			sql`update ${session} set expires_at = now() - interval '1 second', updated_at = now() where id = ${before!.id}`,
		)
		forgetCachedSessions()
		expect(await text(await client.request('/auth'))).toContain('Sign In or Register')
	})

	it('ends a session left idle for more than 30 minutes', async () => {
		const client = new TestClient(app)
		await client.register('idle@example.co.uk')
		const [current] = await sessionsOf('idle@example.co.uk')
		await app.database.db.execute(
			sql`update ${session} set updated_at = now() - interval '29 minutes' where id = ${current!.id}`,
		)
		forgetCachedSessions()
		expect(await text(await client.request('/auth'))).toContain('My Account')
		// That request counted as activity; 31 idle minutes from now it is over.
		await app.database.db.execute(
			sql`update ${session} set updated_at = now() - interval '31 minutes' where id = ${current!.id}`,
		)
		forgetCachedSessions()
		expect(await text(await client.request('/auth'))).toContain('Sign In or Register')
		expect(await sessionsOf('idle@example.co.uk')).toHaveLength(0)
	})
})

describe('placing orders', () => {
	const order = (client: TestClient, n: number) =>
		client.request('/api/placeOrder', {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({
				data: {
					cartItems: [{ id: '0', quantity: 1 + (n % 3), selectedSize: null, selectedOption: null }],
					deliveryInfo: sampleDelivery(),
					idempotencyKey: `quota-${n}-${crypto.randomUUID()}`,
				},
			}),
		})

	it('limits orders per account and per address in an hour, with a clear 429', async () => {
		await app.database.db.delete(loginAttempts).where(like(loginAttempts.key, 'order:%'))
		const first = await createCustomer(app)
		for (let n = 0; n < ORDER_QUOTA.perAccount; n++)
			expect((await order(first.client, n)).status, `order ${n + 1}`).toBe(200)
		const refused = await order(first.client, 99)
		expect(refused.status).toBe(429)
		expect(await refused.json()).toEqual({
			error: { status: 'RESOURCE_EXHAUSTED', message: TOO_MANY_ORDERS_MESSAGE },
		})
		// The checkout form says the same.
		const { notes: _notes, ...fields } = sampleDelivery()
		const form = await first.client.post('/checkout', {
			...fields,
			cart: JSON.stringify([{ id: '0', quantity: 1, selectedSize: null, selectedOption: null }]),
			idempotencyKey: 'quota-form-0001',
		})
		expect(form.status).toBe(429)
		expect(await text(form)).toContain('You have placed a lot of orders in a short time.')
		// Other accounts from the same address may go on, up to the address's own limit.
		let placed = ORDER_QUOTA.perAccount
		while (placed < ORDER_QUOTA.perIp) {
			const other = await createCustomer(app)
			for (let n = 0; n < ORDER_QUOTA.perAccount && placed < ORDER_QUOTA.perIp; n++, placed++)
				expect((await order(other.client, n)).status).toBe(200)
		}
		const last = await createCustomer(app)
		expect((await order(last.client, 0)).status).toBe(429)
		// The other tests place orders from this address too.
		await app.database.db.delete(loginAttempts).where(like(loginAttempts.key, 'order:%'))
	})
})

describe('account deletion', () => {
	it("deletes every email about the customer's orders, whatever address it went to", async () => {
		const customer = await createCustomer(app)
		const placed = await customer.client.request('/api/placeOrder', {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({
				data: {
					cartItems: [
						{ id: '145', quantity: 1, selectedSize: '5 m cable', selectedOption: 'Pump only' },
					],
					deliveryInfo: sampleDelivery({ email: 'gift-recipient@example.org' }),
				},
			}),
		})
		expect(placed.status).toBe(200)
		const { orderId } = (await placed.json()).data as { orderId: string }
		const about = () =>
			app.database.db
				.select({ to: emailOutbox.to, kind: emailOutbox.kind })
				.from(emailOutbox)
				.where(like(emailOutbox.subject, `%${orderId}%`))
		// The quote (with its payment link) goes to the order's own delivery email.
		const admin = await createAdmin(app)
		const quoted = await admin.client.request('/api/createPaymentLink', {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ data: { orderId, deliveryCost: 12.5 } }),
		})
		expect(quoted.status).toBe(200)
		expect((await about()).map((m) => m.to)).toContain('gift-recipient@example.org')
		const gone = await customer.client.post('/auth', {
			intent: 'delete-account',
			confirm: 'yes',
			currentPassword: customer.password,
		})
		expect(gone.status).toBe(302)
		expect(await about()).toEqual([])
	})

	it('leaves no emails, .eml files, reset links or counters behind', async () => {
		const client = new TestClient(app)
		await client.register('erased@example.co.uk')
		await client.post('/auth', { intent: 'signout' })
		// The welcome email is delivered (sent row + .eml file); a reset email stays queued.
		await app.runtime.outbox.runOnce()
		await client.post('/auth', { intent: 'reset', email: 'erased@example.co.uk' })
		await client.post('/auth', {
			intent: 'signin',
			email: 'erased@example.co.uk',
			password: 'wrong one',
		})
		await client.post('/auth', {
			intent: 'signin',
			email: 'erased@example.co.uk',
			password: PASSWORD,
		})
		const [owner] = await app.database.db
			.select()
			.from(user)
			.where(eq(user.email, 'erased@example.co.uk'))
		const mail = () =>
			app.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'erased@example.co.uk'))
		expect((await mail()).map((m) => m.status).sort()).toEqual(['pending', 'sent'])
		const emlFiles = () =>
			fs.readdirSync(app.outboxDir).filter((file) => {
				const content = fs.readFileSync(path.join(app.outboxDir, file), 'utf8')
				return content.includes('erased@example.co.uk')
			})
		expect(emlFiles()).toHaveLength(1)

		const gone = await client.post('/auth', {
			intent: 'delete-account',
			confirm: 'yes',
			currentPassword: PASSWORD,
		})
		expect(gone.status).toBe(302)
		expect(await mail()).toHaveLength(0)
		expect(emlFiles()).toHaveLength(0)
		const tokens = await app.database.db
			.select()
			.from(verification)
			.where(eq(verification.value, owner!.id))
		expect(tokens).toHaveLength(0)
		const counters = await app.database.db
			.select()
			.from(loginAttempts)
			.where(like(loginAttempts.key, '%:email:%'))
		const hash = crypto.createHash('sha256').update('erased@example.co.uk').digest('hex')
		expect(counters.filter((row) => row.key.endsWith(hash))).toHaveLength(0)
	})
})
