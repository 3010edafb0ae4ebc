import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { checkoutSessions, orders } from '~/.server/db/schema'
import { STRIPE_API_VERSION } from '~/.server/payments/stripe-client'
import { formatDateTime } from '~/lib/dates'
import { startTestApp, type TestApp } from '../support/app'
import { setUpStripeShop } from '../support/stripe-shop'

/**
 * Paying with Stripe Checkout from our pay page (decision 0018): one session per link, opened only
 * when Pay is pressed, never outliving the quote, and never a second payment.
 */
const {
	shop,
	db,
	text,
	orderRow,
	emailsOf,
	quotedOrder,
	pressPay,
	openCheckout,
	hostedPage,
	postWebhook,
} = setUpStripeShop()

describe('paying with Stripe Checkout', () => {
	it('opens a session for the exact total in GBP pence, with our references, only when Pay is pressed', async () => {
		const order = await quotedOrder('45.50')
		expect(order.paymentLink).toBe(`${shop.app.url}/pay/${order.paymentLinkId}`)
		const before = Math.floor(Date.now() / 1000)
		// Visiting the link (a preview, a prefetch, a second look) creates nothing at Stripe.
		const sessionsBefore = shop.stripe.sessions.size
		for (let i = 0; i < 3; i++) await shop.app.request(new URL(order.paymentLink!).pathname)
		expect(shop.stripe.sessions.size).toBe(sessionsBefore)
		const session = await openCheckout(order)
		expect(session).toMatchObject({
			mode: 'payment',
			amount_total: order.totalCostPence,
			currency: 'gbp',
			client_reference_id: order.id,
			metadata: { order_id: order.id, link_id: order.paymentLinkId },
			customer_email: 'morag@example.co.uk',
			line_item_name: `Order ${order.id} (pond equipment and delivery)`,
			// The held-until date goes to Stripe's page and the payment too (issue 31 item 2).
			line_item_description: `Total including delivery, price held until ${formatDateTime(order.quoteExpiresAt!)}`,
			payment_description: `Order ${order.id}, price held until ${formatDateTime(order.quoteExpiresAt!)}`,
			line_items_count: 1,
			success_url: `${order.paymentLink}?paid=1`,
			cancel_url: order.paymentLink,
		})
		// Stripe allows 30 minutes to 24 hours.
		expect(session.expires_at).toBeGreaterThanOrEqual(before + 30 * 60)
		expect(session.expires_at).toBeLessThanOrEqual(before + 24 * 3600 + 5)
		// Every call carries the pinned API version.
		expect(shop.stripe.requests.at(-1)?.version).toBe(STRIPE_API_VERSION)
		const [stored] = await db()
			.select()
			.from(checkoutSessions)
			.where(eq(checkoutSessions.id, session.id))
		expect(stored).toMatchObject({ linkId: order.paymentLinkId, status: 'open', url: session.url })
		// Pressing Pay again (another tab, the back button) hands out the same session.
		expect((await openCheckout(order)).id).toBe(session.id)
		expect(shop.stripe.sessions.size).toBe(sessionsBefore + 1)
		// A real provider: no test-payments notice on the pay page or in the back office.
		for (const html of [
			await text(await shop.app.request(new URL(order.paymentLink!).pathname)),
			await text(await shop.admin.client.request('/admin')),
		])
			expect(html).not.toContain('Test payments: no money is taken')
	})

	it('two tabs: both get one session, and once it is paid in one the other cannot pay (issue 28)', async () => {
		const order = await quotedOrder('52.00')
		const [a, b] = await Promise.all([pressPay(order), pressPay(order)])
		expect([a.status, b.status]).toEqual([303, 303])
		expect(a.headers.get('location')).toBe(b.headers.get('location'))
		const session = [...shop.stripe.sessions.values()].find(
			(s) => s.url === a.headers.get('location'),
		)!
		expect((await hostedPage(session)).status).toBe(200) // tab B shows the checkout
		expect((await hostedPage(session, 'POST')).status).toBe(303) // tab A pays
		const event = shop.stripe.signedEvent('checkout.session.completed', session)
		expect(await (await postWebhook(event.payload, event.header)).json()).toMatchObject({
			outcome: 'applied',
		})
		// Tab B presses Pay at Stripe: the session is complete and takes nothing more.
		expect((await hostedPage(session, 'POST')).status).toBe(410)
		// Our link now shows it paid and opens nothing new.
		const sessions = shop.stripe.sessions.size
		expect((await pressPay(order)).status).toBe(302)
		expect(await text(await shop.app.request(new URL(order.paymentLink!).pathname))).toContain(
			'Already paid',
		)
		expect(shop.stripe.sessions.size).toBe(sessions)
		expect(await emailsOf('order-paid', order.id)).toHaveLength(1)
	})

	it("expires the order's other open sessions the moment a payment is applied", async () => {
		const order = await quotedOrder()
		const first = await openCheckout(order)
		// Stripe is down when the price changes: the first link's session stays open there.
		shop.stripe.setMode('down')
		const update = await shop.admin.client.post(`/admin/orders/${order.id}`, {
			intent: 'set-delivery-cost',
			version: String(order.version),
			deliveryCost: '61',
			confirmReplace: 'yes',
		})
		expect(await text(update)).toContain('Payment link created but there was an issue:')
		shop.stripe.setMode('up')
		expect(shop.stripe.sessions.get(first.id)?.status).toBe('open')
		const updated = await orderRow(order.id)
		const second = await openCheckout(updated)
		shop.stripe.complete(second.id)
		const event = shop.stripe.signedEvent(
			'checkout.session.completed',
			shop.stripe.sessions.get(second.id)!,
		)
		expect(await (await postWebhook(event.payload, event.header)).json()).toMatchObject({
			outcome: 'applied',
		})
		expect(shop.stripe.sessions.get(first.id)?.status).toBe('expired')
		const [closed] = await db()
			.select()
			.from(checkoutSessions)
			.where(eq(checkoutSessions.id, first.id))
		expect(closed?.status).toBe('expired')
	})

	it('replaces a stored session near its end, and opens none when the quote ends within 30 minutes', async () => {
		const order = await quotedOrder()
		const old = await openCheckout(order)
		await db()
			.update(checkoutSessions)
			.set({ expiresAt: new Date(Date.now() + 5 * 60_000) })
			.where(eq(checkoutSessions.id, old.id))
		const fresh = await openCheckout(order)
		expect(fresh.id).not.toBe(old.id)
		expect(shop.stripe.sessions.get(old.id)?.status).toBe('expired')

		// Twenty minutes left on the quote: Stripe's shortest session (30) would outlive it.
		await db()
			.update(orders)
			.set({ quoteExpiresAt: new Date(Date.now() + 20 * 60_000) })
			.where(eq(orders.id, order.id))
		await db()
			.update(checkoutSessions)
			.set({ expiresAt: new Date(Date.now() + 5 * 60_000) })
			.where(eq(checkoutSessions.id, fresh.id))
		const sessions = shop.stripe.sessions.size
		const page = await shop.app.request(new URL(order.paymentLink!).pathname)
		expect(page.status).toBe(410)
		expect(await text(page)).toContain('This quote has almost expired')
		expect((await pressPay(order)).status).toBe(302)
		expect(shop.stripe.sessions.size).toBe(sessions)
	})

	it('two instances pressed at once open one session between them (the lease on the link)', async () => {
		const second = await startTestApp(shop.stripe.env, { shared: shop.app.database })
		try {
			const order = await quotedOrder()
			const path = new URL(order.paymentLink!).pathname
			const press = (app: TestApp) =>
				app.request(path, {
					method: 'POST',
					headers: { origin: app.url, 'content-type': 'application/x-www-form-urlencoded' },
					body: '',
				})
			const before = shop.stripe.sessions.size
			const answers = await Promise.all([shop.app, second, second, shop.app].map(press))
			expect(answers.map((r) => r.status)).toEqual([303, 303, 303, 303])
			expect(new Set(answers.map((r) => r.headers.get('location'))).size).toBe(1)
			expect(shop.stripe.sessions.size).toBe(before + 1)
		} finally {
			await second.close()
		}
	})

	it('limits presses of Pay per link', async () => {
		const order = await quotedOrder()
		const answers = []
		for (let i = 0; i < 11; i++) answers.push((await pressPay(order)).status)
		expect(answers.slice(0, 10)).toEqual(Array(10).fill(303))
		expect(answers[10]).toBe(429)
	})

	it('expires open sessions when a price update replaces the link; an outage is reported, not lost', async () => {
		const order = await quotedOrder()
		const session = await openCheckout(order)
		const update = await shop.admin.client.post(`/admin/orders/${order.id}`, {
			intent: 'set-delivery-cost',
			version: String(order.version),
			deliveryCost: '60',
			confirmReplace: 'yes',
		})
		expect(await text(update)).toContain('Order updated and new payment link created successfully')
		expect(shop.stripe.sessions.get(session.id)?.status).toBe('expired')
		const updated = await orderRow(order.id)
		const second = await openCheckout(updated)
		shop.stripe.setMode('down')
		const again = await shop.admin.client.post(`/admin/orders/${order.id}`, {
			intent: 'set-delivery-cost',
			version: String(updated.version),
			deliveryCost: '70',
			confirmReplace: 'yes',
		})
		expect(await text(again)).toContain('Payment link created but there was an issue:')
		const latest = await orderRow(order.id)
		expect(latest).toMatchObject({ status: 'payment_pending', paymentLinkActive: true })
		expect(latest.totalCostPence).toBe(latest.subtotalPence + 7000)
		// While Stripe is down the customer gets a clear message, and the link keeps working after.
		const pressed = await pressPay(latest)
		expect(pressed.status).toBe(503)
		expect(await text(pressed)).toContain('We could not open the secure payment page just now')
		shop.stripe.setMode('up')
		// The old session stayed open at Stripe: paying it now is flagged, never applied.
		shop.stripe.complete(second.id)
		const late = shop.stripe.signedEvent(
			'checkout.session.completed',
			shop.stripe.sessions.get(second.id)!,
		)
		expect(await (await postWebhook(late.payload, late.header)).json()).toMatchObject({
			outcome: 'flagged',
		})
		expect((await orderRow(order.id)).status).toBe('payment_pending')
		expect((await openCheckout(latest)).amount_total).toBe(latest.totalCostPence)
	})

	it('records a session Stripe reports expired, through the event it sent', async () => {
		const order = await quotedOrder()
		const session = await openCheckout(order)
		shop.stripe.sessions.get(session.id)!.status = 'expired'
		const event = shop.stripe.signedEvent('checkout.session.expired', session)
		expect(await (await postWebhook(event.payload, event.header)).json()).toEqual({
			received: true,
			outcome: 'ignored',
		})
		const [row] = await db()
			.select()
			.from(checkoutSessions)
			.where(eq(checkoutSessions.id, session.id))
		expect(row?.status).toBe('expired')
	})
})
