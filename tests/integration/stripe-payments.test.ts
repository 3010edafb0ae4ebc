import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { checkoutSessions, paymentEvents } from '~/.server/db/schema'
import { Scheduler } from '~/.server/jobs/scheduler'
import { createLogger } from '~/.server/logger'
import { orderDeps } from '~/.server/orders/lifecycle/deps'
import { CHECK_MESSAGES } from '~/.server/orders/payments/payment-checks'
import { reconcilePayments } from '~/.server/orders/payments/reconcile'
import { INACTIVE_LINK_ALERT } from '~/.server/orders/payments/record-payment'
import { shopJobs } from '~/.server/wiring/shop-jobs'
import { startTestApp, type TestApp } from '../support/app'
import { setUpStripeShop } from '../support/stripe-shop'

/**
 * Stripe's side of a card payment over HTTP: signed webhooks, two instances, reconciliation and
 * refunds, through the app's real SDK and a local fake Stripe server.
 */
const { shop, db, text, orderRow, eventsOf, emailsOf, quotedOrder, openCheckout, postWebhook } =
	setUpStripeShop()

describe('Stripe webhooks', () => {
	it('marks the order paid once from a signed webhook; a replay and a second event change nothing', async () => {
		const order = await quotedOrder()
		const session = await openCheckout(order)
		shop.stripe.complete(session.id)
		const event = shop.stripe.signedEvent('checkout.session.completed', session)
		// Stripe's server-to-server call passes the Origin check (only this path is exempt).
		const foreign = { origin: 'https://hooks.stripe.example', 'content-type': 'application/json' }
		const elsewhere = await shop.app.request('/webhooks/stripe-other', {
			method: 'POST',
			headers: { ...foreign, 'stripe-signature': event.header },
			body: event.payload,
		})
		expect(elsewhere.status).toBe(403)
		const first = await shop.app.request('/webhooks/stripe', {
			method: 'POST',
			headers: { ...foreign, 'stripe-signature': event.header },
			body: event.payload,
		})
		expect(first.status).toBe(200)
		expect(await first.json()).toEqual({ received: true, outcome: 'applied' })
		const paid = await orderRow(order.id)
		expect(paid).toMatchObject({ status: 'paid', paymentLinkActive: false, paymentAlert: null })

		// The same delivery again (a replay within the tolerance, or Stripe retrying).
		const replay = await postWebhook(event.payload, event.header)
		expect(await replay.json()).toEqual({ received: true, outcome: 'duplicate_event' })
		// The same payment under a new event id.
		const again = shop.stripe.signedEvent('checkout.session.completed', session)
		expect(await (await postWebhook(again.payload, again.header)).json()).toEqual({
			received: true,
			outcome: 'already_applied',
		})

		const events = await eventsOf(order.id)
		expect(events.filter((e) => e.toStatus === 'paid' && e.fromStatus !== 'paid')).toHaveLength(1)
		expect(events.some((e) => e.note.includes(`Duplicate notification ${event.eventId}`))).toBe(
			true,
		)
		expect(await emailsOf('order-paid', order.id)).toHaveLength(1)
		expect((await orderRow(order.id)).version).toBe(paid.version)
		const stored = await db()
			.select()
			.from(paymentEvents)
			.where(eq(paymentEvents.orderId, order.id))
		expect(stored.map((e) => e.outcome).sort()).toEqual(['already_applied', 'applied'])
	})

	it('rejects unsigned, forged and stale webhooks with 400 and changes nothing', async () => {
		const order = await quotedOrder()
		const session = await openCheckout(order)
		shop.stripe.complete(session.id)
		const stale = shop.stripe.signedEvent('checkout.session.completed', session, {
			timestamp: Math.floor(Date.now() / 1000) - 301,
		})
		const forged = shop.stripe.signedEvent('checkout.session.completed', session, {
			secret: 'whsec_not_ours',
		})
		const good = shop.stripe.signedEvent('checkout.session.completed', session)
		for (const [payload, header] of [
			[good.payload, undefined],
			[good.payload, 'nonsense'],
			[forged.payload, forged.header],
			[stale.payload, stale.header],
			[good.payload.replace(order.id, 'KP-OTHER1'), good.header], // body changed after signing
		] as const) {
			const res = await postWebhook(payload, header)
			expect(res.status).toBe(400)
		}
		// Validly signed but malformed (issue 28, I1): 400 before any database work, never a 500.
		const future = shop.stripe.signedEvent('checkout.session.completed', session, {
			timestamp: Math.floor(Date.now() / 1000) + 600,
		})
		const malformed = [
			future,
			shop.stripe.signedEvent('checkout.session.completed', session, { eventId: 'evt_\u0000x' }),
			shop.stripe.signedEvent('checkout.session.completed', session, { eventId: 'x'.repeat(300) }),
			shop.stripe.signedEvent('checkout.session.completed', { ...session, id: 42 }),
			shop.stripe.signedEvent('checkout.session.completed', { ...session, id: 'cs_test_\ud800' }),
			shop.stripe.signedEvent('checkout.session.expired', { id: `cs_live_${'a'.repeat(300)}` }),
		]
		for (const event of malformed) {
			const res = await postWebhook(event.payload, event.header)
			expect(res.status, event.payload.slice(0, 80)).toBe(400)
		}
		expect((await orderRow(order.id)).status).toBe('payment_pending')
		const stored = await db()
			.select()
			.from(paymentEvents)
			.where(eq(paymentEvents.orderId, order.id))
		expect(stored).toEqual([])
		// Genuine but useless events are recorded and ignored: another account's session, no object.
		for (const object of [{ ...session, id: 'cs_test_unknown' }, {}]) {
			const odd = shop.stripe.signedEvent('checkout.session.completed', object)
			expect(await (await postWebhook(odd.payload, odd.header)).json()).toEqual({
				received: true,
				outcome: 'ignored',
			})
		}
		expect((await orderRow(order.id)).status).toBe('payment_pending')
	})

	it('flags, and does not apply, a payment on a link deactivated after the customer paid', async () => {
		const order = await quotedOrder()
		const session = await openCheckout(order)
		shop.stripe.complete(session.id) // paid at Stripe; the webhook is late
		const cancel = await shop.admin.client.post(`/admin/orders/${order.id}`, {
			intent: 'cancel',
			version: String(order.version),
			confirmed: 'yes',
		})
		// Stripe would not expire a completed session: the admin is told.
		expect(await text(cancel)).toContain('Order cancelled but failed to deactivate payment link')
		const event = shop.stripe.signedEvent('checkout.session.completed', session)
		const res = await postWebhook(event.payload, event.header)
		expect(await res.json()).toEqual({ received: true, outcome: 'flagged' })
		const after = await orderRow(order.id)
		expect(after).toMatchObject({ status: 'cancelled', paymentAlert: INACTIVE_LINK_ALERT })
		const note = (await eventsOf(order.id)).at(-1)!
		expect(note).toMatchObject({ fromStatus: 'cancelled', toStatus: 'cancelled' })
		expect(note.note).toContain('not applied')
		expect(await emailsOf('order-paid', order.id)).toHaveLength(0)
		// The admin sees the flag and can resolve it once refunded at Stripe.
		const modal = await text(await shop.admin.client.request(`/admin/orders/${order.id}`))
		expect(modal).toContain('Payment needs attention')
		expect(modal).toContain(INACTIVE_LINK_ALERT)
		const resolved = await shop.admin.client.post(`/admin/orders/${order.id}`, {
			intent: 'resolve-payment-alert',
			version: String(after.version),
			note: 'Refunded in the Stripe dashboard',
		})
		expect(await text(resolved)).toContain('Payment alert marked as resolved')
		expect((await orderRow(order.id)).paymentAlert).toBeNull()
	})
})

