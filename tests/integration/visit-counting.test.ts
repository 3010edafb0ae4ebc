import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { visitorKey } from '~/.server/analytics/salt'
import { pageViews, visitSalts } from '~/.server/db/schema'
import { startTestApp, type TestApp } from '../support/app'

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0'
const IPHONE =
	'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1'
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'

let app: TestApp
beforeAll(async () => {
	// One proxy in front: each test visitor has its own address through X-Forwarded-For.
	app = await startTestApp({ TRUST_PROXY: '1' }, { pageCacheMs: 60_000 })
})
afterAll(async () => {
	await app?.close()
})
beforeEach(async () => {
	await app.database.db.delete(pageViews)
})

const visit = (path: string, ip: string, ua: string, headers: Record<string, string> = {}) =>
	app.request(path, { headers: { 'user-agent': ua, 'x-forwarded-for': ip, ...headers } })

async function stored() {
	await app.runtime.visits!.flush()
	return app.database.db.select().from(pageViews)
}

describe('page views counted on the server', () => {
	it('counts rendered pages and page-cache hits, with route, item, source and device only', async () => {
		const product =
			'/pond-products/filters/0?utm_source=Facebook&utm_medium=cpc&utm_campaign=spring&email=a@b.c'
		const first = await visit(product, '203.0.113.7', FIREFOX, {
			referer: 'https://www.google.co.uk/search?q=koi',
		})
		const second = await visit('/pond-products/filters/0', '203.0.113.7', FIREFOX)
		expect([first.status, second.status]).toEqual([200, 200])
		await visit('/', '198.51.100.4', IPHONE)
		const again = await visit('/', '198.51.100.5', IPHONE)
		expect(again.headers.get('x-page-cache')).toBe('hit')
		const rows = await stored()
		expect(rows).toHaveLength(4)
		const [withSource] = rows.filter((r) => r.utmSource)
		expect(withSource).toMatchObject({
			route: '/pond-products/:category/:productId',
			itemId: '0',
			referrerHost: 'google.co.uk',
			utmSource: 'facebook',
			utmMedium: 'cpc',
			utmCampaign: 'spring',
			device: 'desktop',
		})
		expect(rows.filter((r) => r.route === '/').map((r) => r.device)).toEqual(['mobile', 'mobile'])
		// The same address and browser is one visitor today; another address is another.
		const keys = new Set(rows.map((r) => r.visitorKey))
		expect(keys.size).toBe(3)
		expect(JSON.stringify(rows)).not.toMatch(/203\.0\.113|Firefox|iPhone|email|a@b/)
	})

	it('never stores bots, GPC, DNT, opted-out visitors, errors or private pages', async () => {
		await visit('/', '192.0.2.1', GOOGLEBOT)
		await visit('/about', '192.0.2.2', FIREFOX, { 'sec-gpc': '1' })
		await visit('/about', '192.0.2.3', FIREFOX, { dnt: '1' })
		await visit('/about', '192.0.2.4', FIREFOX, { cookie: 'visit-count=off' })
		await visit('/no-such-page', '192.0.2.5', FIREFOX)
		await visit('/admin', '192.0.2.6', FIREFOX)
		await visit('/auth', '192.0.2.7', FIREFOX)
		await visit('/about', '192.0.2.8', '')
		expect(await stored()).toEqual([])
	})

	it('keys visitors with the day’s salt, which a new day replaces', async () => {
		await visit('/about', '192.0.2.9', FIREFOX)
		const [row] = await stored()
		const [salt] = await app.database.db.select().from(visitSalts)
		const host = new URL(app.url).hostname
		expect(row!.visitorKey).toBe(visitorKey(salt!.salt, host, '192.0.2.9', FIREFOX))
		expect(visitorKey('another salt', host, '192.0.2.9', FIREFOX)).not.toBe(row!.visitorKey)
	})
})
