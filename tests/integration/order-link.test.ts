import crypto from 'node:crypto'
import { eq, like, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { emailOutbox, loginAttempts, orderLinks } from '~/.server/db/schema'
import { ORDER_LINK_PLACEHOLDER } from '~/.server/email/order-link'
import { ORDER_LINK_SENT_MESSAGE } from '~/lib/order-link-schema'
import { createCustomer, insertOrder } from '../support/factories'
import { emailsTo, orderLinksIn } from '../support/order-links'
import { TestClient } from '../support/session'
import { adminDoes, pageText, setUpShop } from '../support/shop'

/** Issue 30 items 2–3: the private link to a customer's order page (split from order-page.test.ts). */
const shop = setUpShop({ withAdmin: true })

describe('the private order link', () => {
	it('comes in every customer order email, works signed out, and only the hash is stored', async () => {
		const customer = await createCustomer(shop.app)
		const order = await insertOrder(shop.app.database.db, {
			userId: customer.id,
			deliveryInfo: { email: customer.email },
		})
		await adminDoes(shop, order.id, { intent: 'set-delivery-cost', deliveryCost: '20' })
		// Queued with a placeholder: the outbox row (and any backup of it) holds no working link.
		const [queued] = await shop.app.database.db
			.select()
			.from(emailOutbox)
			.where(sql`${emailOutbox.headers}->>'X-Shop-Order-Link' = ${order.id}`)
		expect(queued!.html).toContain(ORDER_LINK_PLACEHOLDER)
		const all = await emailsTo(shop.app, customer.email)
		const eml = all.find((e) => e.includes('Your order is ready to pay'))
		expect(eml).toContain('View your order')
		expect(eml).not.toContain(ORDER_LINK_PLACEHOLDER)
		expect(eml).not.toContain('X-Shop-Order-Link')
		const links = orderLinksIn(eml!)
		expect(links.length).toBeGreaterThanOrEqual(2) // the HTML button and the text version
		const link = links[0]!
		const key = new URL(link, shop.app.url).searchParams.get('key')!
		const stored = await shop.app.database.db
			.select()
			.from(orderLinks)
			.where(eq(orderLinks.orderId, order.id))
		expect(stored).toHaveLength(1)
		expect(stored[0]!.tokenHash).toBe(crypto.createHash('sha256').update(key).digest('hex'))
		expect(JSON.stringify(stored)).not.toContain(key)
		const days = (stored[0]!.expiresAt.getTime() - stored[0]!.createdAt.getTime()) / 86_400_000
		expect(Math.round(days)).toBe(90)

		const stranger = new TestClient(shop.app)
		const res = await stranger.request(link)
		expect(res.status).toBe(200)
		expect(res.headers.get('referrer-policy')).toBe('no-referrer')
		const html = await pageText(res)
		expect(html).toContain(`Order ${order.id}`)
		expect(html).toContain('Pay £269.99 by')
		// The key opens this order only, and stops working when it expires.
		const another = await insertOrder(shop.app.database.db, { userId: customer.id })
		expect((await stranger.request(`/account/orders/${another.id}?key=${key}`)).status).toBe(404)
		await shop.app.database.db
			.update(orderLinks)
			.set({ expiresAt: new Date(Date.now() - 1000) })
			.where(eq(orderLinks.orderId, order.id))
		const expired = await stranger.request(link)
		expect(expired.status).toBe(404)
		expect(await pageText(expired)).toContain('This order link has expired or is not right')
	})

	it('is in the order confirmation email of an order placed at checkout', async () => {
		const customer = await createCustomer(shop.app)
		const res = await customer.client.post('/checkout', {
			firstName: 'Morag',
			lastName: 'Mackenzie',
			address1: '12 Loch Road',
			address2: '',
			city: 'Inverness',
			postcode: 'IV2 3XY',
			phone: '01463 123456',
			email: '',
			notes: '',
			cart: JSON.stringify([
				{
					id: '145',
					quantity: 1,
					selectedSize: '5 m cable',
					selectedOption: 'Pump only',
					code: 'PU-VARI-16000',
				},
			]),
			idempotencyKey: crypto.randomUUID(),
		})
		const orderId = res.headers.get('location')!.split('=')[1]!
		const emails = await emailsTo(shop.app, customer.email)
		const confirmation = emails.find((eml) => eml.includes('Your order request'))!
		const [link] = orderLinksIn(confirmation)
		expect(link).toContain(`/account/orders/${orderId}?key=`)
		expect((await new TestClient(shop.app).request(link!)).status).toBe(200)
	})

	it('emails a fresh link to the stored address only, with the same answer either way', async () => {
		const customer = await createCustomer(shop.app)
		const stored = `stored-${crypto.randomBytes(3).toString('hex')}@example.co.uk`
		const order = await insertOrder(shop.app.database.db, {
			userId: customer.id,
			deliveryInfo: { email: stored },
		})
		const visitor = new TestClient(shop.app)
		const ask = (email: string) =>
			visitor.post('/account/orders/new-link', { orderId: order.id.toLowerCase(), email })
		const wrong = await ask('someone-else@example.co.uk')
		expect(wrong.status).toBe(200)
		expect(await pageText(wrong)).toContain(ORDER_LINK_SENT_MESSAGE)
		expect(await emailsTo(shop.app, 'someone-else@example.co.uk')).toHaveLength(0)
		expect(await emailsTo(shop.app, stored)).toHaveLength(0)
		const right = await ask(stored.toUpperCase())
		expect(right.status).toBe(200)
		expect(await pageText(right)).toContain(ORDER_LINK_SENT_MESSAGE)
		const emails = await emailsTo(shop.app, stored)
		expect(emails).toHaveLength(1)
		const [link] = orderLinksIn(emails[0]!)
		expect((await visitor.request(link!)).status).toBe(200)
		// Strangers' wrong addresses do not use up the order's links (issue 57 item 9)…
		for (let i = 0; i < 5; i++) expect((await ask(`x${i}@example.co.uk`)).status).toBe(200)
		expect((await ask(stored)).status).toBe(200)
		expect((await ask(stored)).status).toBe(200)
		expect(await emailsTo(shop.app, stored)).toHaveLength(3)
		// …which are three an hour, past which the answer is the same and nothing is sent.
		const fourth = await ask(stored)
		expect(fourth.status).toBe(200)
		expect(await pageText(fourth)).toContain(ORDER_LINK_SENT_MESSAGE)
		expect(await emailsTo(shop.app, stored)).toHaveLength(3)
		// The address is counted on every attempt: twenty an hour, then a clear refusal.
		const statuses: number[] = []
		for (let i = 0; i < 12; i++) statuses.push((await ask(`y${i}@example.co.uk`)).status)
		expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true)
		expect(statuses.slice(10)).toEqual([429, 429])
		// This file's other tests ask from the same address.
		await shop.app.database.db
			.delete(loginAttempts)
			.where(like(loginAttempts.key, 'order-link:ip:%'))
		const bad = await visitor.post('/account/orders/new-link', { orderId: 'nope', email: 'x' })
		expect(bad.status).toBe(400)
	})

	it('fills in the order number from a lost link, and echoes nothing else', async () => {
		const visitor = new TestClient(shop.app)
		const filled = await pageText(await visitor.request('/account/orders/new-link?order=kp-7f3k9q'))
		expect(filled).toContain('value="KP-7F3K9Q"')
		const junk = await pageText(
			await visitor.request('/account/orders/new-link?order=%22%3E%3Cb%3Ejunk'),
		)
		expect(junk).toContain('Get a link to your order')
		expect(junk).not.toContain('<b>junk')
		expect(junk).not.toMatch(/id="order-link-orderId"[^>]*value=/)
	})

	it('stops working when the customer deletes their account', async () => {
		const customer = await createCustomer(shop.app)
		const order = await insertOrder(shop.app.database.db, {
			userId: customer.id,
			deliveryInfo: { email: customer.email },
		})
		await customer.client.post('/account/orders/new-link', {
			orderId: order.id,
			email: customer.email,
		})
		const [link] = orderLinksIn((await emailsTo(shop.app, customer.email)).at(-1)!)
		expect((await shop.app.request(link!)).status).toBe(200)
		const gone = await customer.client.post('/auth', {
			intent: 'delete-account',
			confirm: 'yes',
			currentPassword: customer.password,
		})
		expect(gone.status).toBe(302)
		expect((await shop.app.request(link!)).status).toBe(404)
	})
})
