import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { orderLinks, orders } from '~/.server/db/schema'
import { PAY_PAGE_LINK_KIND, PAY_PAGE_LINKS_KEPT } from '~/.server/orders/pages/pay-order-link'
import { formatPence } from '~/lib/money'
import { createCustomer, insertOrder } from '../support/factories'
import { TestClient } from '../support/session'
import { pageText, setUpShop } from '../support/shop'

const shop = setUpShop({ withAdmin: true })

const text = pageText
const orderRow = async (id: string) =>
	(await shop.app.database.db.select().from(orders).where(eq(orders.id, id)))[0]!

describe('paying through /pay/<token> (test provider)', () => {
	it('shows the total, pays once, moves the order to paid and tells the customer in My Account', async () => {
		const customer = await createCustomer(shop.app)
		const order = await insertOrder(shop.app.database.db, {
			status: 'payment_pending',
			userId: customer.id,
			siteUrl: shop.app.url,
		})
		const account = await text(await customer.client.request('/auth?tab=orders'))
		expect(account).toContain(order.paymentLink!)
		const path = new URL(order.paymentLink!).pathname
		const page = await shop.app.request(path)
		expect(page.headers.get('cache-control')).toContain('no-store')
		const html = await text(page)
		expect(html).toContain(order.id)
		// The total from the fixture's own figures: subtotal plus the delivery it was quoted.
		expect(html).toContain(`Pay ${formatPence(order.subtotalPence + order.deliveryCostPence!)} now`)
		expect(html).toContain('Test payments: no money is taken')
		expect(html).not.toContain('12 Loch Road') // the token shows no address
		const paid = await shop.app.request(path, {
			method: 'POST',
			headers: { origin: shop.app.url, 'content-type': 'application/x-www-form-urlencoded' },
			body: '',
		})
		expect(paid.status).toBe(302)
		const receipt = await text(await shop.app.request(`${path}?paid=1`))
		expect(receipt).toContain('Payment received')
		// Its own order's page (issue 62 item 1: below), not a sign-in form.
		expect(receipt).toContain(`action="${path}/order"`)
		expect(receipt).not.toContain('/auth?tab=orders')
		expect(await orderRow(order.id)).toMatchObject({ status: 'paid', paymentLinkActive: false })
		const twice = await shop.app.request(path, {
			method: 'POST',
			headers: { origin: shop.app.url, 'content-type': 'application/x-www-form-urlencoded' },
			body: '',
		})
		expect(twice.status).toBe(302)
		expect(await text(await shop.app.request(path))).toContain('Already paid')
		expect((await shop.app.request('/pay/not-a-real-token')).status).toBe(404)
	})

	it('says on every admin page that test payments take no money', async () => {
		for (const path of ['/admin', '/admin/delivery', '/admin/enquiries', '/admin/catalogue']) {
			const html = await text(await shop.admin.client.request(path))
			expect(html, path).toContain('Test payments: no money is taken')
		}
	})
})

