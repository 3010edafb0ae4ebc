import { desc, like } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { safeRedirectPath } from '~/.server/auth/guards'
import { emailOutbox } from '~/.server/db/schema'
import { createCustomer, insertOrder } from '../support/factories'
import { TestClient } from '../support/session'
import { setUpShop } from '../support/shop'

/**
 * Issue 34 item 2: a staff email link goes through sign-in and comes back to the page it named;
 * sign-in honours a same-site redirectTo for staff and customers alike, and nothing else.
 */
const shop = setUpShop({ withAdmin: true })

const signIn = (client: TestClient, email: string, password: string, redirectTo: string) =>
	client.post('/auth', { intent: 'signin', email, password, redirectTo })

const latestEmail = async (subject: string) => {
	const [row] = await shop.app.database.db
		.select()
		.from(emailOutbox)
		.where(like(emailOutbox.subject, `%${subject}%`))
		.orderBy(desc(emailOutbox.createdAt))
	return row!
}

describe('sign-in on the way to a page', () => {
	it('links every staff email through sign-in with the page as redirectTo', async () => {
		const origin = shop.app.url
		// A new order request (the business's notification).
		const order = await insertOrder(shop.app.database.db, { status: 'payment_pending' })
		await shop.admin.client.post(`/admin/orders/${order.id}`, {
			intent: 'mark-paid',
			version: String(order.version),
		})
		const paid = await latestEmail(`Order ${order.id} paid`)
		expect(paid.html).toContain(`${origin}/auth?redirectTo=/admin/orders/${order.id}`)
		expect(paid.text).toContain(`${origin}/auth?redirectTo=/admin/orders/${order.id}`)

		const enquiry = await new TestClient(shop.app).post('/contact', {
			name: 'Ewan Grant',
			email: 'ewan@example.co.uk',
			topic: 'pond',
			message: 'A wildlife pond about four metres across, please.',
		})
		const id = /EN-\w+/.exec(enquiry.headers.get('location') ?? '')![0]
		const notification = await latestEmail(id)
		expect(notification.html).toContain(`${origin}/auth?redirectTo=/admin/enquiries/${id}`)
		expect(notification.html).not.toMatch(new RegExp(`href="${origin}/admin/`))
	})

	it('keeps the guard: signed out, an admin page still goes home', async () => {
		const res = await new TestClient(shop.app).request('/admin/orders/KP-ABCDEF')
		expect(res.status).toBe(302)
		expect(res.headers.get('location')).toBe('/')
	})

	it('signs staff in and back to the order; a customer to their page', async () => {
		const order = await insertOrder(shop.app.database.db)
		const staff = new TestClient(shop.app)
		const res = await signIn(
			staff,
			shop.admin.email,
			shop.admin.password,
			`/admin/orders/${order.id}`,
		)
		expect(res.status).toBe(302)
		expect(res.headers.get('location')).toBe(`/admin/orders/${order.id}`)
		expect((await staff.request(`/admin/orders/${order.id}`)).status).toBe(200)

		const customer = await createCustomer(shop.app)
		const visitor = new TestClient(shop.app)
		const back = await signIn(visitor, customer.email, customer.password, '/auth?tab=orders')
		expect(back.headers.get('location')).toBe('/auth?tab=orders')
	})

	it("the header's Login comes back to the page; a staff link's sign-in says what it is for", async () => {
		// Issue 62 item 4: from a product page, Login → sign in → that product page.
		const product = '/pond-products/pumps/145'
		const html = await (await new TestClient(shop.app).request(product)).text()
		expect(html).toContain(`href="/auth?redirectTo=${encodeURIComponent(product)}"`)
		const customer = await createCustomer(shop.app)
		const res = await signIn(new TestClient(shop.app), customer.email, customer.password, product)
		expect(res.headers.get('location')).toBe(product)

		const staffLink = await new TestClient(shop.app).request(
			'/auth?redirectTo=%2Fadmin%2Forders%2FKP-ABCDEF',
		)
		const staffPage = await staffLink.text()
		expect(staffPage).toContain('<h1')
		expect(staffPage).toMatch(/<h1[^>]*>Sign in to open the admin<\/h1>/)
		const shopper = await (await new TestClient(shop.app).request('/auth')).text()
		expect(shopper).toMatch(/<h1[^>]*>Sign In or Register<\/h1>/)
	})

	it('sends someone already signed in straight on from /auth?redirectTo=', async () => {
		const res = await shop.admin.client.request('/auth?redirectTo=%2Fadmin%2Forders%2FKP-ABCDEF')
		expect(res.status).toBe(302)
		expect(res.headers.get('location')).toBe('/admin/orders/KP-ABCDEF')
		const evil = await shop.admin.client.request('/auth?redirectTo=%2F%2Fevil.example')
		expect(evil.status).toBe(200)
	})

	it.each([
		'//evil.example',
		'/\\evil.example',
		'https://evil.example/admin',
		'javascript:alert(1)',
		'/\t/evil.example',
		`/${'a'.repeat(600)}`,
	])('falls back to My Account for redirectTo=%j', async (target) => {
		const customer = await createCustomer(shop.app)
		const res = await signIn(new TestClient(shop.app), customer.email, customer.password, target)
		expect(res.status).toBe(302)
		expect(res.headers.get('location')).toBe('/auth')
		// The loader hands the form only a checked path.
		const page = await new TestClient(shop.app).request(
			`/auth?redirectTo=${encodeURIComponent(target)}`,
		)
		expect(await page.text()).not.toContain('evil.example')
	})

	it('limits the length of a redirect path', () => {
		const site = 'https://shop.example'
		expect(safeRedirectPath(`/admin/orders/KP-ABCDEF`, site)).toBe('/admin/orders/KP-ABCDEF')
		expect(safeRedirectPath(`/${'a'.repeat(600)}`, site, '/auth')).toBe('/auth')
	})
})
