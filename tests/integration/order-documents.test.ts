import { describe, expect, it } from 'vitest'
import { orderDeps } from '~/.server/orders/lifecycle/deps'
import { applyPayment } from '~/.server/orders/payments/apply-payment'
import { newTestPaymentId } from '~/.server/payments/test-provider'
import { createCustomer, insertOrder } from '../support/factories'
import { emailsTo, orderLinksIn } from '../support/order-links'
import { TestClient } from '../support/session'
import { pageText, setUpShop } from '../support/shop'

/** Issue 30 item 4: the invoice downloads from the order page, for whoever may see the order. */
const shop = setUpShop()

async function paidOrderOf(userId: string, email: string) {
	const order = await insertOrder(shop.app.database.db, {
		status: 'payment_pending',
		userId,
		deliveryInfo: { email },
	})
	const paid = await applyPayment(orderDeps(shop.app.runtime), {
		linkId: order.paymentLinkId!,
		amountPence: order.totalCostPence!,
		provider: 'test',
		providerPaymentId: newTestPaymentId(),
	})
	expect(paid.ok).toBe(true)
	return order
}

const isPdf = async (res: Response) =>
	res.status === 200 &&
	res.headers.get('content-type') === 'application/pdf' &&
	Buffer.from(await res.arrayBuffer())
		.subarray(0, 5)
		.toString() === '%PDF-'

describe("an order's documents for the customer", () => {
	it('lists the receipt on the order page and downloads it for the owner and the link holder only', async () => {
		const customer = await createCustomer(shop.app)
		const order = await paidOrderOf(customer.id, customer.email)
		const page = await pageText(await customer.client.request(`/account/orders/${order.id}`))
		const number = /Receipt (RCT-\d{6}) \(PDF\)/.exec(page)?.[1]
		expect(number).toBeDefined()
		const path = `/account/orders/${order.id}/documents/${number}`
		const own = await customer.client.request(path)
		expect(own.headers.get('content-disposition')).toBe(`attachment; filename="${number}.pdf"`)
		expect(own.headers.get('cache-control')).toContain('no-store')
		expect(await isPdf(own)).toBe(true)

		// Signed out, with the private link from the payment email (which has the PDF attached).
		const [paidMail] = (await emailsTo(shop.app, customer.email)).filter((m) =>
			m.includes('Thank you for your payment'),
		)
		expect(paidMail).toContain(`filename=${number}.pdf`)
		const link = orderLinksIn(paidMail!)[0]!
		const key = new URL(link, shop.app.url).searchParams.get('key')!
		const stranger = new TestClient(shop.app)
		expect(await isPdf(await stranger.request(`${path}?key=${key}`))).toBe(true)
		const linkedPage = await pageText(await stranger.request(link))
		expect(linkedPage).toContain(`${path}?key=${key}`)

		// Without the key, with a wrong one, as another customer, or another order's number: 404.
		const other = await createCustomer(shop.app)
		const otherOrder = await paidOrderOf(other.id, other.email)
		for (const [client, url] of [
			[stranger, path],
			[stranger, `${path}?key=${'x'.repeat(43)}`],
			[other.client, path],
			[other.client, `/account/orders/${otherOrder.id}/documents/${number}`],
			[customer.client, `/account/orders/${order.id}/documents/INV-999999`],
			[customer.client, `/account/orders/${order.id}/documents/..%2F..%2Fetc`],
		] as const)
			expect((await client.request(url)).status, url).toBe(404)
	})
})
