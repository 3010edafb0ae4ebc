import fs from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insightsFor } from '~/.server/analytics/insights'
import { visitRetention } from '~/.server/analytics/retention'
import { adminSummary } from '~/.server/analytics/summary'
import { wholeMonths } from '~/.server/analytics/visit-figures'
import { Catalog } from '~/.server/catalog/catalog'
import { importCatalog } from '~/.server/catalog/import'
import {
	orderEvents,
	pageViews,
	refunds,
	visitDaily,
	visitEvents,
	visitSalts,
} from '~/.server/db/schema'
import { rangeFrom } from '~/lib/analytics/range'
import { addDays, atLondonTime, londonDate } from '~/lib/london-time'
import { createTestDatabase, type TestDatabase } from '../support/db'
import { insertOrder, sampleLine } from '../support/factories'

let database: TestDatabase
const now = new Date()
const today = londonDate(now)
const at = (daysAgo: number, time = '10:00') => atLondonTime(addDays(today, -daysAgo), time)
const view = (
	daysAgo: number,
	visitorKey: string,
	more: Partial<typeof pageViews.$inferInsert> = {},
) => ({
	at: at(daysAgo, '00:30'),
	route: '/',
	device: 'desktop',
	visitorKey,
	...more,
})

beforeAll(async () => {
	database = await createTestDatabase()
	await importCatalog(database.db, fs.readFileSync('catalog/products.csv', 'utf8'))
	const db = database.db
	await db.insert(pageViews).values([
		// 400 days ago: past raw retention, but its day's total stays.
		view(400, 'old'),
		// Two days ago: one visitor, two pages, from a campaign.
		view(2, 'a', { referrerHost: 'google.co.uk', utmSource: 'facebook', utmCampaign: 'spring' }),
		view(2, 'a', { route: '/pond-products/:category/:productId', itemId: '0' }),
		// Yesterday: two visitors (one of them on a phone); 'a' is a new key on a new day.
		view(1, 'b', { route: '/pond-products/:category/:productId', itemId: '0', device: 'mobile' }),
		view(1, 'c'),
		view(1, 'c', { route: '/about' }),
		// Forty days ago: in a finished month, so a year's figures read it from the monthly totals.
		view(40, 'e', { device: 'tablet' }),
		// Today, not rolled up yet.
		view(0, 'd'),
	])
	await db.insert(visitEvents).values([
		{ at: at(1), kind: 'cart', itemId: '0', visitorKey: 'b' },
		{ at: at(1), kind: 'cart', itemId: '0', visitorKey: 'b' },
		{ at: at(0), kind: 'cart', itemId: '0', visitorKey: 'd' },
	])
	await db.insert(visitSalts).values([
		{ day: addDays(today, -1), salt: 'yesterday' },
		{ day: today, salt: 'today' },
	])
	// Three requests: one waiting, one quoted after 2 hours, one quoted after 4 and paid 6 later.
	const line = sampleLine({ id: '0', quantity: 2 })
	await insertOrder(db, { createdAt: at(2, '09:00'), lines: [line] })
	const quoted = await insertOrder(db, {
		status: 'payment_pending',
		createdAt: at(1, '09:00'),
		lines: [line],
		deliveryInfo: { postcode: 'IV2 3XY' },
		deliveryCostPence: 3000,
	})
	const paid = await insertOrder(db, {
		status: 'paid',
		createdAt: at(1, '09:00'),
		lines: [line],
		deliveryCostPence: 5000,
	})
	await db.insert(orderEvents).values([
		{ orderId: quoted.id, actor: 'system', toStatus: 'payment_pending', at: at(1, '11:00') },
		{ orderId: paid.id, actor: 'system', toStatus: 'payment_pending', at: at(1, '13:00') },
		{ orderId: paid.id, actor: 'provider', toStatus: 'paid', at: at(1, '19:00') },
	])
	// The paid order partly refunded today (£15.00, finished), and a second refund of £7.00 still
	// on its way (taken by the provider, not yet recorded): only finished refunds count.
	const refund = { orderId: paid.id, reason: 'A damaged part', actor: 'system' }
	await db.insert(refunds).values([
		{ ...refund, amountPence: 1500, idempotencyKey: 'insights-1', createdAt: at(0, '00:30') },
		{
			...refund,
			amountPence: 700,
			idempotencyKey: 'insights-2',
			step: 'taken',
			createdAt: at(0, '00:40'),
		},
	])
})
afterAll(async () => {
	await database?.cleanup()
})

