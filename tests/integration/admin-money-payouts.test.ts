import { describe, expect, it } from 'vitest'
import { formatPence } from '~/lib/money'
import { setUpStripeShop } from '../support/stripe-shop'

/**
 * Stripe's payouts matched to the shop's orders (issue 61 item 4), through the real SDK and the
 * fake Stripe's balance: a payout's sales, refunds and fees add up to what reached the bank and
 * each links to its order and document; an odd one is flagged; paging; Stripe down is a message.
 */
const { shop, text, orderRow, quotedOrder, openCheckout, postWebhook } = setUpStripeShop()
const page = async (query = '') => {
	const res = await shop.admin.client.request(`/admin/money/payouts${query}`)
	expect(res.status).toBe(200)
	return text(res)
}

async function paidOrder() {
	const order = await quotedOrder()
	const session = await openCheckout(order)
	const event = shop.stripe.signedEvent(
		'checkout.session.completed',
		shop.stripe.complete(session.id),
	)
	await postWebhook(event.payload, event.header)
	expect((await orderRow(order.id)).status).toBe('paid')
	return orderRow(order.id)
}

describe('/admin/money/payouts', () => {
	it('shows a payout with its orders, refund and Stripe’s fees adding up to the bank’s amount', async () => {
		const [first, second] = [await paidOrder(), await paidOrder()]
		const view = `/admin/orders/${first.id}`
		const key = /name="refundKey" value="([^"]+)"/.exec(
			await text(await shop.admin.client.request(view)),
		)![1]!
		const refunded = await shop.admin.client.post(view, {
			intent: 'refund',
			amount: '10.00',
			reason: 'Goodwill',
			refundKey: key,
		})
		expect(refunded.status).toBe(200)
		const payout = shop.stripe.balance.payout()
		const fee = (pence: number) => Math.round(pence * 0.015) + 20
		const [a, b] = [first.totalCostPence!, second.totalCostPence!]
		expect(payout.amount).toBe(a - fee(a) + b - fee(b) - 1000)

		const html = await page()
		expect(html).toContain(formatPence(Number(payout.amount)))
		expect(html).toContain('Paid into the bank')
		expect(html).toContain(
			`Adds up: sales ${formatPence(a + b)} − refunds £10.00 − Stripe’s fees ${formatPence(fee(a) + fee(b))} = ${formatPence(Number(payout.amount))} paid out.`,
		)
		for (const order of [first, second]) {
			expect(html).toContain(`href="/admin/orders/${order.id}"`)
			expect(html).toMatch(
				new RegExp(`href="/admin/orders/${order.id}/documents/(RCT|INV)-\\d{6}"`),
			)
		}
		expect(html).toMatch(new RegExp(`href="/admin/orders/${first.id}/documents/CN-\\d{6}"`))
	})

	it('flags a payout holding a payment no order explains and a dispute, in words', async () => {
		shop.stripe.balance.charge('pi_not_ours', 2000)
		shop.stripe.balance.adjustment(-1500, 'Dispute for ch_x')
		shop.stripe.balance.payout()
		const html = await page()
		expect(html).toContain('Check this payout before matching it')
		expect(html).toMatch(/1 payment or refund in it matches no order in this shop \(txn_\w+\)/)
		expect(html).toContain(
			'1 transaction in it is not an order’s payment or refund (adjustment: -£15.00): check it in Stripe.',
		)
	})

	it('pages through many payouts, ten at a time', async () => {
		for (let i = 0; i < 10; i++) shop.stripe.balance.payout()
		const first = await page()
		expect(first.match(/data-testid="payout"/g)).toHaveLength(10)
		const older = /href="\/admin\/money\/payouts\?after=(po_\w+)"/.exec(first)![1]!
		const next = await page(`?after=${older}`)
		expect(next.match(/data-testid="payout"/g)).toHaveLength(2)
		expect(next).toContain('Check this payout before matching it')
		expect(next).toMatch(/href="\/admin\/money\/payouts\?before=po_\w+"/)
		expect(next).not.toContain('Older payouts')
		// A cursor that is not a payout id is ignored: the first page.
		expect((await page('?after=%27%3B--')).match(/data-testid="payout"/g)).toHaveLength(10)
	})

	it('says so plainly when Stripe does not answer, never a server error', async () => {
		shop.stripe.setMode('down')
		expect(await page()).toContain('Stripe did not answer, so the payouts cannot be shown just now')
	})
})