describe("'View your order' from a payment link's page (issue 62 item 1)", () => {
	const form = { 'content-type': 'application/x-www-form-urlencoded' }
	const post = (path: string) =>
		shop.app.request(path, { method: 'POST', headers: { ...form, origin: shop.app.url }, body: '' })
	/**
	 * Follows 'View your order' on the page at `path` as a signed-out visitor, whether it is a link
	 * or a button (a form that redirects); the order page's answer and the address it came from.
	 */
	async function viewOrder(path: string, heading: string) {
		const page = await text(await shop.app.request(path))
		expect(page).toContain(heading)
		const stranger = new TestClient(shop.app)
		const href = /<a[^>]*href="([^"]+)"[^>]*>View your order</.exec(page)?.[1]
		if (href) return { location: href, res: await stranger.request(href.replaceAll('&amp;', '&')) }
		const action = /<form[^>]*action="([^"]+)"[^>]*>\s*<button[^>]*>View your order</.exec(
			page,
		)?.[1]
		expect(action, heading).toBe(`${new URL(path, shop.app.url).pathname}/order`)
		const pressed = await post(action!)
		expect(pressed.status).toBe(303)
		expect(pressed.headers.get('cache-control')).toContain('no-store')
		const location = pressed.headers.get('location')!
		expect(location).toMatch(/^\/account\/orders\/KP-[A-Z0-9]{6}\?key=[A-Za-z0-9_-]{43}$/)
		return { location, res: await stranger.request(location) }
	}

	it('opens the order page signed out after paying, when already paid, expired or cancelled', async () => {
		const customer = await createCustomer(shop.app)
		const order = await insertOrder(shop.app.database.db, {
			status: 'payment_pending',
			userId: customer.id,
			siteUrl: shop.app.url,
		})
		const path = new URL(order.paymentLink!).pathname
		expect((await post(path)).status).toBe(302) // paid with the test provider
		const afterPaying = await viewOrder(`${path}?paid=1`, 'Payment received')
		expect(afterPaying.res.status).toBe(200)
		const html = await text(afterPaying.res)
		expect(html).toContain(`Order ${order.id}`)
		expect(html).toContain('12 Loch Road') // the page itself, with the delivery address
		const again = await viewOrder(path, 'Already paid')
		expect(again.res.status).toBe(200)
		expect(again.location).not.toBe(afterPaying.location) // a fresh link each press
		// The key opens this order only.
		const other = await insertOrder(shop.app.database.db, { userId: customer.id })
		const key = new URL(again.location, shop.app.url).searchParams.get('key')!
		const stranger = new TestClient(shop.app)
		expect((await stranger.request(`/account/orders/${other.id}?key=${key}`)).status).toBe(404)

		// A quote that has expired, and one whose order was cancelled, still lead to their order.
		for (const [change, heading] of [
			[{ quoteExpiresAt: new Date(Date.now() - 60_000) }, 'This quote has expired'],
			[{ status: 'cancelled' as const }, 'This order has been cancelled'],
		] as const) {
			const quoted = await insertOrder(shop.app.database.db, {
				status: 'payment_pending',
				userId: customer.id,
				siteUrl: shop.app.url,
			})
			await shop.app.database.db.update(orders).set(change).where(eq(orders.id, quoted.id))
			const viewed = await viewOrder(new URL(quoted.paymentLink!).pathname, heading)
			expect(viewed.location).toContain(`/account/orders/${quoted.id}?key=`)
			expect(viewed.res.status, heading).toBe(200)
		}
	})

	it('makes a link only when pressed, keeps a few per order, and none for a wrong token', async () => {
		const customer = await createCustomer(shop.app)
		const order = await insertOrder(shop.app.database.db, {
			status: 'payment_pending',
			userId: customer.id,
			siteUrl: shop.app.url,
		})
		const path = new URL(order.paymentLink!).pathname
		const made = () =>
			shop.app.database.db
				.select()
				.from(orderLinks)
				.where(and(eq(orderLinks.orderId, order.id), eq(orderLinks.kind, PAY_PAGE_LINK_KIND)))
		// A visit (a mail scanner, a prefetch) makes nothing.
		const visit = await shop.app.request(`${path}/order`)
		expect(visit.status).toBe(302)
		expect(visit.headers.get('location')).toBe(path)
		expect(await made()).toHaveLength(0)
		const keys: string[] = []
		for (let n = 0; n < PAY_PAGE_LINKS_KEPT + 2; n++)
			keys.push((await post(`${path}/order`)).headers.get('location')!)
		expect(await made()).toHaveLength(PAY_PAGE_LINKS_KEPT)
		// The newest work, the oldest have gone.
		expect((await shop.app.request(keys.at(-1)!)).status).toBe(200)
		expect((await shop.app.request(keys[0]!)).status).toBe(404)
		// The signed-in owner is sent to the page itself: no link is made for them.
		const owned = await customer.client.request(`${path}/order`, {
			method: 'POST',
			headers: { ...form, origin: shop.app.url },
			body: '',
		})
		expect(owned.headers.get('location')).toBe(`/account/orders/${order.id}`)
		expect(await made()).toHaveLength(PAY_PAGE_LINKS_KEPT)
		// An erased customer's order (no one's, as after deleteAccount) gets no link either.
		const erased = await insertOrder(shop.app.database.db, {
			status: 'payment_pending',
			userId: null,
			siteUrl: shop.app.url,
		})
		const refused = await post(`${new URL(erased.paymentLink!).pathname}/order`)
		expect(refused.headers.get('location')).toBe(`/account/orders/${erased.id}`)
		expect(
			await shop.app.database.db.select().from(orderLinks).where(eq(orderLinks.orderId, erased.id)),
		).toHaveLength(0)
		expect((await post('/pay/AAAAAAAAAAAAAAAAAAAAAA/order')).status).toBe(404)
		expect((await post('/pay/not-a-token/order')).status).toBe(404)
	})

	it("offers 'Sign in to see your order' beside 'Email me a new link' on the order's 404", async () => {
		const res = await shop.app.request('/account/orders/KP-ABC123')
		expect(res.status).toBe(404)
		const html = await text(res)
		expect(html).toContain('Email me a new link')
		expect(html).toContain(
			`href="/auth?redirectTo=${encodeURIComponent('/account/orders/KP-ABC123')}"`,
		)
		expect(html).toContain('Sign in to see your order')
		// Sign-in comes back to that order's page.
		const customer = await createCustomer(shop.app)
		const back = await customer.client.request('/auth?redirectTo=%2Faccount%2Forders%2FKP-ABC123')
		expect(back.headers.get('location')).toBe('/account/orders/KP-ABC123')
	})
})
