import http from 'node:http'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { user } from '~/.server/db/schema'
import { CONTROL_CHARACTER_MESSAGE } from '~/lib/text-safety'
import { startTestApp, type TestApp } from '../support/app'
import { TestClient } from '../support/session'

let app: TestApp
beforeAll(async () => {
	app = await startTestApp()
})
afterAll(async () => {
	await app?.close()
})

describe('redirect targets', () => {
	it('keeps a signed-in customer on the site when redirectTo hides a tab', async () => {
		const customer = new TestClient(app)
		await customer.register('redirect@example.co.uk')
		const res = await customer.request('/checkout-auth?redirectTo=%2F%09%2Fevil.example')
		expect(res.status).toBe(302)
		const location = res.headers.get('location') ?? ''
		expect(new URL(location.replace(/[\t\n\r]/g, ''), app.url).origin).toBe(app.url)
		expect(location).toBe('/checkout')
	})
})

/** Sends `body` in 64 KB chunks with Transfer-Encoding: chunked (no Content-Length to check). */
function postChunked(path: string, contentType: string, body: string) {
	return new Promise<{ status: number; text: string }>((resolve, reject) => {
		const req = http.request(new URL(path, app.url), {
			method: 'POST',
			headers: { 'content-type': contentType, origin: app.url, 'transfer-encoding': 'chunked' },
		})
		req.on('response', (res) => {
			let text = ''
			res.on('data', (chunk) => {
				text += chunk
			})
			res.on('end', () => resolve({ status: res.statusCode ?? 0, text }))
		})
		// The server may close the connection before it has read everything: that is the point.
		req.on('error', (error) => setTimeout(() => reject(error), 1000))
		const bytes = Buffer.from(body)
		for (let i = 0; i < bytes.length; i += 64 * 1024) req.write(bytes.subarray(i, i + 64 * 1024))
		req.end()
	})
}

describe('request bodies', () => {
	it('stops reading a 2 MB chunked form at the limit and answers 413', async () => {
		const form = new URLSearchParams({
			intent: 'register',
			firstName: 'Big',
			lastName: 'Body',
			email: 'big@example.co.uk',
			password: 'correct horse battery',
			confirmPassword: 'correct horse battery',
			padding: 'x'.repeat(2 * 1024 * 1024),
		}).toString()
		const res = await postChunked('/auth', 'application/x-www-form-urlencoded', form)
		expect(res.status).toBe(413)
		const rows = await app.database.db
			.select()
			.from(user)
			.where(eq(user.email, 'big@example.co.uk'))
		expect(rows).toHaveLength(0)
	})

	it('stops reading a chunked JSON body over the route limit with 413', async () => {
		const lines = Array.from({ length: 100 }, () => ({
			id: '1',
			price: '£1',
			selectedSize: 'x'.repeat(99),
			selectedOption: 'y'.repeat(99),
		}))
		const body = JSON.stringify([...lines, ...lines, ...lines, ...lines])
		expect(body.length).toBeGreaterThan(64 * 1024)
		const res = await postChunked('/cart/check', 'application/json', body)
		expect(res.status).toBe(413)
	})

	it('answers 400, not 500, when a form action gets something other than a form', async () => {
		for (const [type, body] of [
			['application/json', '{"intent":"signin"}'],
			['text/plain', 'intent=signin'],
		]) {
			const res = await app.request('/auth', {
				method: 'POST',
				headers: { 'content-type': type!, origin: app.url },
				body,
			})
			expect(res.status, type).toBe(400)
		}
	})

	it('accepts only application/json media types as JSON', async () => {
		const post = (type: string) =>
			app.request('/cart/check', {
				method: 'POST',
				headers: { 'content-type': type, origin: app.url },
				body: '[]',
			})
		expect((await post('application/json')).status).toBe(200)
		expect((await post('Application/JSON; charset=utf-8')).status).toBe(200)
		expect((await post('application/jsonx')).status).toBe(400)
		expect((await post('text/plain; x=application/json')).status).toBe(400)
		expect((await post('application/json-patch+json')).status).toBe(400)
	})
})

describe('headers', () => {
	it('marks every page with personal data private, no-store, by path (admin routes included)', async () => {
		for (const path of [
			'/auth',
			'/auth?mode=register',
			'/auth/reset-password',
			'/auth.data',
			'/checkout',
			'/checkout-auth',
			'/order-confirmation?order=KP-1',
			'/admin',
			'/admin/orders/some-future-page',
			'/admin.data',
			'/pay/some-token',
		]) {
			const res = await app.request(path)
			expect(res.headers.get('cache-control'), path).toBe('private, no-store')
		}
		const home = await app.request('/')
		expect(home.headers.get('cache-control') ?? '').not.toContain('no-store')
	})

	it('sends HSTS whenever SITE_URL is https, even when the request arrived as http', async () => {
		expect((await app.request('/')).headers.get('strict-transport-security')).toBeNull()
		const https = await startTestApp({ SITE_URL: 'https://shop.example.co.uk' })
		try {
			const res = await https.request('/')
			expect(res.headers.get('strict-transport-security')).toBe(
				'max-age=31536000; includeSubDomains',
			)
		} finally {
			await https.close()
		}
	})
})

describe('control characters', () => {
	it('refuses an order with NUL in a name with 400 and a clear message, not a 500', async () => {
		const customer = new TestClient(app)
		await customer.register('nul@example.co.uk')
		const res = await customer.request('/api/placeOrder', {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({
				cartItems: [{ id: '145', quantity: 1, selectedSize: '5 m cable', selectedOption: '' }],
				deliveryInfo: {
					firstName: 'Mor\u0000ag',
					lastName: 'Mackenzie',
					address1: '12 Loch Road',
					city: 'Inverness',
					postcode: 'IV2 3XY',
					phone: '01463 123456',
					notes: 'Side gate\nby the shed',
				},
			}),
		})
		expect(res.status).toBe(400)
		const { error } = await res.json()
		expect(error.fieldErrors).toEqual({ firstName: CONTROL_CHARACTER_MESSAGE })
	})

	it('refuses control characters in the account forms too', async () => {
		const res = await new TestClient(app).post('/auth', {
			intent: 'signin',
			email: 'x\u0000@example.co.uk',
			password: 'whatever you like',
		})
		expect(res.status).toBe(400)
		expect(await res.text()).toContain(CONTROL_CHARACTER_MESSAGE)
	})
})
