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

describe('addresses customers guess', () => {
	it('sends /account to the account and /account/orders to its orders, signed in or not', async () => {
		const client = new TestClient(app)
		await client.register('guesser@example.co.uk')
		const guesses: Array<[string, string]> = [
			['/account', '/auth'],
			['/account/', '/auth'],
			['/account/orders', '/auth?tab=orders'],
		]
		for (const [from, to] of guesses) {
			const visitor = await fetch(`${app.url}${from}`, { redirect: 'manual' })
			expect(visitor.status, from).toBe(302)
			expect(visitor.headers.get('location'), from).toBe(to)
			const customer = await client.request(from)
			expect(customer.headers.get('location'), from).toBe(to)
		}
		const orders = await (await client.request('/auth?tab=orders')).text()
		expect(orders).toContain('You have not placed any orders yet.')
	})
})
