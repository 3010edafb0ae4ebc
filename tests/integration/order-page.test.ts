import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { orders } from '~/.server/db/schema'
import { createCustomer, insertOrder } from '../support/factories'
import { adminDoes, pageText, setUpShop } from '../support/shop'

/** Issue 30 items 1–3: the customer's order page and its private link. */
const shop = setUpShop({ withAdmin: true })

/** A page as HTML with the per-response nonce taken out, to compare two answers. */
const comparable = async (res: Response) =>
	(await pageText(res)).replace(/nonce="[^"]*"/g, '').replace(/"nonce":"[^"]*"/g, '')

describe('the order page for its owner', () => {
	it('shows the order, never cached, never indexed, and no Referer for the key', async () => {
		const customer = await createCustomer(shop.app)
		const order = await insertOrder(shop.app.database.db, {
			userId: customer.id,
			deliveryInfo: { notes: 'Leave by the side gate' },
		})
		const res = await customer.client.request(`/account/orders/${order.id}`)
		expect(res.status).toBe(200)
		expect(res.headers.get('cache-control')).toContain('no-store')
		expect(res.headers.get('referrer-policy')).toBe('no-referrer')
		expect(res.headers.get('x-robots-tag')).toBe('noindex')
		const html = await pageText(res)
		expect(html).toContain('<meta name="robots" content="noindex"/>')
		expect(html).toContain(`Order ${order.id}`)
		expect(html).toContain('Oase BioSmart 18000 Filter × 1')
		// Worded as on the confirmation page (spec: 'Delivery: To be confirmed').
		expect(html).toContain('<dt>Delivery:</dt><dd>To be confirmed</dd>')
		expect(html).not.toContain('Delivery to be confirmed')
		expect(html).toContain('12 Loch Road')
		expect(html).toContain('Leave by the side gate')
		expect(html).toContain(
			'We are working out your delivery cost — usually within one working day.',
		)
		expect(html).toContain('Order requested')
		// No documents yet (nothing is paid): that slot renders nothing.
		expect(html).not.toContain('id="documents-heading"')
		// Not yet dispatched: the customer may cancel it here (customer-cancel.test.ts).
		expect(html).toContain('Cancel this order')
	})

	it('is linked from My Account and the confirmation page', async () => {
		const customer = await createCustomer(shop.app)
		const order = await insertOrder(shop.app.database.db, { userId: customer.id })
		const link = `href="/account/orders/${order.id}"`
		expect(await pageText(await customer.client.request('/auth?tab=orders'))).toContain(link)
		expect(
			await pageText(await customer.client.request(`/order-confirmation?order=${order.id}`)),
		).toContain(link)
	})

	it('follows the order with the next step in one sentence, and hides staff notes', async () => {
		const customer = await createCustomer(shop.app)
		const order = await insertOrder(shop.app.database.db, { userId: customer.id })
		const page = async () => pageText(await customer.client.request(`/account/orders/${order.id}`))
		await adminDoes(shop, order.id, { intent: 'add-note', note: 'Staff only: grumpy on the phone' })
		await adminDoes(shop, order.id, { intent: 'set-delivery-cost', deliveryCost: '45.50' })
		const [quoted] = await shop.app.database.db.select().from(orders).where(eq(orders.id, order.id))
		const heldUntil = new Intl.DateTimeFormat('en-GB', {
			day: 'numeric',
			month: 'short',
			year: 'numeric',
			timeZone: 'Europe/London',
		}).format(quoted!.quoteExpiresAt!)
		let html = await page()
		expect(html).toContain(`Pay £295.49 by ${heldUntil}.`)
		expect(html).toContain(`href="/pay/${quoted!.paymentLinkId}"`)
		expect(html).toContain('Quoted and payment link sent')
		expect(html).toContain(`Total £295.49 including delivery, price held until ${heldUntil}.`)
		expect(html).not.toContain('grumpy')
		await adminDoes(shop, order.id, { intent: 'mark-paid' })
		expect(await page()).toContain('we are getting your order ready')
		await adminDoes(shop, order.id, {
			intent: 'mark-shipped',
			carrier: 'DPD',
			trackingReference: '15501234567890',
		})
		html = await page()
		expect(html).toContain('On its way with DPD.')
		expect(html).toContain('href="https://track.dpd.co.uk/parcels/15501234567890"')
		expect(html).toContain('With DPD. Tracking reference 15501234567890.')
		await adminDoes(shop, order.id, { intent: 'mark-delivered' })
		html = await page()
		expect(html).toMatch(/Delivered on \d{1,2} [A-Z][a-z]{2} \d{4}\./)
		for (const title of ['Order requested', 'Quoted and payment link sent', 'Paid', 'Dispatched'])
			expect(html).toContain(title)
		expect(html).not.toContain('grumpy')
		expect(html).not.toContain('Staff only')
	})

	it.each([
		[
			'delivery_confirmed',
			'We have confirmed your delivery cost and will email you a link to pay shortly.',
		],
		['cancelled', 'This order has been cancelled.'],
	] as const)('says where a %s order stands', async (status, sentence) => {
		const customer = await createCustomer(shop.app)
		const order = await insertOrder(shop.app.database.db, { userId: customer.id, status })
		expect(await pageText(await customer.client.request(`/account/orders/${order.id}`))).toContain(
			sentence,
		)
	})

	it('offers a new quote instead of Pay once the quoted price has expired', async () => {
		const customer = await createCustomer(shop.app)
		const order = await insertOrder(shop.app.database.db, {
			userId: customer.id,
			status: 'payment_pending',
		})
		await shop.app.database.db
			.update(orders)
			.set({ quoteExpiresAt: new Date('2026-01-02T17:00:00Z') })
			.where(eq(orders.id, order.id))
		const html = await pageText(await customer.client.request(`/account/orders/${order.id}`))
		expect(html).toContain('The price we quoted was held until 2 Jan 2026')
		expect(html).toContain('Ask for a new quote')
		expect(html).not.toContain('Pay £')
	})
})

describe('the same 404 for anyone else', () => {
	it('answers another customer, a signed-out visitor and a wrong key exactly as a missing order', async () => {
		const owner = await createCustomer(shop.app)
		const order = await insertOrder(shop.app.database.db, { userId: owner.id })
		const other = await createCustomer(shop.app)
		const missing = await shop.app.request('/account/orders/KP-222222')
		expect(missing.status).toBe(404)
		expect(missing.headers.get('cache-control')).toContain('no-store')
		const expected = await comparable(missing)
		// Not the site's 'Page not found… mistyped': a lost link, and a fresh one for this order.
		expect(expected).toContain('This order link has expired or is not right')
		expect(expected).not.toContain('mistyped')
		expect(expected).toContain('href="/account/orders/new-link?order=KP-222222"')
		expect(expected).toContain('Email me a new link')
		const answers = [
			await other.client.request(`/account/orders/${order.id}`),
			await shop.app.request(`/account/orders/${order.id}`),
			await shop.app.request(`/account/orders/${order.id}?key=${'A'.repeat(43)}`),
			await shop.app.request(`/account/orders/${order.id}?key=short`),
		]
		for (const res of answers) {
			expect(res.status).toBe(404)
			expect((await comparable(res)).replace(new RegExp(order.id, 'g'), 'KP-222222')).toBe(expected)
		}
	})
})
