import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { orderEvents, orders, paymentLinks } from '~/.server/db/schema'
import { documentsOf } from '~/.server/documents/issue'
import { orderDeps } from '~/.server/orders/lifecycle/deps'
import { applyPayment } from '~/.server/orders/payments/apply-payment'
import { newTestPaymentId } from '~/.server/payments/test-provider'
import { DEMO_BUSINESS_DETAILS } from '~/lib/business'
import { createCustomer, insertOrder } from '../support/factories'
import { emailsTo, orderLinksIn } from '../support/order-links'
import { TestClient } from '../support/session'
import { pageText, setUpShop } from '../support/shop'

/** Issue 30 item 5: the customer cancels before dispatch from the order page. */
const shop = setUpShop()
const db = () => shop.app.database.db
/** Staff notifications go to the business details' email: the demo one here. */
const BUSINESS_EMAIL = DEMO_BUSINESS_DETAILS.email
const CANCEL = { intent: 'cancel', confirmed: 'yes' }

const orderOf = async (id: string) =>
	(await db().select().from(orders).where(eq(orders.id, id)))[0]!
const eventCount = async (id: string) =>
	(await db().select().from(orderEvents).where(eq(orderEvents.orderId, id))).length

describe('cancelling from the order page', () => {
	it('cancels an unpaid order for its owner, switches its link off and tells both sides', async () => {
		const customer = await createCustomer(shop.app)
		const order = await insertOrder(db(), {
			status: 'payment_pending',
			userId: customer.id,
			deliveryInfo: { email: customer.email },
		})
		const page = await pageText(await customer.client.request(`/account/orders/${order.id}`))
		expect(page).toContain('Cancel this order')
		// Without the confirmation step nothing happens.
		const unconfirmed = await customer.client.post(`/account/orders/${order.id}`, {
			intent: 'cancel',
		})
		expect(unconfirmed.status).toBe(400)
		expect((await orderOf(order.id)).status).toBe('payment_pending')

		const res = await customer.client.post(`/account/orders/${order.id}`, CANCEL)
		expect(res.status).toBe(200)
		expect(await pageText(res)).toContain(
			'Your order has been cancelled. Nothing has been charged.',
		)
		expect((await orderOf(order.id)).status).toBe('cancelled')
		const [link] = await db().select().from(paymentLinks).where(eq(paymentLinks.orderId, order.id))
		expect(link?.status).toBe('deactivated')
		expect((await orderOf(order.id)).adminNotes).toContain('Order cancelled by the customer.')
		const staff = await emailsTo(shop.app, BUSINESS_EMAIL)
		expect(staff.some((m) => m.includes(`Order ${order.id} cancelled by the customer`))).toBe(true)
		expect((await emailsTo(shop.app, customer.email)).some((m) => m.includes('cancelled'))).toBe(
			true,
		)

		// A second cancel changes nothing and says why.
		const events = await eventCount(order.id)
		const again = await customer.client.post(`/account/orders/${order.id}`, CANCEL)
		expect(again.status).toBe(409)
		const againHtml = await pageText(again)
		expect(againHtml).toContain('This order is already cancelled.')
		expect(againHtml).not.toContain('Cancel this order')
		expect(await eventCount(order.id)).toBe(events)
	})

	it('refunds a paid order in full, with a credit note, for the holder of its private link', async () => {
		const customer = await createCustomer(shop.app)
		const order = await insertOrder(db(), {
			status: 'payment_pending',
			userId: customer.id,
			deliveryInfo: { email: customer.email },
		})
		const paid = await applyPayment(orderDeps(shop.app.runtime), {
			linkId: order.paymentLinkId!,
			amountPence: order.totalCostPence!,
			provider: 'test',
			providerPaymentId: newTestPaymentId(),
		})
		expect(paid.ok).toBe(true)
		const [paidMail] = (await emailsTo(shop.app, customer.email)).filter((m) =>
			m.includes('Thank you for your payment'),
		)
		const link = orderLinksIn(paidMail!)[0]!
		const stranger = new TestClient(shop.app)
		expect((await stranger.post(`/account/orders/${order.id}`, CANCEL)).status).toBe(404)
		const res = await stranger.post(link, CANCEL)
		expect(res.status).toBe(200)
		const html = await pageText(res)
		expect(html).toContain('Your order has been cancelled and')
		expect(html).toContain('refunded to your card')
		expect((await orderOf(order.id)).status).toBe('cancelled')
		const documents = await documentsOf(db(), order.id)
		expect(documents.map((d) => d.kind)).toEqual(['receipt', 'credit_note'])
		const refundMail = (await emailsTo(shop.app, customer.email)).find((m) =>
			m.includes(`filename=${documents[1]!.number}.pdf`),
		)
		expect(refundMail).toBeDefined()
	})

	it('refuses once the order is on its way, and changes nothing', async () => {
		const customer = await createCustomer(shop.app)
		const order = await insertOrder(db(), { status: 'shipped', userId: customer.id })
		const page = await pageText(await customer.client.request(`/account/orders/${order.id}`))
		expect(page).not.toContain('Cancel this order')
		const events = await eventCount(order.id)
		const res = await customer.client.post(`/account/orders/${order.id}`, CANCEL)
		expect(res.status).toBe(409)
		expect(await pageText(res)).toContain('can no longer be cancelled')
		expect((await orderOf(order.id)).status).toBe('shipped')
		expect(await eventCount(order.id)).toBe(events)
	})
})