describe('two app instances on one database', () => {
	it('applies a webhook delivered to both at the same moment exactly once', async () => {
		const second = await startTestApp(shop.stripe.env, { shared: shop.app.database })
		try {
			const order = await quotedOrder()
			const session = await openCheckout(order)
			shop.stripe.complete(session.id)
			const event = shop.stripe.signedEvent('checkout.session.completed', session)
			const deliver = (target: TestApp) =>
				target.request('/webhooks/stripe', {
					method: 'POST',
					headers: { 'content-type': 'application/json', 'stripe-signature': event.header },
					body: event.payload,
				})
			const answers = await Promise.all([deliver(shop.app), deliver(second), deliver(second)])
			expect(answers.map((r) => r.status)).toEqual([200, 200, 200])
			const outcomes = await Promise.all(answers.map(async (r) => (await r.json()).outcome))
			expect(outcomes.sort()).toEqual(['applied', 'duplicate_event', 'duplicate_event'])
			expect(
				(await eventsOf(order.id)).filter((e) => e.toStatus === 'paid' && e.fromStatus !== 'paid'),
			).toHaveLength(1)
			expect(await emailsOf('order-paid', order.id)).toHaveLength(1)
		} finally {
			await second.close()
		}
	})
})

describe('reconciliation', () => {
	it('turns a completed session whose webhook never came into a paid order (button and job)', async () => {
		const order = await quotedOrder()
		const session = await openCheckout(order)
		const nothing = await shop.admin.client.post(`/admin/orders/${order.id}`, {
			intent: 'check-payment',
			version: String(order.version),
		})
		expect(await text(nothing)).toContain(CHECK_MESSAGES.none)
		shop.stripe.complete(session.id) // paid, but the webhook is lost
		shop.stripe.setMode('reset') // the connection drops: the SDK retries, then gives up
		const down = await shop.admin.client.post(`/admin/orders/${order.id}`, {
			intent: 'check-payment',
			version: String(order.version),
		})
		expect(await text(down)).toContain('Could not check with the payment provider')
		expect((await orderRow(order.id)).status).toBe('payment_pending')
		shop.stripe.setMode('up')
		const found = await shop.admin.client.post(`/admin/orders/${order.id}`, {
			intent: 'check-payment',
			version: String(order.version),
		})
		expect(await text(found)).toContain(CHECK_MESSAGES.paid)
		expect((await orderRow(order.id)).status).toBe('paid')
		// The late webhook then changes nothing.
		const event = shop.stripe.signedEvent('checkout.session.completed', session)
		expect(await (await postWebhook(event.payload, event.header)).json()).toMatchObject({
			outcome: 'already_applied',
		})
		expect(await emailsOf('order-paid', order.id)).toHaveLength(1)

		// A customer back from Checkout before the webhook is told it is paid, never asked again.
		const back = await quotedOrder()
		const backSession = await openCheckout(back)
		shop.stripe.complete(backSession.id)
		const sessionsBefore = shop.stripe.sessions.size
		const page = await shop.app.request(new URL(back.paymentLink!).pathname)
		expect(page.status).toBe(200)
		expect(await text(page)).toContain('Payment received')
		expect(shop.stripe.sessions.size).toBe(sessionsBefore)
		expect((await orderRow(back.id)).status).toBe('paid')

		// The periodic job (as boot() schedules it, on a clock the test moves) does the same.
		const other = await quotedOrder()
		shop.stripe.complete((await openCheckout(other)).id)
		const deps = orderDeps(shop.app.runtime)
		let clock = Date.now()
		const jobs = shopJobs({ ...shop.app.runtime, orderDeps: deps })
		const logger = createLogger('silent')
		const scheduler = new Scheduler({ ...jobs, db: db(), logger, now: () => new Date(clock) })
		await scheduler.register()
		await scheduler.runDue()
		expect((await orderRow(other.id)).status).not.toBe('paid')
		clock += shop.app.env.STRIPE_RECONCILE_MS
		await scheduler.runDue()
		expect((await orderRow(other.id)).status).toBe('paid')
		// A session this Stripe account no longer knows is closed, not retried for ever.
		const gone = await quotedOrder()
		const goneSession = await openCheckout(gone)
		shop.stripe.sessions.delete(goneSession.id)
		expect(await reconcilePayments(deps, { orderId: gone.id })).toEqual([])
		const closed = db().select().from(checkoutSessions)
		expect((await closed.where(eq(checkoutSessions.id, goneSession.id)))[0]?.status).toBe('expired')
	})
})

