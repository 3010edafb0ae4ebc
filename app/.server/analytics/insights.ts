import type { Catalog } from '~/.server/catalog/catalog'
import type { Db } from '~/.server/db/client'
import { funnel } from '~/lib/analytics/funnel'
import { pageLabel } from '~/lib/analytics/labels'
import { previousRange, type Range } from '~/lib/analytics/range'
import { buildFigures } from './build-figures'
import { salesFigures, salesTotals } from './sales-figures'
import { todayTotals, visitBreakdown, visitsByDay, visitTotals } from './visit-figures'

const TOP = 10

/**
 * Everything /admin/insights shows for a range, and the same totals for the period before it.
 * Visits come from the daily totals (decision 0020); orders, quotes, payments and enquiries from
 * the shop's own tables.
 */
export async function insightsFor(db: Db, catalog: Catalog, range: Range, today: string) {
	const before = previousRange(range)
	const live = range.to >= today ? await todayTotals(db, today) : []
	const [days, breakdown, totals, previous, sales, previousSales, builds] = await Promise.all([
		visitsByDay(db, range, today, live),
		visitBreakdown(db, range, today, live),
		visitTotals(db, range, today, live),
		visitTotals(db, before, today),
		salesFigures(db, range),
		salesTotals(db, before),
		buildFigures(db, range),
	])
	const name = async (id: string) => (await catalog.anyProduct(id))?.name ?? `Product ${id}`
	const named = <T extends { id: string }>(rows: T[]) =>
		Promise.all(rows.slice(0, TOP).map(async (row) => ({ ...row, name: await name(row.id) })))
	const top = (dimension: string) => breakdown(dimension).slice(0, TOP)
	// A product page is shown by the product's name; other pages by theirs (labels.ts).
	const pageName = async (value: string) => {
		const [route, id] = value.split(' ')
		return route === '/pond-products/:category/:productId' && id ? await name(id) : pageLabel(value)
	}
	return {
		range,
		previousRange: before,
		totals: {
			visitors: [totals.visitors, previous.visitors],
			views: [totals.views, previous.views],
			requests: [sales.requests, previousSales.requests],
			paid: [sales.payments, previousSales.payments],
			// Net of finished refunds (revenue.ts), with what was paid and refunded beside it.
			revenuePence: [sales.revenuePence, previousSales.revenuePence],
			paidPence: [sales.paidPence, previousSales.paidPence],
			refundedPence: [sales.refundedPence, previousSales.refundedPence],
			enquiries: [sales.enquiries, previousSales.enquiries],
		} satisfies Record<string, [number, number]>,
		days: fillDays(range, days),
		pages: await Promise.all(
			top('page').map(async (row) => ({ ...row, label: await pageName(row.value) })),
		),
		referrers: top('referrer'),
		sources: top('source'),
		mediums: top('medium'),
		campaigns: top('campaign'),
		devices: top('device'),
		productsViewed: await named(top('product').map((r) => ({ ...r, id: r.value }))),
		productsCarted: await named(top('cart').map((r) => ({ ...r, id: r.value }))),
		productsRequested: await named(sales.requestedProducts),
		funnel: funnel([
			{
				unit: 'Visitors, counted per day',
				steps: [
					{ label: 'Visited', count: totals.visitors },
					{ label: 'Added to cart', count: totals.carters },
				],
			},
			{
				unit: "This period's order requests",
				steps: [
					{ label: 'Requested an order', count: sales.requests },
					{ label: 'Quoted', count: sales.quoted },
					{ label: 'Paid', count: sales.paid },
				],
			},
		]),
		medianToQuoteMs: sales.medianToQuoteMs,
		medianToPayMs: sales.medianToPayMs,
		revenueByWeek: sales.revenueByWeek,
		byZone: sales.byZone,
		builds,
	}
}

export type Insights = Awaited<ReturnType<typeof insightsFor>>

/** One point per day of the range, zero where nothing was counted. */
function fillDays(range: Range, days: Array<{ day: string; views: number; visitors: number }>) {
	const known = new Map(days.map((d) => [d.day, d]))
	const out: Array<{ day: string; views: number; visitors: number }> = []
	for (let t = Date.parse(range.from); t <= Date.parse(range.to); t += 86_400_000) {
		const day = new Date(t).toISOString().slice(0, 10)
		out.push(known.get(day) ?? { day, views: 0, visitors: 0 })
	}
	return out
}
