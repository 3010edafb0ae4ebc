import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { eq, like } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { emailOutbox, loginAttempts, orders, user, verification } from '~/.server/db/schema'
import { TOO_MANY_ORDERS_MESSAGE } from '~/.server/orders/placement/order-quota'
import { AUTH_MESSAGES } from '~/lib/auth-forms'
import { createAdmin, createCustomer, sampleDelivery } from '../support/factories'
import { emailsTo } from '../support/order-links'
import { TestClient } from '../support/session'
import { pageText, setUpShop } from '../support/shop'

/**
 * These tests change sessions in the database behind the app's back; the app believes a session
 * it looked up for SESSION_CACHE_MS (session-cache.ts), so they drop that memory to see the change now.
 */

const shop = setUpShop()

const PASSWORD = 'correct horse battery'
const text = pageText

describe('passwords', () => {
	it('refuses the most common passwords at registration, reset and change', async () => {
		for (const common of ['password1', 'qwertyuiop', 'Baseball']) {
			const res = await new TestClient(shop.app).register('common@example.co.uk', common)
			expect(res.status, common).toBe(400)
			expect(await text(res)).toContain(AUTH_MESSAGES.weakPassword)
		}
		const client = new TestClient(shop.app)
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
		const laptop = new TestClient(shop.app)
		await laptop.register('reauth@example.co.uk')
		const phone = new TestClient(shop.app)
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
		const client = new TestClient(shop.app)
		await client.register('leaver@example.co.uk')
		const attempt = (fields: Record<string, string>) =>
			client.post('/auth', { intent: 'delete-account', confirm: 'yes', ...fields })
		expect((await attempt({})).status).toBe(400)
		const wrong = await attempt({ currentPassword: 'guess guess' })
		expect(wrong.status).toBe(400)
		expect(await text(wrong)).toContain(AUTH_MESSAGES.currentPasswordWrong)
		const still = await shop.app.database.db
			.select()
			.from(user)
			.where(eq(user.email, 'leaver@example.co.uk'))
		expect(still).toHaveLength(1)
		const gone = await attempt({ currentPassword: PASSWORD })
		expect(gone.headers.get('location')).toBe('/?account=deleted')
	})
})

describe('placing orders', () => {
	const order = (
		client: TestClient,
		n: number,
		{ quantity = (1 + (n % 3)) as unknown, phone = sampleDelivery().phone } = {},
	) =>
		client.request('/api/placeOrder', {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({
				data: {
					cartItems: [{ id: '0', quantity, selectedSize: null, selectedOption: null }],
					deliveryInfo: sampleDelivery({ phone }),
					idempotencyKey: `quota-${n}-${crypto.randomUUID()}`,
				},
			}),
		})

	it('counts only accepted orders: mistakes in a request never use up the quota (issue 62 item 10)', async () => {
		await shop.app.database.db.delete(loginAttempts).where(like(loginAttempts.key, 'order:%'))
		const customer = await createCustomer(shop.app)
		const { notes: _notes, ...fields } = sampleDelivery()
		for (let n = 0; n <= shop.app.env.ORDERS_PER_HOUR; n++) {
			// A quantity that is not a number, a phone number with a letter, and the checkout's own cart.
			const wrong =
				n % 3 === 0
					? await order(customer.client, n, { quantity: 'two' })
					: n % 3 === 1
						? await order(customer.client, n, { phone: '01463 22O 000' })
						: await customer.client.post('/checkout', {
								...fields,
								cart: JSON.stringify([
									{ id: '0', quantity: 'lots', selectedSize: null, selectedOption: null },
								]),
								idempotencyKey: `invalid-form-${n}-0001`,
							})
			expect(wrong.status, `mistake ${n + 1}`).toBe(400)
			expect(await text(wrong)).not.toContain('placed a lot of orders')
		}
		const placed = await order(customer.client, 1)
		expect(placed.status).toBe(200)
		await shop.app.database.db.delete(loginAttempts).where(like(loginAttempts.key, 'order:%'))
	})

	it('limits orders per account and per address in an hour, with a clear 429', async () => {
		await shop.app.database.db.delete(loginAttempts).where(like(loginAttempts.key, 'order:%'))
		const first = await createCustomer(shop.app)
		for (let n = 0; n < shop.app.env.ORDERS_PER_HOUR; n++)
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
		let placed = shop.app.env.ORDERS_PER_HOUR
		while (placed < shop.app.env.ORDERS_PER_HOUR_PER_IP) {
			const other = await createCustomer(shop.app)
			for (
				let n = 0;
				n < shop.app.env.ORDERS_PER_HOUR && placed < shop.app.env.ORDERS_PER_HOUR_PER_IP;
				n++, placed++
			)
				expect((await order(other.client, n)).status).toBe(200)
		}
		const last = await createCustomer(shop.app)
		expect((await order(last.client, 0)).status).toBe(429)
		// The other tests place orders from this address too.
		await shop.app.database.db.delete(loginAttempts).where(like(loginAttempts.key, 'order:%'))
	})
})