describe('refunds', () => {
	it('cancelling a card-paid order refunds it in full at Stripe after confirmation, and emails the customer', async () => {
		const order = await quotedOrder()
		const session = await openCheckout(order)
		const paidSession = shop.stripe.complete(session.id)
		const event = shop.stripe.signedEvent('checkout.session.completed', paidSession)
		await postWebhook(event.payload, event.header)
		const paid = await orderRow(order.id)
		expect(paid.status).toBe('paid')

		const modal = await text(await shop.admin.client.request(`/admin/orders/${order.id}`))
		expect(modal).toContain('Cancel and refund')
		const ask = await shop.admin.client.post(`/admin/orders/${order.id}`, {
			intent: 'cancel',
			version: String(paid.version),
		})
		expect(await text(ask)).toContain('Cancel and refund this order?')
		expect(shop.stripe.refunds).toHaveLength(0)

		shop.stripe.setMode('down')
		const failed = await shop.admin.client.post(`/admin/orders/${order.id}`, {
			intent: 'cancel',
			version: String(paid.version),
			confirmed: 'yes',
		})
		expect(await text(failed)).toContain('The refund failed, so the order was not cancelled')
		expect((await orderRow(order.id)).status).toBe('paid')
		shop.stripe.setMode('up')

		const done = await shop.admin.client.post(`/admin/orders/${order.id}`, {
			intent: 'cancel',
			version: String(paid.version),
			confirmed: 'yes',
		})
		expect(await text(done)).toContain('Order has been cancelled and the payment refunded in full')
		expect(shop.stripe.refunds).toEqual([
			expect.objectContaining({
				payment_intent: paidSession.payment_intent,
				amount: paid.totalCostPence,
				status: 'succeeded',
			}),
		])
		expect((await orderRow(order.id)).status).toBe('cancelled')
		const last = (await eventsOf(order.id)).at(-1)!
		expect(last.note).toContain(`(${shop.stripe.refunds[0]!.id})`)
		const [email] = await emailsOf('order-refunded', order.id)
		expect(email?.subject).toBe(`Your order has been cancelled and refunded — order ${order.id}`)
	})
})
