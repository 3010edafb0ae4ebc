import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { orderRequests } from '~/.server/db/schema'
import { DEMO_BUSINESS_DETAILS } from '~/lib/business'
import { AFTER_SALE_LINES, deliveredOrder } from '../support/after-sale'
import { createCustomer } from '../support/factories'
import { emailsTo } from '../support/order-links'
import { pageText, setUpShop } from '../support/shop'

/** Issue 30 item 6: returns within 14 days of delivery, from the order page. */
const shop = setUpShop()
const db = () => shop.app.database.db
/** Staff notifications go to the business details' email: the demo one here. */
const BUSINESS_EMAIL = DEMO_BUSINESS_DETAILS.email
const requestsOf = (orderId: string) =>
	db().select().from(orderRequests).where(eq(orderRequests.orderId, orderId))

describe('returning items', () => {
	it('takes a return of one line within 14 days, tells both sides, and refuses more than was bought', async () => {
		const customer = await createCustomer(shop.app)
		const order = await deliveredOrder(shop.app, { userId: customer.id, email: customer.email })
		const page = await pageText(await customer.client.request(`/account/orders/${order.id}`))
		expect(page).toContain('You can return items until')
		expect(page).toContain('Return items')
		const form = await pageText(await customer.client.request(`/account/orders/${order.id}/return`))
		expect(form).toContain('Model cancellation form')
		expect(form).toContain('I hereby give notice that I cancel my contract of sale')

		const tooMany = await customer.client.post(`/account/orders/${order.id}/return`, {
			'qty-0': '0',
			'qty-1': '3',
		})
		// The form asked for what cannot come back: the customer's to correct, not a conflict.
		expect(tooMany.status).toBe(400)
		expect(await pageText(tooMany)).toContain(
			'You bought 2 of that item, so at most 2 can come back.',
		)
		const none = await customer.client.post(`/account/orders/${order.id}/return`, { 'qty-0': '0' })
		expect(none.status).toBe(400)
		expect(await pageText(none)).toContain('Please choose at least one item to return.')
		expect(await requestsOf(order.id)).toHaveLength(0)

		const res = await customer.client.post(`/account/orders/${order.id}/return`, {
			'qty-1': '1',
			details: 'Too powerful for our small pond',
		})
		expect(res.status).toBe(302)
		expect(res.headers.get('location')).toBe(`/account/orders/${order.id}#requests`)
		const [request] = await requestsOf(order.id)
		expect(request).toMatchObject({
			kind: 'return',
			status: 'open',
			lines: [{ line: 1, quantity: 1 }],
		})
		const mine = (await emailsTo(shop.app, customer.email)).find((m) =>
			m.includes('We have your request to return'),
		)
		expect(mine).toContain(
			'I hereby give notice that I cancel my contract of sale of the following goods: 1',
		)
		const staff = (await emailsTo(shop.app, BUSINESS_EMAIL)).find((m) =>
			m.includes(`Order ${order.id}: return`),
		)
		expect(staff).toContain(`/auth?redirectTo=/admin/requests/${request!.id}`)
		const after = await pageText(await customer.client.request(`/account/orders/${order.id}`))
		expect(after).toContain(`Return of 1 × ${AFTER_SALE_LINES[1]!.name}`)
		expect(after).toContain('Return requested')

		// One more pump may come back; a third may not.
		const again = await customer.client.post(`/account/orders/${order.id}/return`, { 'qty-1': '2' })
		expect(again.status).toBe(400)
		expect(await pageText(again)).toContain('You have already asked to return 1 of that item')
		expect(await requestsOf(order.id)).toHaveLength(1)
	})

	it('offers no return once every item is already being returned', async () => {
		const customer = await createCustomer(shop.app)
		const order = await deliveredOrder(shop.app, { userId: customer.id, email: customer.email })
		const all = await customer.client.post(`/account/orders/${order.id}/return`, {
			'qty-0': '1',
			'qty-1': '2',
		})
		expect(all.status).toBe(302)
		const page = await pageText(await customer.client.request(`/account/orders/${order.id}`))
		expect(page).toContain('Every item is already being returned.')
		expect(page).not.toContain('You can return items until')
		expect(page).not.toContain(`/account/orders/${order.id}/return`)
		const form = await pageText(await customer.client.request(`/account/orders/${order.id}/return`))
		expect(form).toContain('Every item is already being returned.')
		expect(form).not.toContain('Send return request')
		const more = await customer.client.post(`/account/orders/${order.id}/return`, { 'qty-0': '1' })
		expect(more.status).toBe(400)
		expect(await requestsOf(order.id)).toHaveLength(1)
	})

	it('has no return after day 14 and says why; an undelivered order cannot be returned', async () => {
		const customer = await createCustomer(shop.app)
		const late = await deliveredOrder(shop.app, {
			userId: customer.id,
			email: customer.email,
			deliveredDaysAgo: 16,
		})
		const page = await pageText(await customer.client.request(`/account/orders/${late.id}`))
		expect(page).toContain('The 14 days to return items ended on')
		expect(page).not.toContain(`/account/orders/${late.id}/return`)
		const res = await customer.client.post(`/account/orders/${late.id}/return`, { 'qty-0': '1' })
		expect(res.status).toBe(409)
		expect(await pageText(res)).toContain('The 14 days to return items from this order ended on')
		expect(await requestsOf(late.id)).toHaveLength(0)

		const onItsWay = await deliveredOrder(shop.app, {
			userId: customer.id,
			email: customer.email,
			status: 'shipped',
		})
		const early = await customer.client.post(`/account/orders/${onItsWay.id}/return`, {
			'qty-0': '1',
		})
		expect(early.status).toBe(409)
		expect(await pageText(early)).toContain('You can return items once your order has arrived.')

		// A cancelled order takes no requests at all.
		const paid = await deliveredOrder(shop.app, {
			userId: customer.id,
			email: customer.email,
			status: 'paid',
		})
		await customer.client.post(`/account/orders/${paid.id}`, { intent: 'cancel', confirmed: 'yes' })
		const onCancelled = await customer.client.post(`/account/orders/${paid.id}/return`, {
			'qty-0': '1',
		})
		expect(onCancelled.status).toBe(409)
		expect(await pageText(onCancelled)).toContain('This order has been cancelled.')
		const requests = await requestsOf(paid.id)
		// Only the cancellation itself, already resolved with its refund, for the inbox.
		expect(requests).toEqual([
			expect.objectContaining({ kind: 'cancellation', status: 'resolved', outcome: 'refund' }),
		])
	})

	it('answers a stranger with the same 404 as the order page', async () => {
		const owner = await createCustomer(shop.app)
		const other = await createCustomer(shop.app)
		const order = await deliveredOrder(shop.app, { userId: owner.id, email: owner.email })
		expect((await other.client.request(`/account/orders/${order.id}/return`)).status).toBe(404)
		expect(
			(await other.client.post(`/account/orders/${order.id}/return`, { 'qty-0': '1' })).status,
		).toBe(404)
		expect((await other.client.request(`/account/orders/${order.id}/problem`)).status).toBe(404)
		expect(await requestsOf(order.id)).toHaveLength(0)
	})
})
