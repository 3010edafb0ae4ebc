import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
	checkoutSessions,
	emailOutbox,
	orderEvents,
	orders,
	paymentEvents,
} from '~/.server/db/schema'
import { createLogger } from '~/.server/logger'
import { orderDeps } from '~/.server/orders/deps'
import { CHECK_MESSAGES } from '~/.server/orders/payment-checks'
import { ReconcileJob, reconcilePayments } from '~/.server/orders/reconcile'
import { INACTIVE_LINK_ALERT } from '~/.server/orders/record-payment'
import { STRIPE_API_VERSION } from '~/.server/payments/stripe-provider'
import { startTestApp, type TestApp } from '../support/app'
import { createAdmin, insertOrder } from '../support/factories'
import { type FakeStripe, startFakeStripe } from '../support/fake-stripe'

/**
 * The card journey with Stripe, end to end over HTTP: the app's real SDK talks to a local fake
 * Stripe server (STRIPE_API_BASE), and webhooks are signed with the SDK's test-header helper.
 */
let stripe: FakeStripe
let app: TestApp
let admin: Awaited<ReturnType<typeof createAdmin>>
beforeAll(async () => {
	stripe = await startFakeStripe()
	app = await startTestApp(stripe.env)
	admin = await createAdmin(app)
})
afterAll(async () => {
	await app?.close()
	await stripe?.close()
})
beforeEach(() => stripe.setMode('up'))

const db = () => app.database.db
const text = async (res: Response) => (await res.text()).replace(/<!-- -->/g, '')
const orderRow = async (id: string) =>
	(await db().select().from(orders).where(eq(orders.id, id)))[0]!
const eventsOf = async (id: string) =>
	db().select().from(orderEvents).where(eq(orderEvents.orderId, id)).orderBy(orderEvents.id)
const emailsOf = async (kind: string, orderId: string) =>
	(await db().select().from(emailOutbox).where(eq(emailOutbox.kind, kind))).filter((e) =>
		e.subject.includes(orderId),
	)

/** An order quoted by the admin through the modal: its link is a Stripe link. */
async function quotedOrder(deliveryCost = '45.00') {
	const order = await insertOrder(db(), { siteUrl: app.url })
	const res = await admin.client.post(`/admin/orders/${order.id}`, {
		intent: 'set-delivery-cost',
		version: String(order.version),
		deliveryCost,
	})
	expect(await text(res)).toContain('Delivery cost set and payment link created successfully')
	return orderRow(order.id)
}

/** Presses 'Pay £X now' on the link's page, as a browser tab would: the answer goes to Stripe. */
const pressPay = (order: { paymentLink: string | null }) =>
	app.request(new URL(order.paymentLink!).pathname, {
		method: 'POST',
		headers: { origin: app.url, 'content-type': 'application/x-www-form-urlencoded' },
		body: '',
	})

/** The customer opens the emailed link (our page), presses Pay and lands on its Checkout Session. */
async function openCheckout(order: { paymentLink: string | null; totalCostPence: number | null }) {
	const page = await app.request(new URL(order.paymentLink!).pathname)
	expect(page.status).toBe(200)
	const html = await text(page)
	expect(html).toContain(`Pay £${(order.totalCostPence! / 100).toFixed(2)} now`)
	expect(html).toContain('Price held until')
	const res = await pressPay(order)
	expect(res.status).toBe(303)
	const location = res.headers.get('location')!
	const session = [...stripe.sessions.values()].find((s) => s.url === location)!
	expect(session).toBeDefined()
	return session
}

/** The fake's hosted checkout page, as the customer's browser uses it (GET shows, POST pays). */
const hostedPage = (session: Record<string, unknown>, method: 'GET' | 'POST' = 'GET') =>
	fetch(String(session.url), { method, redirect: 'manual' })

const postWebhook = (payload: string, header?: string) =>
	app.request('/webhooks/stripe', {
		method: 'POST',
		headers: {
			'content-type': 'application/json',
			...(header ? { 'stripe-signature': header } : {}),
		},
		body: payload,
	})

