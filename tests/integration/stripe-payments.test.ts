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

/** The customer opens the emailed link and lands on a new Checkout Session. */
async function openCheckout(order: { paymentLink: string | null }) {
	const res = await app.request(new URL(order.paymentLink!).pathname)
	expect(res.status).toBe(302)
	const location = res.headers.get('location')!
	const session = [...stripe.sessions.values()].find((s) => s.url === location)!
	expect(session).toBeDefined()
	return session
}

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
	it('redirects /pay/<token> to a new session for the exact total in GBP pence, with our references', async () => {
		const order = await quotedOrder('45.50')
		expect(order.paymentLink).toBe(`${app.url}/pay/${order.paymentLinkId}`)
		const before = Math.floor(Date.now() / 1000)
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
			success_url: `${app.url}/auth?tab=orders`,
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
		expect(stored).toMatchObject({ linkId: order.paymentLinkId, status: 'open' })
		// A second visit opens a second session (each visit is a fresh checkout).
		expect((await openCheckout(order)).id).not.toBe(session.id)
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
		// While Stripe is down the customer gets a clear page, and the link keeps working after.
		const page = await app.request(new URL(latest.paymentLink!).pathname)
		expect(page.status).toBe(503)
		expect(await text(page)).toContain('Card payments are unavailable just now')
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
