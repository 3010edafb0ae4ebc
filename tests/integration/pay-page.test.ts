import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orders } from '~/.server/db/schema'
import { formatPence } from '~/lib/money'
import { startTestApp, type TestApp } from '../support/app'
import { createAdmin, createCustomer, insertOrder } from '../support/factories'

let app: TestApp
let admin: Awaited<ReturnType<typeof createAdmin>>
beforeAll(async () => {
	app = await startTestApp()
	admin = await createAdmin(app)
})
afterAll(async () => {
	await app?.close()
})

const text = async (res: Response) => (await res.text()).replace(/<!-- -->/g, '')
const orderRow = async (id: string) =>
	(await app.database.db.select().from(orders).where(eq(orders.id, id)))[0]!

describe('paying through /pay/<token> (test provider)', () => {
	it('shows the total, pays once, moves the order to paid and tells the customer in My Account', async () => {
		const customer = await createCustomer(app)
		const order = await insertOrder(app.database.db, {
			status: 'payment_pending',
			userId: customer.id,
			siteUrl: app.url,
		})
		const account = await text(await customer.client.request('/auth?tab=orders'))
		expect(account).toContain(order.paymentLink!)
		const path = new URL(order.paymentLink!).pathname
		const page = await app.request(path)
		expect(page.headers.get('cache-control')).toContain('no-store')
		const html = await text(page)
		expect(html).toContain(order.id)
		// The total from the fixture's own figures: subtotal plus the delivery it was quoted.
		expect(html).toContain(`Pay ${formatPence(order.subtotalPence + order.deliveryCostPence!)} now`)
		expect(html).toContain('Test payments: no money is taken')
		expect(html).not.toContain('12 Loch Road') // the token shows no address
		const paid = await app.request(path, {
			method: 'POST',
			headers: { origin: app.url, 'content-type': 'application/x-www-form-urlencoded' },
			body: '',
		})
		expect(paid.status).toBe(302)
		expect(await text(await app.request(`${path}?paid=1`))).toContain('Payment received')
		expect(await orderRow(order.id)).toMatchObject({ status: 'paid', paymentLinkActive: false })
		const twice = await app.request(path, {
			method: 'POST',
			headers: { origin: app.url, 'content-type': 'application/x-www-form-urlencoded' },
			body: '',
		})
		expect(twice.status).toBe(302)
		expect(await text(await app.request(path))).toContain('Already paid')
		expect((await app.request('/pay/not-a-real-token')).status).toBe(404)
	})

	it('says on every admin page that test payments take no money', async () => {
		for (const path of ['/admin', '/admin/delivery', '/admin/enquiries', '/admin/catalogue']) {
			const html = await text(await admin.client.request(path))
			expect(html, path).toContain('Test payments: no money is taken')
		}
	})
})
