import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { orders } from '~/.server/db/schema'
import { listAdminOrders } from '~/.server/orders/pages/admin-orders'
import { parseOrderFilters } from '~/lib/admin-order-schemas'
import { insertOrder, sampleLine } from '../support/factories'
import { pageText, setUpShop } from '../support/shop'

const shop = setUpShop({ withAdmin: true })

const text = pageText
const orderRow = async (id: string) =>
	(await shop.app.database.db.select().from(orders).where(eq(orders.id, id)))[0]!

describe('the order modal over HTTP (no JavaScript)', () => {
	it('sets a delivery cost, then asks to confirm a price update before replacing the link', async () => {
		const order = await insertOrder(shop.app.database.db, { siteUrl: shop.app.url })
		const post = (fields: Record<string, string>) =>
			shop.admin.client.post(`/admin/orders/${order.id}`, {
				intent: 'set-delivery-cost',
				...fields,
			})
		for (const bad of ['', 'abc', '-1', '12.345']) {
			const res = await post({ version: '1', deliveryCost: bad })
			expect(res.status, bad).toBe(400)
			expect(await text(res)).toContain('Please enter a valid delivery cost')
		}
		const set = await post({ version: '1', deliveryCost: '45', adminNotes: 'Pallet' })
		expect(set.status).toBe(200)
		expect(await text(set)).toContain('Delivery cost set and payment link created successfully')
		const first = await orderRow(order.id)
		expect(first).toMatchObject({ status: 'payment_pending', deliveryCostPence: 4500 })

		const ask = await post({ version: String(first.version), deliveryCost: '50' })
		expect(await text(ask)).toContain('Confirm Price Update')
		expect((await orderRow(order.id)).version).toBe(first.version)
		const confirmed = await post({
			version: String(first.version),
			deliveryCost: '50',
			confirmReplace: 'yes',
		})
		expect(await text(confirmed)).toContain(
			'Order updated and new payment link created successfully',
		)
		const second = await orderRow(order.id)
		expect(second.paymentLinkId).not.toBe(first.paymentLinkId)
		expect(second.totalCostPence).toBe(second.subtotalPence + 5000)

		const stale = await post({
			version: String(first.version),
			deliveryCost: '60',
			confirmReplace: 'yes',
		})
		expect(stale.status).toBe(409)
		expect(await text(stale)).toContain(
			'This order was changed by someone else. Reload to see the latest.',
		)
		// The old link is dead, the new one pays.
		expect((await shop.app.request(new URL(first.paymentLink!).pathname)).status).toBe(410)
		expect((await shop.app.request(new URL(second.paymentLink!).pathname)).status).toBe(200)
	})

	it('refuses a total below the card minimum when the cost is set, and changes nothing (issue 57 item 4a)', async () => {
		const order = await insertOrder(shop.app.database.db, {
			siteUrl: shop.app.url,
			lines: [sampleLine({ name: 'Liner Patch Washer', unitPricePence: 1, quantity: 1 })],
		})
		const before = await orderRow(order.id)
		const res = await shop.admin.client.post(`/admin/orders/${order.id}`, {
			intent: 'set-delivery-cost',
			version: String(before.version),
			deliveryCost: '0',
		})
		expect(res.status).toBe(400)
		expect(await text(res)).toContain(
			'The total, £0.01, is below the £0.30 a card payment can take. Nothing was changed',
		)
		expect(await orderRow(order.id)).toEqual(before)
		// 29p + 1p is the least a card takes: that quote goes out.
		const ok = await shop.admin.client.post(`/admin/orders/${order.id}`, {
			intent: 'set-delivery-cost',
			version: String(before.version),
			deliveryCost: '0.29',
		})
		expect(await text(ok)).toContain('Delivery cost set and payment link created successfully')
		expect(await orderRow(order.id)).toMatchObject({
			status: 'payment_pending',
			totalCostPence: 30,
		})
	})

	it('asks to confirm a price typed as £35 or 1,250 with the amount in pounds, never £NaN', async () => {
		const order = await insertOrder(shop.app.database.db, { siteUrl: shop.app.url })
		const post = (fields: Record<string, string>) =>
			shop.admin.client.post(`/admin/orders/${order.id}`, {
				intent: 'set-delivery-cost',
				...fields,
			})
		await post({ version: '1', deliveryCost: '45' })
		for (const [typed, shown, posted] of [
			['£35', '£35.00', '35.00'],
			['1,250', '£1,250.00', '1250.00'],
		] as const) {
			const { version } = await orderRow(order.id)
			const html = await text(await post({ version: String(version), deliveryCost: typed }))
			expect(html).toContain('Confirm Price Update')
			expect(html).toContain(`(delivery ${shown})`)
			expect(html).not.toContain('NaN')
			// The confirmation posts the amount back in a form the schema reads the same way.
			expect(html).toContain(`name="deliveryCost" value="${posted}"`)
			const done = await post({
				version: String(version),
				deliveryCost: posted,
				confirmReplace: 'yes',
			})
			expect(await text(done)).toContain('Order updated and new payment link created successfully')
		}
		expect((await orderRow(order.id)).deliveryCostPence).toBe(125_000)
	})

	it('cancels only after confirmation, and uncancels with the spec message', async () => {
		const order = await insertOrder(shop.app.database.db, { status: 'payment_pending' })
		const ask = await shop.admin.client.post(`/admin/orders/${order.id}`, {
			intent: 'cancel',
			version: String(order.version),
		})
		expect(await text(ask)).toContain('Cancel this order?')
		expect((await orderRow(order.id)).status).toBe('payment_pending')
		const done = await shop.admin.client.post(`/admin/orders/${order.id}`, {
			intent: 'cancel',
			version: String(order.version),
			confirmed: 'yes',
		})
		expect(await text(done)).toContain('Order has been cancelled and payment link deactivated')
		const cancelled = await orderRow(order.id)
		const page = await text(await shop.admin.client.request(`/admin/orders/${order.id}`))
		expect(page).toContain('Uncancel Order')
		expect(page).not.toContain('id="delivery-cost"')
		const back = await shop.admin.client.post(`/admin/orders/${order.id}`, {
			intent: 'uncancel',
			version: String(cancelled.version),
		})
		expect(await text(back)).toContain('Order has been uncancelled and set to payment_pending')
	})

	it('shows Order Not Found for an unknown id and refuses an illegal step with a clear message', async () => {
		const missing = await shop.admin.client.request('/admin/orders/KP-ZZZZZZ')
		expect(missing.status).toBe(404)
		const body = await text(missing)
		expect(body).toContain('Order Not Found')
		expect(body).toContain('The requested order could not be found.')
		const pending = await insertOrder(shop.app.database.db)
		const early = await shop.admin.client.post(`/admin/orders/${pending.id}`, {
			intent: 'mark-shipped',
			version: '1',
		})
		expect(early.status).toBe(409)
		expect(await text(early)).toContain('cannot be marked as shipped')
	})
})

