import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { orders } from '~/.server/db/schema'
import { createCustomer, insertOrder, sampleLine } from '../support/factories'
import { setUpShop } from '../support/shop'

const shop = setUpShop({ withAdmin: true })

const orderRow = async (id: string) =>
	(await shop.app.database.db.select().from(orders).where(eq(orders.id, id)))[0]!

describe('JSON API for payment links', () => {
	const call = (
		client: { request: (p: string, i: RequestInit) => Promise<Response> },
		path: string,
		body: unknown,
	) =>
		client.request(path, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ data: body }),
		})

	it('creates a link from a total or a delivery cost, computing the total itself', async () => {
		const order = await insertOrder(shop.app.database.db, { siteUrl: shop.app.url })
		const bad = await call(shop.admin.client, '/api/createPaymentLink', {
			orderId: order.id,
			totalCost: -5,
		})
		expect(bad.status).toBe(400)
		const both = await call(shop.admin.client, '/api/createPaymentLink', {
			orderId: order.id,
			totalCost: 300,
			deliveryCost: 5,
		})
		expect(both.status).toBe(400)
		const below = await call(shop.admin.client, '/api/createPaymentLink', {
			orderId: order.id,
			totalCost: 1,
		})
		expect(below.status).toBe(400)
		const missing = await call(shop.admin.client, '/api/createPaymentLink', {
			orderId: 'KP-ZZZZZZ',
			deliveryCost: 5,
		})
		expect(missing.status).toBe(404)
		const total = (order.subtotalPence + 1234) / 100
		const ok = await call(shop.admin.client, '/api/createPaymentLink', {
			orderId: order.id,
			totalCost: total,
		})
		expect(ok.status).toBe(200)
		const { data } = await ok.json()
		expect(data).toMatchObject({ success: true, totalCost: total })
		expect(data.paymentUrl).toMatch(new RegExp(`^${shop.app.url}/pay/`))
		expect((await orderRow(order.id)).deliveryCostPence).toBe(1234)

		const off = await call(shop.admin.client, '/api/deactivatePaymentLink', {
			orderId: order.id,
			paymentLinkId: data.paymentLinkId,
		})
		expect(off.status).toBe(200)
		expect((await orderRow(order.id)).paymentLinkActive).toBe(false)
		const again = await call(shop.admin.client, '/api/deactivatePaymentLink', {
			orderId: order.id,
			paymentLinkId: data.paymentLinkId,
		})
		expect(again.status).toBe(404)

		const cancelled = await insertOrder(shop.app.database.db, { status: 'cancelled' })
		const illegal = await call(shop.admin.client, '/api/createPaymentLink', {
			orderId: cancelled.id,
			deliveryCost: 5,
		})
		expect(illegal.status).toBe(409)
		expect((await illegal.json()).error.status).toBe('ABORTED')
		// Under the card minimum: refused with the reason, not a 503 and a stuck order.
		const penny = await insertOrder(shop.app.database.db, {
			lines: [sampleLine({ unitPricePence: 1, quantity: 1 })],
		})
		const tooSmall = await call(shop.admin.client, '/api/createPaymentLink', {
			orderId: penny.id,
			deliveryCost: 0,
		})
		expect(tooSmall.status).toBe(400)
		expect((await tooSmall.json()).error.message).toContain('below the £0.30')
		expect(await orderRow(penny.id)).toMatchObject({ status: 'pending', deliveryCostPence: null })
	})

	it('answers GET on any /api path with 405 and Allow: POST', async () => {
		for (const path of ['/api/placeOrder', '/api/createPaymentLink', '/api/nothing-here']) {
			const res = await shop.app.request(path)
			expect(res.status, path).toBe(405)
			expect(res.headers.get('allow')).toBe('POST')
			expect((await res.json()).error.status).toBe('INVALID_ARGUMENT')
		}
	})

	it('places an order whose lines send null for size and option (the spec shape)', async () => {
		const customer = await createCustomer(shop.app)
		const res = await call(customer.client, '/api/placeOrder', {
			cartItems: [{ id: '0', quantity: 1, selectedSize: null, selectedOption: null }],
			deliveryInfo: {
				firstName: 'Ann',
				lastName: 'Tester',
				address1: '1 High Street',
				city: 'Nairn',
				postcode: 'IV12 4AA',
				phone: '01667 123456',
			},
		})
		expect(res.status).toBe(200)
		const withoutFields = await call(customer.client, '/api/placeOrder', {
			cartItems: [{ id: '0', quantity: 1 }],
			deliveryInfo: {
				firstName: 'Ann',
				lastName: 'Tester',
				address1: '1 High Street',
				city: 'Nairn',
				postcode: 'IV12 4AA',
				phone: '01667 123456',
			},
		})
		expect(withoutFields.status).toBe(200)
	})
})
