import { describe, expect, it } from 'vitest'
import { pageViews } from '~/.server/db/schema'
import { londonDate } from '~/lib/london-time'
import { insertOrder } from '../support/factories'
import { pageText, setUpShop } from '../support/shop'

const shop = setUpShop({ withAdmin: true })

describe('/admin/insights', () => {
	it('shows the period’s figures with charts that carry their own data tables', async () => {
		const db = shop.app.database.db
		const at = new Date()
		await db.insert(pageViews).values([
			{ at, route: '/', device: 'desktop', visitorKey: 'k1', referrerHost: 'duckduckgo.com' },
			{ at, route: '/about', device: 'mobile', visitorKey: 'k2' },
			{ at, route: '/about', device: 'mobile', visitorKey: 'k2' },
		])
		await insertOrder(db, {})
		const res = await shop.admin.client.request('/admin/insights?period=7d')
		expect(res.status).toBe(200)
		const html = await pageText(res)
		expect(html).toMatch(/data-stat="Visitors".*?>2</s)
		expect(html).toMatch(/data-stat="Page views".*?>3</s)
		expect(html).toContain('duckduckgo.com')
		expect(html).toMatch(/<svg[^>]*role="img"[^>]*aria-labelledby/)
		expect(html).toContain('<table class="sr-only">')
		expect(html).toMatch(/data-step="Requested an order".*?>1</s)
	})

	it('puts today’s visitors, requests waiting and the week’s revenue on /admin', async () => {
		const html = await pageText(await shop.admin.client.request('/admin'))
		expect(html).toMatch(/data-summary="Visitors today".*?>2</s)
		expect(html).toMatch(/data-summary="Requests waiting".*?>1</s)
		expect(html).toMatch(/data-summary="Net revenue this week".*?>£0\.00<.*?after £0\.00 refunded/s)
		expect(html).toContain('href="/admin/insights"')
	})

	it('keeps odd query strings to a sensible range and never fails on them', async () => {
		for (const query of [
			'period=custom&from=2030-01-01&to=1999-01-01',
			'period=zzz',
			'from=bad',
			'period=custom&from=2026-02-30&to=x',
		])
			expect((await shop.admin.client.request(`/admin/insights?${query}`)).status, query).toBe(200)
	})

	it('downloads the same figures as CSV', async () => {
		const res = await shop.admin.client.request('/admin/insights.csv?period=30d')
		expect(res.status).toBe(200)
		expect(res.headers.get('content-type')).toContain('text/csv')
		const csv = await res.text()
		expect(csv).toContain('Section,Item,Value,Visitors,Previous period')
		expect(csv).toContain(`Day,${londonDate(new Date())},3,2,`)
		expect(csv).toContain('Funnel,Requested an order,1')
	})
})
