import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { refunds } from '~/.server/db/schema'
import { documentsOf } from '~/.server/documents/issue'
import { setUpStripeShop } from '../support/stripe-shop'

/**
 * Partial refunds at Stripe (issue 30 item 8), through the real SDK and the fake Stripe server:
 * the amount and idempotency key reach Stripe, and a refund Stripe refuses records nothing.
 */
const { shop, db, text, orderRow, quotedOrder, openCheckout, postWebhook } = setUpStripeShop()
const keyIn = (html: string) => /name="refundKey" value="([^"]+)"/.exec(html)![1]!
const refundsOf = (orderId: string) =>
	db().select().from(refunds).where(eq(refunds.orderId, orderId))

async function paidOrder() {
	const order = await quotedOrder()
	const session = await openCheckout(order)
	const paidSession = shop.stripe.complete(session.id)
	const event = shop.stripe.signedEvent('checkout.session.completed', paidSession)
	await postWebhook(event.payload, event.header)
	expect((await orderRow(order.id)).status).toBe('paid')
	return { order: await orderRow(order.id), intent: paidSession.payment_intent as string }
}

describe('partial refunds at Stripe', () => {
	it('refunds part of a card payment once, and records nothing when Stripe refuses or is down', async () => {
		const { order, intent } = await paidOrder()
		const view = `/admin/orders/${order.id}`
		const refund = (amount: string, refundKey: string) =>
			shop.admin.client.post(view, { intent: 'refund', amount, reason: 'Goodwill', refundKey })
		const key = keyIn(await text(await shop.admin.client.request(view)))
		expect((await refund('10.00', key)).status).toBe(200)
		expect((await refund('10.00', key)).status).toBe(200)
		expect(shop.stripe.refunds.filter((r) => r.payment_intent === intent)).toEqual([
			expect.objectContaining({ amount: 1_000, status: 'succeeded' }),
		])
		expect(await refundsOf(order.id)).toHaveLength(1)

		shop.stripe.setMode('down')
		const down = await refund('5.00', 'second-key-1234567890')
		expect(down.status).toBe(409)
		expect(await text(down)).toContain(
			'The payment provider refused the refund, so nothing was refunded',
		)
		shop.stripe.setMode('up')

		// Someone refunds the rest in Stripe's dashboard: the shop still thinks money is left.
		shop.stripe.refunds.push({
			id: 're_dashboard',
			object: 'refund',
			amount: order.totalCostPence! - 1_000,
			payment_intent: intent,
			status: 'succeeded',
		})
		const refused = await refund('5.00', 'third-key-12345678901')
		expect(refused.status).toBe(409)
		expect(await text(refused)).toContain('is greater than unrefunded amount on charge')
		expect(await refundsOf(order.id)).toHaveLength(1)
		expect((await documentsOf(db(), order.id)).map((d) => d.kind)).toEqual([
			'receipt',
			'credit_note',
		])
		expect((await orderRow(order.id)).status).toBe('paid')
	})
})
