import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { orderEvents, orders } from '~/.server/db/schema'
import { insertOrder } from '../support/factories'
import { pageText, setUpShop } from '../support/shop'

/** Issue 34 item 4: admin notes stay visible after payment, and staff can add one at any time. */
const shop = setUpShop({ withAdmin: true })

const orderRow = async (id: string) =>
	(await shop.app.database.db.select().from(orders).where(eq(orders.id, id)))[0]!
const post = (id: string, fields: Record<string, string>) =>
	shop.admin.client.post(`/admin/orders/${id}`, fields)
const modal = async (id: string) => pageText(await shop.admin.client.request(`/admin/orders/${id}`))

describe('admin notes on the order modal', () => {
	it('keeps the notes typed when quoting in view, with who, after the order is paid', async () => {
		const order = await insertOrder(shop.app.database.db, { siteUrl: shop.app.url })
		const quoted = await post(order.id, {
			intent: 'set-delivery-cost',
			version: '1',
			deliveryCost: '45',
			adminNotes: 'Pallet delivery, customer has a lane',
		})
		expect(quoted.status).toBe(200)
		const { version } = await orderRow(order.id)
		const paid = await post(order.id, { intent: 'mark-paid', version: String(version) })
		expect(paid.status).toBe(200)
		expect((await orderRow(order.id)).status).toBe('paid')
		const html = await modal(order.id)
		expect(html).not.toContain('id="delivery-cost"')
		expect(html).toContain('Pallet delivery, customer has a lane')
		// The quote's timeline entry carries the notes, with the admin who wrote them.
		const events = await shop.app.database.db
			.select()
			.from(orderEvents)
			.where(eq(orderEvents.orderId, order.id))
		const quote = events.find((e) => e.toStatus === 'payment_pending')!
		expect(quote.note).toContain('Pallet delivery, customer has a lane')
		expect(quote.actor).toBe(shop.admin.id)
	})

	it.each(['paid', 'cancelled', 'delivered', 'pending'] as const)(
		'adds a note to a %s order as a timeline event, leaving the order as it was',
		async (status) => {
			const order = await insertOrder(shop.app.database.db, { status, siteUrl: shop.app.url })
			const res = await post(order.id, {
				intent: 'add-note',
				note: `  Customer rang about the ${status} order  `,
			})
			expect(res.status).toBe(200)
			expect(await pageText(res)).toContain('Note added')
			const after = await orderRow(order.id)
			expect(after).toMatchObject({ status, version: order.version })
			const html = await modal(order.id)
			expect(html).toContain(`Customer rang about the ${status} order`)
			expect(html).toContain(shop.admin.email)
			const [event] = await shop.app.database.db
				.select()
				.from(orderEvents)
				.where(eq(orderEvents.note, `Customer rang about the ${status} order`))
			expect(event).toMatchObject({ actor: shop.admin.id, fromStatus: status, toStatus: status })
		},
	)

	it('refuses an empty or over-long note with a message, and changes nothing', async () => {
		const order = await insertOrder(shop.app.database.db, { status: 'paid' })
		const count = async () =>
			(
				await shop.app.database.db
					.select()
					.from(orderEvents)
					.where(eq(orderEvents.orderId, order.id))
			).length
		const before = await count()
		for (const [note, message] of [
			['', 'Please write a note'],
			['   \n ', 'Please write a note'],
			['x'.repeat(1001), 'Please keep the note under 1,000 characters'],
		] as const) {
			const res = await post(order.id, { intent: 'add-note', note })
			expect(res.status, JSON.stringify(note.slice(0, 5))).toBe(400)
			expect(await pageText(res)).toContain(message)
		}
		const unknown = await post('KP-ZZZZZZ', { intent: 'add-note', note: 'Hello' })
		expect(unknown.status).toBe(404)
		expect(await count()).toBe(before)
	})
})