describe('the insights figures', () => {
	it('rolls finished days into daily totals, destroys past salts and old raw views', async () => {
		const done = await visitRetention(database.db, now)
		expect(done).toMatchObject({ salts: 1, purged: 1 })
		expect((await database.db.select().from(visitSalts)).map((s) => s.day)).toEqual([today])
		const totals = await database.db.select().from(visitDaily)
		const total = (day: string) => totals.find((t) => t.day === day && t.dimension === 'total')
		expect(total(addDays(today, -400))).toMatchObject({ views: 1, visitors: 1 })
		expect(total(addDays(today, -1))).toMatchObject({ views: 3, visitors: 2 })
		expect(total(today)).toBeUndefined()
		// Running again changes nothing.
		await visitRetention(database.db, now)
		expect(await database.db.select().from(visitDaily)).toHaveLength(totals.length)
	})

	it('gives the dashboard known numbers, today included, with the funnel', async () => {
		const catalog = new Catalog(database.db, () => {})
		const range = rangeFrom(new URLSearchParams('period=7d'), today)
		const insights = await insightsFor(database.db, catalog, range, today)
		expect(insights.totals.visitors).toEqual([4, 0])
		expect(insights.totals.views).toEqual([6, 0])
		expect(insights.totals.requests).toEqual([3, 0])
		// Revenue is net of finished refunds, with the refunds beside it.
		expect(insights.totals.revenuePence).toEqual([line2Total(5000) - 1500, 0])
		expect(insights.totals.refundedPence).toEqual([1500, 0])
		expect(insights.funnel.map((s) => s.count)).toEqual([4, 2, 3, 2, 1])
		expect(insights.medianToQuoteMs).toBe(3 * 3_600_000)
		expect(insights.medianToPayMs).toBe(6 * 3_600_000)
		expect(insights.productsViewed[0]).toMatchObject({ id: '0', views: 2, visitors: 2 })
		expect(insights.productsViewed[0]!.name).not.toBe('Product 0')
		expect(insights.pages.map((p) => [p.label, p.views])).toEqual([
			['Home', 3],
			[insights.productsViewed[0]!.name, 2],
			['About', 1],
		])
		expect(insights.productsCarted[0]).toMatchObject({ id: '0', views: 3, visitors: 2 })
		expect(insights.productsRequested[0]).toMatchObject({ id: '0', quantity: 6 })
		expect(insights.referrers).toEqual([{ value: 'google.co.uk', views: 1, visitors: 1 }])
		expect(insights.campaigns).toEqual([{ value: 'spring', views: 1, visitors: 1 }])
		expect(insights.devices.map((d) => [d.value, d.visitors])).toEqual([
			['desktop', 3],
			['mobile', 1],
		])
		expect(insights.days.at(-1)).toEqual({ day: today, views: 1, visitors: 1 })
		expect(insights.days).toHaveLength(7)
		expect(insights.byZone.reduce((sum, z) => sum + z.orders, 0)).toBe(3)
		const weeks = insights.revenueByWeek
		expect(weeks.reduce((sum, w) => sum + w.paidPence, 0)).toBe(line2Total(5000))
		expect(weeks.reduce((sum, w) => sum + w.refundedPence, 0)).toBe(1500)
		expect(weeks.reduce((sum, w) => sum + w.netPence, 0)).toBe(line2Total(5000) - 1500)
		// /admin's 'Revenue this week' is net too: the refund (today) is always in this week.
		const monday = addDays(today, -((new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7))
		const paidThisWeek = addDays(today, -1) >= monday ? line2Total(5000) : 0
		expect(await adminSummary(database.db, now)).toMatchObject({
			revenueThisWeekPence: paidThisWeek - 1500,
			refundedThisWeekPence: 1500,
		})
		// The period before (8–14 days ago) has the 400-day-old view in neither.
		const older = await insightsFor(
			database.db,
			catalog,
			rangeFrom(new URLSearchParams('period=12m'), today),
			today,
		)
		expect(older.totals.visitors).toEqual([5, 1])
		expect(older.devices.map((d) => [d.value, d.visitors])).toEqual([
			['desktop', 3],
			['mobile', 1],
			['tablet', 1],
		])
	})
})

function line2Total(deliveryPence: number) {
	const line = sampleLine({ id: '0', quantity: 2 })
	return line.unitPricePence * 2 + deliveryPence
}

describe('whole months', () => {
	it('reads finished calendar months inside a range from the monthly totals', () => {
		const r = (from: string, to: string) => ({ from, to, days: 0 })
		expect(wholeMonths(r('2025-11-26', '2026-11-25'), '2026-11-25')).toEqual({
			from: '2025-12-01',
			to: '2026-11-01',
		})
		expect(wholeMonths(r('2026-09-01', '2026-10-31'), '2026-11-25')).toEqual({
			from: '2026-09-01',
			to: '2026-11-01',
		})
		expect(wholeMonths(r('2026-09-02', '2026-10-30'), '2026-11-25')).toBeUndefined()
		// The month of today is never whole.
		expect(wholeMonths(r('2026-11-01', '2026-11-30'), '2026-11-30')).toBeUndefined()
	})
})
