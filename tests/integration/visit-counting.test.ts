import { sql } from 'drizzle-orm'
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

	it('gives the same visitor another key the next day, with that day’s own salt', async () => {
		const recorder = app.runtime.visits!
		const base = {
			kind: 'view',
			ip: '192.0.2.10',
			userAgent: FIREFOX,
			search: '',
			referrer: undefined,
		} as const
		recorder.record({ ...base, at: Date.now() - 86_400_000, path: '/about' })
		recorder.record({ ...base, at: Date.now(), path: '/about' })
		recorder.record({ ...base, at: Date.now(), path: '/services' })
		const rows = await stored()
		expect(rows).toHaveLength(3)
		expect(new Set(rows.map((r) => r.visitorKey)).size).toBe(2)
		expect((await app.database.db.select().from(visitSalts)).length).toBeGreaterThanOrEqual(2)
	})
})

describe('the privacy policy', () => {
	it('lists exactly the columns a page view and a cart event store', async () => {
		const html = (await (await app.request('/privacy-policy')).text()).replace(/<!-- -->/g, '')
		const listed = [...html.matchAll(/data-column="([a-z_]+)"/g)].map((m) => m[1]).sort()
		const columns = async (table: string) =>
			(
				(await app.database.db.execute(
					sql`select column_name from information_schema.columns where table_name = ${table}`,
				)) as unknown as { rows: Array<{ column_name: string }> }
			).rows
				.map((r) => r.column_name)
				.sort()
		expect(listed).toEqual(await columns('analytics_page_views'))
		// A cart event stores a subset: time, product, visitor key (and its kind).
		expect(await columns('analytics_events')).toEqual(['at', 'item_id', 'kind', 'visitor_key'])
		expect(html).toContain('13 months')
	})

	it('has a switch that stops counting this browser, and one that starts it again', async () => {
		const post = (counting: string) =>
			app.request('/privacy-policy', {
				method: 'POST',
				headers: { origin: app.url, 'content-type': 'application/x-www-form-urlencoded' },
				body: new URLSearchParams({ counting }),
			})
		const off = await post('off')
		expect(off.status).toBe(200)
		expect(off.headers.get('set-cookie')).toMatch(
			/^visit-count=off; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Lax/,
		)
		expect(await off.text()).toContain('no longer counted')
		const cookie = off.headers.get('set-cookie')!.split(';')[0]!
		await visit('/services', '192.0.2.50', FIREFOX, { cookie })
		expect(await stored()).toEqual([])
		const on = await post('on')
		expect(on.headers.get('set-cookie')).toMatch(/^visit-count=; Max-Age=0/)
		expect((await post('maybe')).status).toBe(400)
	})
})