describe('paying with Stripe Checkout', () => {
	it('opens a session for the exact total in GBP pence, with our references, only when Pay is pressed', async () => {
		const order = await quotedOrder('45.50')
		expect(order.paymentLink).toBe(`${app.url}/pay/${order.paymentLinkId}`)
		const before = Math.floor(Date.now() / 1000)
		// Visiting the link (a preview, a prefetch, a second look) creates nothing at Stripe.
		const sessionsBefore = stripe.sessions.size
		for (let i = 0; i < 3; i++) await app.request(new URL(order.paymentLink!).pathname)
		expect(stripe.sessions.size).toBe(sessionsBefore)
		const session = await openCheckout(order)
		expect(session).toMatchObject({
			mode: 'payment',
			amount_total: order.totalCostPence,
			currency: 'gbp',
			client_reference_id: order.id,
			metadata: { order_id: order.id, link_id: order.paymentLinkId },
			customer_email: 'morag@example.co.uk',
			line_item_name: `Order ${order.id} (pond equipment and delivery)`,
			line_items_count: 1,
			success_url: `${order.paymentLink}?paid=1`,
			cancel_url: order.paymentLink,
		})
		// Stripe allows 30 minutes to 24 hours.
		expect(session.expires_at).toBeGreaterThanOrEqual(before + 30 * 60)
		expect(session.expires_at).toBeLessThanOrEqual(before + 24 * 3600 + 5)
		// Every call carries the pinned API version.
		expect(stripe.requests.at(-1)?.version).toBe(STRIPE_API_VERSION)
		const [stored] = await db()
			.select()
			.from(checkoutSessions)
			.where(eq(checkoutSessions.id, session.id))
		expect(stored).toMatchObject({ linkId: order.paymentLinkId, status: 'open', url: session.url })
		// Pressing Pay again (another tab, the back button) hands out the same session.
		expect((await openCheckout(order)).id).toBe(session.id)
		expect(stripe.sessions.size).toBe(sessionsBefore + 1)
		// A real provider: no test-payments notice on the pay page or in the back office.
		for (const html of [
			await text(await app.request(new URL(order.paymentLink!).pathname)),
			await text(await admin.client.request('/admin')),
		])
			expect(html).not.toContain('Test payments: no money is taken')
	})

	it('two tabs: both get one session, and once it is paid in one the other cannot pay (issue 28)', async () => {
		const order = await quotedOrder('52.00')
		const [a, b] = await Promise.all([pressPay(order), pressPay(order)])
		expect([a.status, b.status]).toEqual([303, 303])
		expect(a.headers.get('location')).toBe(b.headers.get('location'))
		const session = [...stripe.sessions.values()].find((s) => s.url === a.headers.get('location'))!
		expect((await hostedPage(session)).status).toBe(200) // tab B shows the checkout
		expect((await hostedPage(session, 'POST')).status).toBe(303) // tab A pays
		const event = stripe.signedEvent('checkout.session.completed', session)
		expect(await (await postWebhook(event.payload, event.header)).json()).toMatchObject({
			outcome: 'applied',
		})
		// Tab B presses Pay at Stripe: the session is complete and takes nothing more.
		expect((await hostedPage(session, 'POST')).status).toBe(410)
		// Our link now shows it paid and opens nothing new.
		const sessions = stripe.sessions.size
		expect((await pressPay(order)).status).toBe(302)
		expect(await text(await app.request(new URL(order.paymentLink!).pathname))).toContain(
			'Already paid',
		)
		expect(stripe.sessions.size).toBe(sessions)
		expect(await emailsOf('order-paid', order.id)).toHaveLength(1)
	})

	it("expires the order's other open sessions the moment a payment is applied", async () => {
		const order = await quotedOrder()
		const first = await openCheckout(order)
		// Stripe is down when the price changes: the first link's session stays open there.
		stripe.setMode('down')
		const update = await admin.client.post(`/admin/orders/${order.id}`, {
			intent: 'set-delivery-cost',
			version: String(order.version),
			deliveryCost: '61',
			confirmReplace: 'yes',
		})
		expect(await text(update)).toContain('Payment link created but there was an issue:')
		stripe.setMode('up')
		expect(stripe.sessions.get(first.id)?.status).toBe('open')
		const updated = await orderRow(order.id)
		const second = await openCheckout(updated)
		stripe.complete(second.id)
		const event = stripe.signedEvent('checkout.session.completed', stripe.sessions.get(second.id)!)
		expect(await (await postWebhook(event.payload, event.header)).json()).toMatchObject({
			outcome: 'applied',
		})
		expect(stripe.sessions.get(first.id)?.status).toBe('expired')
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
		expect(stripe.sessions.get(old.id)?.status).toBe('expired')

		// Twenty minutes left on the quote: Stripe's shortest session (30) would outlive it.
		await db()
			.update(orders)
			.set({ quoteExpiresAt: new Date(Date.now() + 20 * 60_000) })
			.where(eq(orders.id, order.id))
		await db()
			.update(checkoutSessions)
			.set({ expiresAt: new Date(Date.now() + 5 * 60_000) })
			.where(eq(checkoutSessions.id, fresh.id))
		const sessions = stripe.sessions.size
		const page = await app.request(new URL(order.paymentLink!).pathname)
		expect(page.status).toBe(410)
		expect(await text(page)).toContain('This quote has almost expired')
		expect((await pressPay(order)).status).toBe(302)
		expect(stripe.sessions.size).toBe(sessions)
	})

	it('limits presses of Pay per link', async () => {
		const order = await quotedOrder()
		const answers = []
		for (let i = 0; i < 11; i++) answers.push((await pressPay(order)).status)
		expect(answers.slice(0, 10)).toEqual(Array(10).fill(303))
		expect(answers[10]).toBe(429)
	})

	it('marks the order paid once from a signed webhook; a replay and a second event change nothing', async () => {
		const order = await quotedOrder()
		const session = await openCheckout(order)
		stripe.complete(session.id)
		const event = stripe.signedEvent('checkout.session.completed', session)
		// Stripe's server-to-server call passes the Origin check (only this path is exempt).
		const foreign = { origin: 'https://hooks.stripe.example', 'content-type': 'application/json' }
		const elsewhere = await app.request('/webhooks/stripe-other', {
			method: 'POST',
			headers: { ...foreign, 'stripe-signature': event.header },
			body: event.payload,
		})
		expect(elsewhere.status).toBe(403)
		const first = await app.request('/webhooks/stripe', {
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
		const again = stripe.signedEvent('checkout.session.completed', session)
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
		stripe.complete(session.id)
		const stale = stripe.signedEvent('checkout.session.completed', session, {
			timestamp: Math.floor(Date.now() / 1000) - 301,
		})
		const forged = stripe.signedEvent('checkout.session.completed', session, {
			secret: 'whsec_not_ours',
		})
		const good = stripe.signedEvent('checkout.session.completed', session)
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
		expect((await orderRow(order.id)).status).toBe('payment_pending')
		const stored = await db()
			.select()
			.from(paymentEvents)
			.where(eq(paymentEvents.orderId, order.id))
		expect(stored).toEqual([])
		// Genuine but useless events are recorded and ignored: another account's session, no object.
		for (const object of [{ ...session, id: 'cs_test_unknown' }, {}]) {
			const odd = stripe.signedEvent('checkout.session.completed', object)
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
		stripe.complete(session.id) // paid at Stripe; the webhook is late
		const cancel = await admin.client.post(`/admin/orders/${order.id}`, {
			intent: 'cancel',
			version: String(order.version),
			confirmed: 'yes',
		})
		// Stripe would not expire a completed session: the admin is told.
		expect(await text(cancel)).toContain('Order cancelled but failed to deactivate payment link')
		const event = stripe.signedEvent('checkout.session.completed', session)
		const res = await postWebhook(event.payload, event.header)
		expect(await res.json()).toEqual({ received: true, outcome: 'flagged' })
		const after = await orderRow(order.id)
		expect(after).toMatchObject({ status: 'cancelled', paymentAlert: INACTIVE_LINK_ALERT })
		const note = (await eventsOf(order.id)).at(-1)!
		expect(note).toMatchObject({ fromStatus: 'cancelled', toStatus: 'cancelled' })
		expect(note.note).toContain('not applied')
		expect(await emailsOf('order-paid', order.id)).toHaveLength(0)
		// The admin sees the flag and can resolve it once refunded at Stripe.
		const modal = await text(await admin.client.request(`/admin/orders/${order.id}`))
		expect(modal).toContain('Payment needs attention')
		expect(modal).toContain(INACTIVE_LINK_ALERT)
		const resolved = await admin.client.post(`/admin/orders/${order.id}`, {
			intent: 'resolve-payment-alert',
			version: String(after.version),
			note: 'Refunded in the Stripe dashboard',
		})
		expect(await text(resolved)).toContain('Payment alert marked as resolved')
		expect((await orderRow(order.id)).paymentAlert).toBeNull()
	})

	it('expires open sessions when a price update replaces the link; an outage is reported, not lost', async () => {
		const order = await quotedOrder()
		const session = await openCheckout(order)
		const update = await admin.client.post(`/admin/orders/${order.id}`, {
			intent: 'set-delivery-cost',
			version: String(order.version),
			deliveryCost: '60',
			confirmReplace: 'yes',
		})
		expect(await text(update)).toContain('Order updated and new payment link created successfully')
		expect(stripe.sessions.get(session.id)?.status).toBe('expired')
		const updated = await orderRow(order.id)
		const second = await openCheckout(updated)
		stripe.setMode('down')
		const again = await admin.client.post(`/admin/orders/${order.id}`, {
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
		stripe.setMode('up')
		// The old session stayed open at Stripe: paying it now is flagged, never applied.
		stripe.complete(second.id)
		const late = stripe.signedEvent('checkout.session.completed', stripe.sessions.get(second.id)!)
		expect(await (await postWebhook(late.payload, late.header)).json()).toMatchObject({
			outcome: 'flagged',
		})
		expect((await orderRow(order.id)).status).toBe('payment_pending')
		expect((await openCheckout(latest)).amount_total).toBe(latest.totalCostPence)
	})
})

describe('two app instances on one database', () => {
	it('applies a webhook delivered to both at the same moment exactly once', async () => {
		const second = await startTestApp(stripe.env, { shared: app.database })
		try {
			const order = await quotedOrder()
			const session = await openCheckout(order)
			stripe.complete(session.id)
			const event = stripe.signedEvent('checkout.session.completed', session)
			const deliver = (target: TestApp) =>
				target.request('/webhooks/stripe', {
					method: 'POST',
					headers: { 'content-type': 'application/json', 'stripe-signature': event.header },
					body: event.payload,
				})
			const answers = await Promise.all([deliver(app), deliver(second), deliver(second)])
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
		const nothing = await admin.client.post(`/admin/orders/${order.id}`, {
			intent: 'check-payment',
			version: String(order.version),
		})
		expect(await text(nothing)).toContain(CHECK_MESSAGES.none)
		stripe.complete(session.id) // paid, but the webhook is lost
		stripe.setMode('reset') // the connection drops: the SDK retries, then gives up
		const down = await admin.client.post(`/admin/orders/${order.id}`, {
			intent: 'check-payment',
			version: String(order.version),
		})
		expect(await text(down)).toContain('Could not check with the payment provider')
		expect((await orderRow(order.id)).status).toBe('payment_pending')
		stripe.setMode('up')
		const found = await admin.client.post(`/admin/orders/${order.id}`, {
			intent: 'check-payment',
			version: String(order.version),
		})
		expect(await text(found)).toContain(CHECK_MESSAGES.paid)
		expect((await orderRow(order.id)).status).toBe('paid')
		// The late webhook then changes nothing.
		const event = stripe.signedEvent('checkout.session.completed', session)
		expect(await (await postWebhook(event.payload, event.header)).json()).toMatchObject({
			outcome: 'already_applied',
		})
		expect(await emailsOf('order-paid', order.id)).toHaveLength(1)

		// A customer back from Checkout before the webhook is told it is paid, never asked again.
		const back = await quotedOrder()
		const backSession = await openCheckout(back)
		stripe.complete(backSession.id)
		const sessionsBefore = stripe.sessions.size
		const page = await app.request(new URL(back.paymentLink!).pathname)
		expect(page.status).toBe(200)
		expect(await text(page)).toContain('Payment received')
		expect(stripe.sessions.size).toBe(sessionsBefore)
		expect((await orderRow(back.id)).status).toBe('paid')

		// The periodic job does the same for every open checkout.
		const other = await quotedOrder()
		const otherSession = await openCheckout(other)
		stripe.complete(otherSession.id)
		const deps = orderDeps({ ...app.runtime, db: db() })
		const job = new ReconcileJob(deps, createLogger('silent'), 50)
		job.start()
		await expect.poll(async () => (await orderRow(other.id)).status, { timeout: 5000 }).toBe('paid')
		await job.stop()
		// A session this Stripe account no longer knows is closed, not retried for ever.
		const gone = await quotedOrder()
		const goneSession = await openCheckout(gone)
		stripe.sessions.delete(goneSession.id)
		expect(await reconcilePayments(deps, { orderId: gone.id })).toEqual([])
		const [closed] = await db()
			.select()
			.from(checkoutSessions)
			.where(eq(checkoutSessions.id, goneSession.id))
		expect(closed?.status).toBe('expired')
	})
})

describe('refunds', () => {
	it('cancelling a card-paid order refunds it in full at Stripe after confirmation, and emails the customer', async () => {
		const order = await quotedOrder()
		const session = await openCheckout(order)
		const paidSession = stripe.complete(session.id)
		const event = stripe.signedEvent('checkout.session.completed', paidSession)
		await postWebhook(event.payload, event.header)
		const paid = await orderRow(order.id)
		expect(paid.status).toBe('paid')

		const modal = await text(await admin.client.request(`/admin/orders/${order.id}`))
		expect(modal).toContain('Cancel and refund')
		const ask = await admin.client.post(`/admin/orders/${order.id}`, {
			intent: 'cancel',
			version: String(paid.version),
		})
		expect(await text(ask)).toContain('Cancel and refund this order?')
		expect(stripe.refunds).toHaveLength(0)

		stripe.setMode('down')
		const failed = await admin.client.post(`/admin/orders/${order.id}`, {
			intent: 'cancel',
			version: String(paid.version),
			confirmed: 'yes',
		})
		expect(await text(failed)).toContain('The refund failed, so the order was not cancelled')
		expect((await orderRow(order.id)).status).toBe('paid')
		stripe.setMode('up')

		const done = await admin.client.post(`/admin/orders/${order.id}`, {
			intent: 'cancel',
			version: String(paid.version),
			confirmed: 'yes',
		})
		expect(await text(done)).toContain('Order has been cancelled and the payment refunded in full')
		expect(stripe.refunds).toEqual([
			expect.objectContaining({
				payment_intent: paidSession.payment_intent,
				amount: paid.totalCostPence,
				status: 'succeeded',
			}),
		])
		expect((await orderRow(order.id)).status).toBe('cancelled')
		const last = (await eventsOf(order.id)).at(-1)!
		expect(last.note).toContain(`(${stripe.refunds[0]!.id})`)
		const [email] = await emailsOf('order-refunded', order.id)
		expect(email?.subject).toBe(`Your order has been cancelled and refunded — order ${order.id}`)
	})
})
