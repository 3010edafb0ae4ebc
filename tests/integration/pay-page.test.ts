import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { orders } from '~/.server/db/schema'
import { formatPence } from '~/lib/money'
import { createCustomer, insertOrder } from '../support/factories'
import { pageText, setUpShop } from '../support/shop'

const shop = setUpShop({ withAdmin: true })

const text = pageText
const orderRow = async (id: string) =>
	(await shop.app.database.db.select().from(orders).where(eq(orders.id, id)))[0]!

describe('paying through /pay/<token> (test provider)', () => {
	it('shows the total, pays once, moves the order to paid and tells the customer in My Account', async () => {
		const customer = await createCustomer(shop.app)
		const order = await insertOrder(shop.app.database.db, {
			status: 'payment_pending',
			userId: customer.id,
			siteUrl: shop.app.url,
		})
		const account = await text(await customer.client.request('/auth?tab=orders'))
		expect(account).toContain(order.paymentLink!)
		const path = new URL(order.paymentLink!).pathname
		const page = await shop.app.request(path)
		expect(page.headers.get('cache-control')).toContain('no-store')
		const html = await text(page)
		expect(html).toContain(order.id)
		// The total from the fixture's own figures: subtotal plus the delivery it was quoted.
		expect(html).toContain(`Pay ${formatPence(order.subtotalPence + order.deliveryCostPence!)} now`)
		expect(html).toContain('Test payments: no money is taken')
		expect(html).not.toContain('12 Loch Road') // the token shows no address
		const paid = await shop.app.request(path, {
			method: 'POST',
			headers: { origin: shop.app.url, 'content-type': 'application/x-www-form-urlencoded' },
			body: '',
		})
		expect(paid.status).toBe(302)
		const receipt = await text(await shop.app.request(`${path}?paid=1`))
		expect(receipt).toContain('Payment received')
		// Its own order's page (the owner's session or the emailed link opens it), not a sign-in form.
		expect(receipt).toContain(`href="/account/orders/${order.id}"`)
		expect(receipt).not.toContain('/auth?tab=orders')
		expect(await orderRow(order.id)).toMatchObject({ status: 'paid', paymentLinkActive: false })
		const twice = await shop.app.request(path, {
			method: 'POST',
			headers: { origin: shop.app.url, 'content-type': 'application/x-www-form-urlencoded' },
			body: '',
		})
		expect(twice.status).toBe(302)
		expect(await text(await shop.app.request(path))).toContain('Already paid')
		expect((await shop.app.request('/pay/not-a-real-token')).status).toBe(404)
	})

	it('says on every admin page that test payments take no money', async () => {
		for (const path of ['/admin', '/admin/delivery', '/admin/enquiries', '/admin/catalogue']) {
			const html = await text(await shop.admin.client.request(path))
			expect(html, path).toContain('Test payments: no money is taken')
		}
	})
})
