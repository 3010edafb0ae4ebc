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
