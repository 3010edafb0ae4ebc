import { describe, expect, it } from 'vitest'
import { ORDER_PLACED_MESSAGE } from '~/.server/orders/placement/place-order'
import { formatPence } from '~/lib/money'
import { createCustomer, insertOrder } from '../support/factories'
import { pageText, setUpShop } from '../support/shop'

/** Issue 34 item 7: reopening the confirmation shows the order as it is now, to its owner only. */
const shop = setUpShop({ withAdmin: true })

describe('the order confirmation page', () => {
	it('keeps the words of a request just placed only while it awaits review, then sends the owner to the order page', async () => {
		const customer = await createCustomer(shop.app)
		const order = await insertOrder(shop.app.database.db, {
			userId: customer.id,
			siteUrl: shop.app.url,
		})
		const visit = () => customer.client.request(`/order-confirmation?order=${order.id}`)
		const first = await pageText(await visit())
		expect(first).toContain('Thank You for Your Order!')
		expect(first).toContain(ORDER_PLACED_MESSAGE)
		expect(first).toContain('To be confirmed')
		expect(first).toContain('Pending Review')
		expect(first).toContain('What Happens Next?')

		let version = order.version
		const adminDoes = async (fields: Record<string, string>) => {
			const res = await shop.admin.client.post(`/admin/orders/${order.id}`, {
				...fields,
				version: String(version),
			})
			expect(res.status, fields.intent).toBe(200)
			version += 1
		}
		// Quoted: the cost and the total, and no more promise to review it.
		await adminDoes({ intent: 'set-delivery-cost', deliveryCost: '45.50' })
		const quoted = await pageText(await visit())
		expect(quoted).toContain('Awaiting Payment')
		expect(quoted).toContain(formatPence(4550))
		expect(quoted).toContain(formatPence(order.subtotalPence + 4550))
		expect(quoted).not.toContain('To be confirmed')
		expect(quoted).not.toContain('We will review it')
		expect(quoted).not.toContain('What Happens Next?')

		// Paid and on: the order page, which alone speaks of documents, tracking and returns.
		const later: Record<string, string>[] = [
			{ intent: 'mark-paid' },
			{ intent: 'mark-shipped', carrier: 'DPD', trackingReference: '155012345' },
			{ intent: 'mark-delivered' },
		]
		for (const fields of later) {
			await adminDoes(fields)
			const res = await visit()
			expect(res.status, fields.intent).toBe(302)
			expect(res.headers.get('location')).toBe(`/account/orders/${order.id}`)
		}
	})

	it('sends the owner of a cancelled order to its order page, and anyone else home', async () => {
		const owner = await createCustomer(shop.app)
		const order = await insertOrder(shop.app.database.db, { userId: owner.id, status: 'cancelled' })
		const res = await owner.client.request(`/order-confirmation?order=${order.id}`)
		expect(res.status).toBe(302)
		expect(res.headers.get('location')).toBe(`/account/orders/${order.id}`)
		const page = await pageText(await owner.client.request(res.headers.get('location')!))
		expect(page).toContain('Cancelled')
		expect(page).not.toContain('We will review it')
		const other = await createCustomer(shop.app)
		const stranger = await other.client.request(`/order-confirmation?order=${order.id}`)
		expect(stranger.status).toBe(302)
		expect(stranger.headers.get('location')).toBe('/')
	})
})
