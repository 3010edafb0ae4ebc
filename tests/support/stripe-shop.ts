import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, expect } from 'vitest'
import { emailOutbox, orderEvents, orders } from '~/.server/db/schema'
import { startTestApp, type TestApp } from './app'
import { createAdmin, insertOrder } from './factories'
import { type FakeStripe, startFakeStripe } from './fake-stripe'

/**
 * A shop with Stripe keys whose real SDK talks to a local fake Stripe server (STRIPE_API_BASE),
 * with an admin and the customer's steps over HTTP; webhooks are signed with the SDK's
 * test-header helper. Call at the top of a test file: it registers its own hooks.
 */
export function setUpStripeShop() {
	const shop = {} as {
		stripe: FakeStripe
		app: TestApp
		admin: Awaited<ReturnType<typeof createAdmin>>
	}
	beforeAll(async () => {
		shop.stripe = await startFakeStripe()
		shop.app = await startTestApp(shop.stripe.env)
		shop.admin = await createAdmin(shop.app)
	})
	afterAll(async () => {
		await shop.app?.close()
		await shop.stripe?.close()
	})
	beforeEach(() => shop.stripe.setMode('up'))

	const db = () => shop.app.database.db
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
		const order = await insertOrder(db(), { siteUrl: shop.app.url })
		const res = await shop.admin.client.post(`/admin/orders/${order.id}`, {
			intent: 'set-delivery-cost',
			version: String(order.version),
			deliveryCost,
		})
		expect(await text(res)).toContain('Delivery cost set and payment link created successfully')
		return orderRow(order.id)
	}

	/** Presses 'Pay £X now' on the link's page, as a browser tab would: the answer goes to Stripe. */
	const pressPay = (order: { paymentLink: string | null }) =>
		shop.app.request(new URL(order.paymentLink!).pathname, {
			method: 'POST',
			headers: { origin: shop.app.url, 'content-type': 'application/x-www-form-urlencoded' },
			body: '',
		})

	/** The customer opens the emailed link (our page), presses Pay and lands on its Checkout Session. */
	async function openCheckout(order: {
		paymentLink: string | null
		totalCostPence: number | null
	}) {
		const page = await shop.app.request(new URL(order.paymentLink!).pathname)
		expect(page.status).toBe(200)
		const html = await text(page)
		expect(html).toContain(`Pay £${(order.totalCostPence! / 100).toFixed(2)} now`)
		expect(html).toContain('Price held until')
		const res = await pressPay(order)
		expect(res.status).toBe(303)
		const location = res.headers.get('location')!
		const session = [...shop.stripe.sessions.values()].find((s) => s.url === location)!
		expect(session).toBeDefined()
		return session
	}

	/** The fake's hosted checkout page, as the customer's browser uses it (GET shows, POST pays). */
	const hostedPage = (session: Record<string, unknown>, method: 'GET' | 'POST' = 'GET') =>
		fetch(String(session.url), { method, redirect: 'manual' })

	const postWebhook = (payload: string, header?: string) =>
		shop.app.request('/webhooks/stripe', {
			method: 'POST',
			headers: {
				'content-type': 'application/json',
				...(header ? { 'stripe-signature': header } : {}),
			},
			body: payload,
		})

	return {
		shop,
		db,
		text,
		orderRow,
		eventsOf,
		emailsOf,
		quotedOrder,
		pressPay,
		openCheckout,
		hostedPage,
		postWebhook,
	}
}