describe('account deletion', () => {
	it("deletes every email about the customer's orders, whatever address it went to", async () => {
		const customer = await createCustomer(shop.app)
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
			shop.app.database.db
				.select({ to: emailOutbox.to, kind: emailOutbox.kind })
				.from(emailOutbox)
				.where(like(emailOutbox.subject, `%${orderId}%`))
		// The quote (with its payment link) goes to the order's own delivery email.
		const admin = await createAdmin(shop.app)
		const quoted = await admin.client.request('/api/createPaymentLink', {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ data: { orderId, deliveryCost: 12.5 } }),
		})
		expect(quoted.status).toBe(200)
		expect((await about()).map((m) => m.to)).toContain('gift-recipient@example.org')
		const row = async () =>
			(await shop.app.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!
		const before = await row()
		const gone = await customer.client.post('/auth', {
			intent: 'delete-account',
			confirm: 'yes',
			currentPassword: customer.password,
		})
		expect(gone.status).toBe(302)
		expect(await about()).toEqual([])
		// The order stays for the books without the person; its version moves, so a form opened
		// on the old details is refused as stale instead of writing them back.
		const after = await row()
		expect(after.userId).toBeNull()
		expect(after.deliveryInfo).toMatchObject({ firstName: 'Deleted', email: '', postcode: '' })
		expect(after.cartItems).toEqual(before.cartItems)
		expect(after.version).toBe(before.version + 1)
	})

	it('leaves no emails, .eml files, reset links or counters behind', async () => {
		const client = new TestClient(shop.app)
		await client.register('erased@example.co.uk')
		await client.post('/auth', { intent: 'signout' })
		// The welcome email is delivered (sent row + .eml file); a reset email stays queued.
		await shop.app.runtime.outbox.runOnce()
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
		const [owner] = await shop.app.database.db
			.select()
			.from(user)
			.where(eq(user.email, 'erased@example.co.uk'))
		const mail = () =>
			shop.app.database.db
				.select()
				.from(emailOutbox)
				.where(eq(emailOutbox.to, 'erased@example.co.uk'))
		expect((await mail()).map((m) => m.status).sort()).toEqual(['pending', 'sent'])
		const emlFiles = () =>
			fs.readdirSync(shop.app.outboxDir).filter((file) => {
				const content = fs.readFileSync(path.join(shop.app.outboxDir, file), 'utf8')
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
		const tokens = await shop.app.database.db
			.select()
			.from(verification)
			.where(eq(verification.value, owner!.id))
		expect(tokens).toHaveLength(0)
		const counters = await shop.app.database.db
			.select()
			.from(loginAttempts)
			.where(like(loginAttempts.key, '%:email:%'))
		const hash = crypto.createHash('sha256').update('erased@example.co.uk').digest('hex')
		expect(counters.filter((row) => row.key.endsWith(hash))).toHaveLength(0)
	})
})

describe('emails to an address nobody has verified (issue 57 item 7)', () => {
	it('repeats no name typed at registration in the welcome or reset email', async () => {
		const email = `victim-${crypto.randomUUID()}@example.co.uk`
		const bait = 'your parcel is held pay the fee at https://evil.example/fee'
		const client = new TestClient(shop.app)
		const res = await client.register(email, 'correct horse battery', {
			firstName: bait,
			lastName: 'Smith',
		})
		expect(res.status).toBe(302)
		await new TestClient(shop.app).post('/auth', { intent: 'reset', email })
		const sent = await emailsTo(shop.app, email)
		expect(sent.length).toBeGreaterThanOrEqual(2)
		for (const eml of sent) {
			expect(eml).not.toContain('evil.example')
			expect(eml).not.toContain('parcel is held')
		}
	})
})
