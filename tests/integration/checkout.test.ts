import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../support/app'
import { TestClient } from '../support/session'

let app: TestApp
beforeAll(async () => {
	app = await startTestApp()
})
afterAll(async () => {
	await app?.close()
})

const delivery = {
	firstName: 'Morag',
	lastName: 'Mackenzie',
	address1: '12 Loch Road',
	address2: '',
	city: 'Inverness',
	postcode: 'iv2 3xy',
	phone: '01463 123456',
	email: '',
	notes: 'Side gate',
}
const cart = JSON.stringify([
	{
		id: '145',
		quantity: 1,
		selectedSize: '5 m cable',
		selectedOption: 'Pump only',
		code: 'PU-VARI-16000',
	},
])

describe('checkout pages', () => {
	it('sends signed-out visitors to the account step, and signed-in ones on to delivery', async () => {
		const visitor = new TestClient(app)
		const res = await visitor.request('/checkout')
		expect(res.headers.get('location')).toBe('/checkout-auth?redirectTo=/checkout')
		expect((await visitor.request('/checkout-auth')).status).toBe(200)
		const customer = new TestClient(app)
		await customer.register('buyer@example.co.uk')
		expect((await customer.request('/checkout-auth')).headers.get('location')).toBe('/checkout')
		expect((await customer.request('/checkout')).status).toBe(200)
	})

	it('says under the phone field what it takes, in the delivery form and the account details form', async () => {
		const customer = new TestClient(app)
		await customer.register('hint@example.co.uk')
		const hint = '10 to 15 characters, e.g. 01463 123456 or +44 1463 123456'
		for (const path of ['/checkout', '/auth']) {
			const html = await (await customer.request(path)).text()
			expect(html, path).toContain(
				`<p id="delivery-phone-hint" class="mt-1 text-sm text-slate-600">${hint}</p>`,
			)
			expect(html, path).toMatch(/id="delivery-phone"[^>]*aria-describedby="delivery-phone-hint"/)
		}
		// With an error, both are read: the hint, then the error (as every form's errorProps ties them).
		const res = await customer.post('/checkout', {
			...delivery,
			phone: '+44 113 496 0000',
			cart,
			idempotencyKey: 'form-key-0003',
		})
		expect(res.status).toBe(400)
		const html = await res.text()
		expect(html).toContain('Please enter a valid phone number')
		expect(html).toMatch(
			/id="delivery-phone"[^>]*aria-describedby="delivery-phone-hint delivery-phone-error"/,
		)
	})

	it('places an order from the form, shows it to its owner only, and saves the profile when asked', async () => {
		const customer = new TestClient(app)
		await customer.register('owner@example.co.uk')
		const res = await customer.post('/checkout', {
			...delivery,
			cart,
			idempotencyKey: 'form-key-0001',
			saveToProfile: 'on',
		})
		expect(res.status).toBe(302)
		const location = res.headers.get('location')!
		expect(location).toMatch(/^\/order-confirmation\?order=KP-[A-Z0-9]{6}$/)
		const page = (await (await customer.request(location)).text()).replace(/<!-- -->/g, '')
		expect(page).toContain('Thank You for Your Order!')
		expect(page).toContain('Evolution Aqua Varipump 16000 × 1')
		expect(page).toContain('Delivery:')
		expect(page).toContain('To be confirmed')
		expect(page).toContain('IV2 3XY')
		const stranger = new TestClient(app)
		await stranger.register('stranger@example.co.uk')
		expect((await stranger.request(location)).headers.get('location')).toBe('/')
		const account = await (await customer.request('/auth')).text()
		expect(account).toContain('value="12 Loch Road"')
		const orders = await (await customer.request('/auth?tab=orders')).text()
		expect(orders).toContain('Pending Review')
		// The profile tab does not read or carry the order history: only the orders tab shows it.
		const orderId = location.split('=')[1]!
		expect(orders).toContain(orderId)
		expect(account).not.toContain(orderId)
	})

	it('keeps the customer on the form with field messages when details are wrong', async () => {
		const customer = new TestClient(app)
		await customer.register('typo@example.co.uk')
		const res = await customer.post('/checkout', {
			...delivery,
			phone: 'call me',
			cart,
			idempotencyKey: 'form-key-0002',
		})
		expect(res.status).toBe(400)
		expect(await res.text()).toContain('Please enter a valid phone number')
	})
})

describe('POST /api/placeOrder', () => {
	it('answers 401 with the spec message when signed out', async () => {
		const res = await app.request('/api/placeOrder', {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: '{}',
		})
		expect(res.status).toBe(401)
		expect(await res.json()).toEqual({
			error: { status: 'UNAUTHENTICATED', message: 'User must be authenticated to place an order' },
		})
	})

	it('accepts a bearer session, ignores tampered prices and rejects bad payloads with 400', async () => {
		const customer = new TestClient(app)
		const registered = await customer.register('api@example.co.uk')
		// The signed token (token.signature): the cookie's value, as set-auth-token would give it.
		const token =
			registered.headers.get('set-auth-token') ??
			decodeURIComponent(customer.cookies.get('koi.session_token') ?? '')
		const call = (body: unknown) =>
			app.request('/api/placeOrder', {
				method: 'POST',
				headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
				body: JSON.stringify(body),
			})
		const ok = await call({
			data: {
				cartItems: [
					{
						id: '145',
						quantity: 3,
						selectedSize: '5 m cable',
						selectedOption: 'Pump only',
						price: '£0.01',
					},
				],
				deliveryInfo: delivery,
			},
		})
		expect(ok.status).toBe(200)
		const { data } = await ok.json()
		expect(data.orderId).toMatch(/^KP-/)
		expect(data.order.subtotalPence).toBe(3 * 68599)
		expect(data.order.subtotal).toBe(2057.97)
		expect(data.message).toMatch(/received/)
		const bad = await call({ cartItems: [], deliveryInfo: delivery })
		expect(bad.status).toBe(400)
		expect((await bad.json()).error).toMatchObject({
			status: 'INVALID_ARGUMENT',
			message: 'Your cart is empty',
		})
		const notJson = await app.request('/api/placeOrder', {
			method: 'POST',
			headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
			body: '{oops',
		})
		expect(notJson.status).toBe(400)
	})
})
