import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { orderRequests, orders, paymentLinks, refunds } from '~/.server/db/schema'
import { documentsOf } from '~/.server/documents/issue'
import { deliveredOrder } from '../support/after-sale'
import { createCustomer } from '../support/factories'
import { emailsTo } from '../support/order-links'
import { pageText, setUpShop } from '../support/shop'

/** Issue 30 item 8: staff resolve requests, with partial refunds and credit notes. */
const shop = setUpShop({ withAdmin: true })
const db = () => shop.app.database.db
const refundsOf = (orderId: string) =>
	db().select().from(refunds).where(eq(refunds.orderId, orderId))
const keyIn = (html: string) => /name="refundKey" value="([^"]+)"/.exec(html)![1]!

describe('staff resolving requests', () => {
	it('refunds a returned line, without the delivery, once, with a credit note, however often the form is sent', async () => {
		const customer = await createCustomer(shop.app)
		const order = await deliveredOrder(shop.app, { userId: customer.id, email: customer.email })
		await customer.client.post(`/account/orders/${order.id}/return`, { 'qty-1': '1' })
		const [request] = await db()
			.select()
			.from(orderRequests)
			.where(eq(orderRequests.orderId, order.id))
		const path = `/admin/requests/${request!.id}`
		const received = await shop.admin.client.post(path, { intent: 'goods-received' })
		expect(received.status).toBe(200)
		const page = await pageText(await shop.admin.client.request(path))
		// £89.99 for the pump; the original delivery goes back only with the whole order (issue 57
		// item 2, CCR 2013 reg. 34).
		expect(page).toContain('value="89.99"')
		expect(page).toContain('Suggested: the items (£89.99).')
		expect(page).toContain('Goods received')
		const refundKey = keyIn(page)

		const tooMuch = await shop.admin.client.post(path, {
			intent: 'refund',
			amount: '999.00',
			reason: 'Return of one pump',
			refundKey,
		})
		expect(tooMuch.status).toBe(409)
		expect(await pageText(tooMuch)).toContain('This return gives back at most £89.99')
		expect(await refundsOf(order.id)).toHaveLength(0)

		const form = { intent: 'refund', amount: '89.99', reason: 'Return of one pump', refundKey }
		const [first, second] = await Promise.all([
			shop.admin.client.post(path, form),
			shop.admin.client.post(path, form),
		])
		expect([first.status, second.status]).toEqual([200, 200])
		const taken = await refundsOf(order.id)
		expect(taken).toHaveLength(1)
		expect(taken[0]).toMatchObject({ amountPence: 8_999, requestId: request!.id })
		const [after] = await db().select().from(orderRequests).where(eq(orderRequests.id, request!.id))
		expect(after).toMatchObject({ status: 'resolved', outcome: 'refund', refundedPence: 8_999 })
		const documents = await documentsOf(db(), order.id)
		expect(documents.map((d) => d.kind)).toEqual(['receipt', 'credit_note'])
		expect(documents[1]!.totalPence).toBe(8_999)
		// The credit note lists what came back, not one free-text line.
		expect(documents[1]!.content.lines).toMatchObject([
			{ description: 'Blagdon Pond Pump', quantity: 1, grossPence: 8_999 },
		])
		const mail = (await emailsTo(shop.app, customer.email)).find((m) =>
			m.includes('89.99 for order'),
		)
		expect(mail).toContain(`filename=${documents[1]!.number}.pdf`)
		const orderPage = await pageText(await customer.client.request(`/account/orders/${order.id}`))
		expect(orderPage).toContain('Partially refunded £89.99')
		expect(orderPage).toContain('Refunded £89.99')
		const adminView = await pageText(await shop.admin.client.request(`/admin/orders/${order.id}`))
		expect(adminView).toContain('partially refunded £89.99 · £384.98 left')
		expect(adminView).toContain(`Return (request ${request!.id})`)
	})

	it('refunds a request once: the form goes, and a later post, a new key or a second tab is refused', async () => {
		const customer = await createCustomer(shop.app)
		const order = await deliveredOrder(shop.app, { userId: customer.id, email: customer.email })
		const requestOf = async (fields: Record<string, string>) => {
			await customer.client.post(`/account/orders/${order.id}/return`, fields)
			const all = await db().select().from(orderRequests).where(eq(orderRequests.orderId, order.id))
			return `/admin/requests/${Math.max(...all.map((r) => r.id))}`
		}
		const first = await requestOf({ 'qty-1': '1' })
		const tabA = keyIn(await pageText(await shop.admin.client.request(first)))
		const tabB = keyIn(await pageText(await shop.admin.client.request(first)))
		const refund = { intent: 'refund', amount: '89.99', reason: 'Return of one pump' }
		expect((await shop.admin.client.post(first, { ...refund, refundKey: tabA })).status).toBe(200)
		// Issue 57 item 1: the resolved request shows what was refunded, and no form.
		const page = await pageText(await shop.admin.client.request(first))
		expect(page).toContain('Refunded £89.99 on')
		expect(page).not.toContain('name="refundKey"')
		// A second tab holds the same form: answered with the first refund, nothing more.
		expect(tabB).toBe(tabA)
		const secondTab = await shop.admin.client.post(first, { ...refund, refundKey: tabB })
		expect(await pageText(secondTab)).toContain('This refund was already made; nothing more')
		// The next key the order view hands out (a post hours later), or any other key by hand.
		for (const refundKey of [`refund-2-${order.id}`, 'by-hand-0123456789abcdef']) {
			const again = await shop.admin.client.post(first, { ...refund, refundKey })
			expect(again.status).toBe(409)
			expect(await pageText(again)).toContain('This request was already refunded: £89.99')
		}
		expect((await refundsOf(order.id)).map((r) => r.amountPence)).toEqual([8_999])
		// The rest of the order comes back: the items and now the original delivery.
		const rest = await requestOf({ 'qty-0': '1', 'qty-1': '1' })
		const restPage = await pageText(await shop.admin.client.request(rest))
		expect(restPage).toContain('value="384.98"')
		expect(restPage).toContain('and the original delivery (£45.00)')
		const done = await shop.admin.client.post(rest, {
			...refund,
			amount: '384.98',
			reason: 'Return of the rest',
			refundKey: keyIn(restPage),
		})
		expect(done.status).toBe(200)
		const notes = (await documentsOf(db(), order.id)).filter((d) => d.kind === 'credit_note')
		expect(notes[1]!.content.lines.map((l) => [l.description, l.quantity, l.grossPence])).toEqual([
			['Oase BioSmart 18000 Filter', 1, 24_999],
			['Blagdon Pond Pump', 1, 8_999],
			['Delivery', 1, 4_500],
		])
		// Staff can still refund from the order, with a reason: nothing is left to refund here.
		const view = `/admin/orders/${order.id}`
		expect(await pageText(await shop.admin.client.request(view))).toContain(
			'refunded £474.97 in full',
		)
	})

	it('refunds part from the order view, and a later cancellation refunds only the rest', async () => {
		const customer = await createCustomer(shop.app)
		const order = await deliveredOrder(shop.app, {
			userId: customer.id,
			email: customer.email,
			status: 'paid',
		})
		const view = `/admin/orders/${order.id}`
		const refundKey = keyIn(await pageText(await shop.admin.client.request(view)))
		const part = await shop.admin.client.post(view, {
			intent: 'refund',
			amount: '20',
			reason: 'Goodwill: delivery delayed',
			refundKey,
		})
		expect(part.status).toBe(200)
		const [row] = await db().select().from(orders).where(eq(orders.id, order.id))
		expect(row!.status).toBe('paid')
		const cancelled = await shop.admin.client.post(view, {
			intent: 'cancel',
			version: String(row!.version),
			confirmed: 'yes',
		})
		expect(cancelled.status).toBe(200)
		const taken = await refundsOf(order.id)
		expect(taken.map((r) => r.amountPence)).toEqual([2_000, order.totalCostPence! - 2_000])
		const [link] = await db().select().from(paymentLinks).where(eq(paymentLinks.orderId, order.id))
		expect(link!.status).toBe('refunded')
		expect((await documentsOf(db(), order.id)).map((d) => d.kind)).toEqual([
			'receipt',
			'credit_note',
			'credit_note',
		])
		// Nothing is left: a further refund is refused and nothing recorded.
		const again = await shop.admin.client.post(view, {
			intent: 'refund',
			amount: '1',
			reason: 'More',
			refundKey: 'another-key-1234567890',
		})
		expect(again.status).toBe(409)
		expect(await refundsOf(order.id)).toHaveLength(2)
	})

	it('needs an outcome to resolve and a reason to decline; resolving emails the customer', async () => {
		const customer = await createCustomer(shop.app)
		const order = await deliveredOrder(shop.app, { userId: customer.id, email: customer.email })
		const form = new FormData()
		form.append('problem', 'fault')
		form.append('details', 'The pump hums but does not move water.')
		await customer.client.request(`/account/orders/${order.id}/problem`, {
			method: 'POST',
			body: form,
		})
		const [request] = await db()
			.select()
			.from(orderRequests)
			.where(eq(orderRequests.orderId, order.id))
		const path = `/admin/requests/${request!.id}`
		const base = { intent: 'update', version: String(request!.version) }
		const noOutcome = await shop.admin.client.post(path, { ...base, status: 'resolved' })
		expect(noOutcome.status).toBe(400)
		expect(await pageText(noOutcome)).toContain('Please choose the outcome before resolving')
		const noReason = await shop.admin.client.post(path, {
			...base,
			status: 'resolved',
			outcome: 'declined',
		})
		expect(noReason.status).toBe(400)
		expect(await pageText(noReason)).toContain(
			'Please give the customer the reason it was declined',
		)
		const done = await shop.admin.client.post(path, {
			...base,
			status: 'resolved',
			outcome: 'replacement',
			outcomeNote: 'A new pump is on its way with DPD.',
			staffNotes: 'Supplier RMA 4471',
		})
		expect(done.status).toBe(200)
		const stale = await shop.admin.client.post(path, { ...base, status: 'open' })
		expect(stale.status).toBe(409)
		expect(await pageText(stale)).toContain('This request was changed by someone else')
		const mail = (await emailsTo(shop.app, customer.email)).find((m) =>
			m.includes('A new pump is on its way with DPD.'),
		)
		expect(mail).toBeDefined()
		expect(mail).not.toContain('Supplier RMA 4471')
		const page = await pageText(await customer.client.request(`/account/orders/${order.id}`))
		expect(page).toContain('Replacement sent')
		expect(page).not.toContain('Supplier RMA 4471')
	})
})