describe('dashboard list, filters and export', () => {
	it('filters in SQL by id, status, name, cost and London dates, and pages 50 at a time', async () => {
		const db = shop.app.database.db
		const ada = await insertOrder(db, {
			deliveryInfo: { firstName: 'Ada', lastName: 'Loch_Lomond' },
			createdAt: new Date('2026-06-30T23:30:00Z'), // 1 July in London
			lines: [sampleLine({ unitPricePence: 1000 })],
		})
		const bea = await insertOrder(db, {
			status: 'paid',
			deliveryInfo: { firstName: 'Bea', lastName: 'Smith' },
			createdAt: new Date('2026-07-02T12:00:00Z'),
			lines: [sampleLine({ unitPricePence: 50_000 })],
			deliveryCostPence: 1_000,
		})
		const ids = async (query: string) =>
			(await listAdminOrders(db, parseOrderFilters(new URLSearchParams(query)))).orders.map(
				(o) => o.id,
			)
		expect(await ids(`orderId=${ada.id.slice(3).toLowerCase()}`)).toEqual([ada.id])
		expect(await ids('name=loch_')).toEqual([ada.id])
		expect(await ids('name=LOCH%25')).toEqual([]) // % is literal
		expect(await ids('name=bea&status=paid')).toEqual([bea.id])
		expect(await ids('name=bea&status=pending')).toEqual([])
		// Cost bounds use the total, falling back to the subtotal.
		expect(await ids('min=505&max=510')).toEqual([bea.id])
		expect(await ids('min=9.99&max=10')).toEqual([ada.id])
		// 'to' includes the whole (London) day; 30 June 23:30 UTC is 1 July.
		expect(await ids('from=2026-07-01&to=2026-07-01')).toEqual([ada.id])
		expect(await ids('from=2026-07-01&to=2026-07-02')).toEqual([bea.id, ada.id])
		expect(await ids('to=2026-06-30')).toEqual([])

		const base = new Date('2025-01-01T10:00:00Z').getTime()
		for (let i = 0; i < 55; i++)
			await insertOrder(db, {
				deliveryInfo: { lastName: 'Paging' },
				createdAt: new Date(base + i * 60_000),
			})
		const first = await listAdminOrders(db, parseOrderFilters(new URLSearchParams('name=paging')))
		expect(first.orders).toHaveLength(50)
		expect(first.hasOlder).toBe(true)
		const second = await listAdminOrders(
			db,
			parseOrderFilters(new URLSearchParams('name=paging&page=2')),
		)
		expect(second.orders).toHaveLength(5)
		expect(second.hasOlder).toBe(false)
		expect(new Date(first.orders[0]!.createdAt) > new Date(second.orders[0]!.createdAt)).toBe(true)

		const page = await text(await shop.admin.client.request('/admin?name=bea'))
		expect(page).toContain(bea.id)
		expect(page).not.toContain(ada.id)
		const empty = await text(await shop.admin.client.request('/admin?name=nobody-at-all'))
		expect(empty).toContain('No orders found matching your filters.')
	})

	it('exports the filtered orders as CSV', async () => {
		const order = await insertOrder(shop.app.database.db, {
			status: 'shipped',
			deliveryInfo: { lastName: '=Exporter', firstName: 'Csv' },
		})
		const res = await shop.admin.client.request('/admin/orders.csv?name=exporter')
		expect(res.headers.get('content-type')).toContain('text/csv')
		expect(res.headers.get('cache-control')).toContain('no-store')
		const lines = (await res.text()).trim().split('\r\n')
		expect(lines).toHaveLength(2)
		expect(lines[0]).toContain('Order ID,Date,Status')
		expect(lines[1]).toContain(`${order.id},`)
		expect(lines[1]).toContain(",shipped,Csv,'=Exporter,")
	})
})
