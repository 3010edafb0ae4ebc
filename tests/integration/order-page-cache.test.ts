import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../support/app'
import { createCustomer, insertOrder } from '../support/factories'
import { emailsTo, orderLinksIn } from '../support/order-links'

/** Issue 30 item 1: a private order link is never kept by the page cache, and never logged. */
let app: TestApp
const logLines: Array<Record<string, unknown>> = []
beforeAll(async () => {
	app = await startTestApp({}, { pageCacheMs: 60_000, logLines })
})
afterAll(async () => {
	await app?.close()
})

describe('a private order link with the page cache on', () => {
	it('is rendered afresh for every visitor, its 404 too, and its key is in no log line', async () => {
		const customer = await createCustomer(app)
		const order = await insertOrder(app.database.db, {
			userId: customer.id,
			deliveryInfo: { email: customer.email },
		})
		await customer.client.post('/account/orders/new-link', {
			orderId: order.id,
			email: customer.email,
		})
		const [link] = orderLinksIn((await emailsTo(app, customer.email)).at(-1)!)
		const key = new URL(link!, app.url).searchParams.get('key')!
		for (const target of [
			link!,
			link!,
			`/account/orders/${order.id}`,
			`/account/orders/${order.id}`,
		]) {
			const res = await app.request(target)
			expect(res.headers.get('x-page-cache'), target).toBeNull()
			expect(res.headers.get('cache-control'), target).toContain('no-store')
			await res.arrayBuffer()
		}
		// Client-side navigations fetch the same page as data.
		const data = await app.request(link!.replace(order.id, `${order.id}.data`))
		expect(data.status).toBe(200)
		expect(data.headers.get('cache-control')).toContain('no-store')
		expect(logLines.some((line) => line.path === `/account/orders/${order.id}`)).toBe(true)
		expect(JSON.stringify(logLines)).not.toContain(key)
	})
})
