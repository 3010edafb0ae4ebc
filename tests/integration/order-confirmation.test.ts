import { describe, expect, it } from 'vitest'
import { formatPence } from '~/lib/money'
import { createCustomer, insertOrder } from '../support/factories'
import { pageText, setUpShop } from '../support/shop'

/** Issue 34 item 7: reopening the confirmation shows the order as it is now, to its owner only. */
const shop = setUpShop({ withAdmin: true })

describe('the order confirmation page', () => {
	it('shows the current delivery cost, total and status after the order moved on', async () => {
		const customer = await createCustomer(shop.app)
		const order = await insertOrder(shop.app.database.db, {
			userId: customer.id,
			siteUrl: shop.app.url,
		})
		const page = async () =>
			pageText(await customer.client.request(`/order-confirmation?order=${order.id}`))
		const first = await page()
		expect(first).toContain('To be confirmed')
		expect(first).toContain('Pending Review')

		let version = order.version
		const steps: Record<string, string>[] = [
			{ intent: 'set-delivery-cost', deliveryCost: '45.50' },
			{ intent: 'mark-paid' },
			{ intent: 'mark-shipped', carrier: 'DPD', trackingReference: '155012345' },
			{ intent: 'mark-delivered' },
		]
		for (const fields of steps) {
			const res = await shop.admin.client.post(`/admin/orders/${order.id}`, {
				...fields,
				version: String(version),
			})
			expect(res.status, fields.intent).toBe(200)
			version += 1
		}
		const now = await page()
		expect(now).not.toContain('To be confirmed')
		expect(now).toContain(formatPence(4550))
		expect(now).toContain(formatPence(order.subtotalPence + 4550))
		expect(now).toContain('Delivered')
		expect(now).toContain('Your order has been delivered')
	})

	it('shows a cancelled order as cancelled, and nothing to anyone else', async () => {
		const owner = await createCustomer(shop.app)
		const order = await insertOrder(shop.app.database.db, { userId: owner.id, status: 'cancelled' })
		const html = await pageText(await owner.client.request(`/order-confirmation?order=${order.id}`))
		expect(html).toContain('This order has been cancelled')
		const other = await createCustomer(shop.app)
		const res = await other.client.request(`/order-confirmation?order=${order.id}`)
		expect(res.status).toBe(302)
		expect(res.headers.get('location')).toBe('/')
	})
})
