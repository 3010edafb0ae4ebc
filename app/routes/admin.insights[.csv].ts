import { insightsFor } from '~/.server/analytics/insights'
import { auditWho, recordAudit } from '~/.server/audit/audit-log'
import { requireAccess } from '~/.server/auth/guards'
import { rangeFrom } from '~/lib/analytics/range'
import { csvRow } from '~/lib/csv'
import { londonDate } from '~/lib/london-time'
import { penceToInput } from '~/lib/money'
import type { Route } from './+types/admin.insights[.csv]'

/** GET /admin/insights.csv?<the dashboard's period>: every figure the dashboard shows, one per row. */
export async function loader({ request, context }: Route.LoaderArgs) {
	const viewer = await requireAccess(request, context, 'admin/insights.csv')
	await recordAudit(context.db, {
		...auditWho(viewer, context.clientIp),
		kind: 'data.export',
		subject: '/admin/insights.csv',
		detail: new URL(request.url).search.slice(0, 300),
	})
	const today = londonDate(new Date())
	const range = rangeFrom(new URL(request.url).searchParams, today)
	const i = await insightsFor(context.db, context.catalog, range, today)
	const rows: Array<Array<string | number>> = [
		['Section', 'Item', 'Value', 'Visitors', 'Previous period'],
	]
	for (const [name, [now, before]] of Object.entries(i.totals)) {
		const money = MONEY[name]
		rows.push(
			money
				? ['Total', money, penceToInput(now), '', penceToInput(before)]
				: ['Total', name, now, '', before],
		)
	}
	for (const d of i.days) rows.push(['Day', d.day, d.views, d.visitors, ''])
	const ranked = (
		section: string,
		list: Array<{ value: string; views: number; visitors: number }>,
		label = (v: string) => v,
	) => {
		for (const r of list) rows.push([section, label(r.value), r.views, r.visitors, ''])
	}
	for (const p of i.pages) rows.push(['Page', p.label, p.views, p.visitors, ''])
	ranked('Referrer', i.referrers)
	ranked('UTM source', i.sources)
	ranked('UTM medium', i.mediums)
	ranked('UTM campaign', i.campaigns)
	ranked('Device', i.devices)
	for (const p of i.productsViewed) rows.push(['Product viewed', p.name, p.views, p.visitors, ''])
	for (const p of i.productsCarted)
		rows.push(['Product added to cart', p.name, p.views, p.visitors, ''])
	for (const p of i.productsRequested) rows.push(['Product requested', p.name, p.quantity, '', ''])
	for (const s of i.funnel) rows.push(['Funnel', s.label, s.count, '', ''])
	rows.push(['Median hours', 'Request to quote', hours(i.medianToQuoteMs), '', ''])
	rows.push(['Median hours', 'Quote to payment', hours(i.medianToPayMs), '', ''])
	for (const w of i.revenueByWeek) {
		rows.push(['Net revenue by week (GBP)', w.week, penceToInput(w.netPence), '', ''])
		rows.push(['Payments by week (GBP)', w.week, penceToInput(w.paidPence), '', ''])
		rows.push(['Refunds by week (GBP)', w.week, penceToInput(w.refundedPence), '', ''])
	}
	for (const s of i.builds.funnel) rows.push(['Pond builds funnel', s.label, s.count, '', ''])
	for (const m of i.builds.months) {
		rows.push(['Pond builds quoted by month (GBP)', m.month, penceToInput(m.quotedPence), '', ''])
		rows.push([
			'Pond builds accepted by month (GBP)',
			m.month,
			penceToInput(m.acceptedPence),
			'',
			'',
		])
	}
	for (const z of i.byZone)
		rows.push([
			'Delivery zone',
			z.zone,
			z.orders,
			'',
			z.averageDeliveryPence === null ? '' : penceToInput(z.averageDeliveryPence),
		])
	const body = `\uFEFF${rows.map((r) => csvRow(r.map(String))).join('')}`
	return new Response(body, {
		headers: {
			'Content-Type': 'text/csv; charset=utf-8',
			'Content-Disposition': `attachment; filename="insights-${range.from}-to-${range.to}.csv"`,
			'Cache-Control': 'private, no-store',
		},
	})
}

/** The totals in pence, by the name the CSV gives them (revenue is net of refunds). */
const MONEY: Record<string, string> = {
	revenuePence: 'Net revenue (GBP)',
	paidPence: 'Payments received (GBP)',
	refundedPence: 'Refunds (GBP)',
}

const hours = (ms: number | null) => (ms === null ? '' : (ms / 3_600_000).toFixed(1))
