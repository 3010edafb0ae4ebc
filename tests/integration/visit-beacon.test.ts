import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { pageViews, visitEvents } from '~/.server/db/schema'
import { startTestApp, type TestApp } from '../support/app'

const CHROME =
	'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'

let app: TestApp
beforeAll(async () => {
	app = await startTestApp({ TRUST_PROXY: '1' })
})
afterAll(async () => {
	await app?.close()
})
beforeEach(async () => {
	await app.database.db.delete(pageViews)
	await app.database.db.delete(visitEvents)
})

const beacon = (
	body: unknown,
	{ ip = '203.0.113.20', headers = {} as Record<string, string> } = {},
) =>
	app.request('/api/visit', {
		method: 'POST',
		headers: {
			origin: app.url,
			'content-type': 'text/plain;charset=UTF-8',
			'user-agent': CHROME,
			'x-forwarded-for': ip,
			...headers,
		},
		body: typeof body === 'string' ? body : JSON.stringify(body),
	})

async function stored() {
	await app.runtime.visits!.flush()
	return {
		views: await app.database.db.select().from(pageViews),
		events: await app.database.db.select().from(visitEvents),
	}
}

describe('the visit beacon', () => {
	it('counts a client-side navigation and an add to cart', async () => {
		expect((await beacon({ type: 'view', path: '/pond-products/filters' })).status).toBe(204)
		expect((await beacon({ type: 'cart', productId: '0' })).status).toBe(204)
		const { views, events } = await stored()
		expect(views).toMatchObject([{ route: '/pond-products/:category', itemId: 'filters' }])
		expect(events).toMatchObject([{ kind: 'cart', itemId: '0' }])
		expect(events[0]!.visitorKey).toBe(views[0]!.visitorKey)
	})

	it('refuses forged beacons: unknown types, non-pages, unknown products, extra fields, junk, size', async () => {
		const refused = [
			{ type: 'purchase', amount: 100 },
			{ type: 'view', path: '/admin' },
			{ type: 'view', path: '/no-such/page/at/all' },
			{ type: 'view', path: 'https://evil.example/' },
			{ type: 'view', path: '/about', extra: 'x' },
			{ type: 'cart', productId: '999999' },
			{ type: 'cart', productId: '../0' },
			'not json',
			[],
		]
		for (const body of refused) expect((await beacon(body)).status, JSON.stringify(body)).toBe(400)
		const big = await beacon({ type: 'view', path: `/${'a'.repeat(600)}` })
		expect(big.status).toBe(413)
		expect((await app.request('/api/visit')).status).toBe(405)
		const { views, events } = await stored()
		expect([views, events]).toEqual([[], []])
	})

	it('keeps nothing from GPC, DNT, opted-out or bot senders', async () => {
		const body = { type: 'view', path: '/about' }
		for (const headers of <Record<string, string>[]>[
			{ 'sec-gpc': '1' },
			{ dnt: '1' },
			{ cookie: 'visit-count=off' },
			{ 'user-agent': 'curl/8.5.0' },
		])
			expect((await beacon(body, { headers })).status).toBe(204)
		expect(await stored()).toEqual({ views: [], events: [] })
	})

	it('limits beacons per visitor, and caps what one visitor adds in a day', async () => {
		const ip = '198.51.100.77'
		const statuses: number[] = []
		for (let i = 0; i < 65; i++)
			statuses.push((await beacon({ type: 'view', path: '/about' }, { ip })).status)
		expect(statuses.filter((s) => s === 204)).toHaveLength(60)
		expect(statuses.slice(60)).toEqual([429, 429, 429, 429, 429])
		// The daily cap: 300 views per visitor key, whatever arrives.
		const recorder = app.runtime.visits!
		for (let i = 0; i < 400; i++)
			recorder.record({
				kind: 'view',
				at: Date.now(),
				ip: '192.0.2.99',
				userAgent: CHROME,
				path: '/',
				search: '',
				referrer: undefined,
			})
		const { views } = await stored()
		expect(views.filter((v) => v.route === '/')).toHaveLength(300)
	})
})
