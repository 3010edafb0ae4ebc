import { sql } from 'drizzle-orm'
import type { Db } from '~/.server/db/client'
import { enquiries, orderEvents, orders } from '~/.server/db/schema'
import { getDeliverySettings } from '~/.server/delivery/settings'
import type { Range } from '~/lib/analytics/range'
import { zoneFor } from '~/lib/delivery/zones'
import { addDays, startOfLondonDay } from '~/lib/london-time'
import { revenueByWeek, revenueTotals } from './revenue'
import { rowsOf } from './visit-figures'

const bounds = (range: Range) => ({
	from: startOfLondonDay(range.from),
	to: startOfLondonDay(addDays(range.to, 1)),
})

type Timing = { quoted: number; paid: number; to_quote_ms: number | null; to_pay_ms: number | null }

/**
 * The order requests placed in a range and how far each got: first quoted (a payment link sent)
 * and first paid, read from the shop's own records (orders and their events), so nothing a
 * browser says counts here. Summed in SQL: a year holds thousands of orders.
 */
async function ordersIn(db: Db, range: Range) {
	const { from, to } = bounds(range)
	const o = sql`select id, created_at, delivery_cost_pence, cart_items, delivery_info->>'postcode' as postcode from ${orders} where created_at >= ${from} and created_at < ${to}`
	const steps = sql`select o.created_at,
		min(e.at) filter (where e.to_status = 'payment_pending') as quoted_at,
		min(e.at) filter (where e.to_status = 'paid') as paid_at
		from o left join ${orderEvents} e on e.order_id = o.id and e.to_status in ('payment_pending', 'paid')
		group by o.id, o.created_at`
	const [timing] = rowsOf<Timing & { requests: number }>(
		await db.execute(sql`with o as (${o}), s as (${steps})
			select count(*)::int as requests, count(quoted_at)::int as quoted, count(paid_at)::int as paid,
				(percentile_cont(0.5) within group (order by extract(epoch from quoted_at - created_at)) * 1000)::float8 as to_quote_ms,
				(percentile_cont(0.5) within group (order by extract(epoch from paid_at - quoted_at)) * 1000)::float8 as to_pay_ms
			from s`),
	)
	const requested = rowsOf<{ id: string; quantity: number }>(
		await db.execute(sql`with o as (${o}) select i->>'id' as id, sum((i->>'quantity')::int)::int as quantity
			from o, jsonb_array_elements(o.cart_items) i group by 1 order by 2 desc limit 10`),
	)
	const byOutward = rowsOf<{ postcode: string; orders: number; priced: number; pence: number }>(
		await db.execute(sql`with o as (${o}) select min(coalesce(postcode, '')) as postcode, count(*)::int as orders,
			count(delivery_cost_pence)::int as priced, coalesce(sum(delivery_cost_pence), 0)::int as pence
			from o group by upper(split_part(trim(coalesce(postcode, '')), ' ', 1))`),
	)
	return { timing: timing!, requested, byOutward }
}

async function enquiriesIn(db: Db, range: Range) {
	const { from, to } = bounds(range)
	const [row] = rowsOf<{ count: number }>(
		await db.execute(
			sql`select count(*)::int as count from ${enquiries} where created_at >= ${from} and created_at < ${to}`,
		),
	)
	return row?.count ?? 0
}

/** Everything the dashboard shows about orders, quotes, payments and enquiries in a range. */
export async function salesFigures(db: Db, range: Range) {
	const placed = await ordersIn(db, range)
	const weeks = await revenueByWeek(db, range)
	const revenue = revenueTotals(weeks)
	const enquiryCount = await enquiriesIn(db, range)
	const settings = await getDeliverySettings(db)
	const zones = new Map<string, { orders: number; deliveryPence: number; priced: number }>()
	for (const group of placed.byOutward) {
		const name = zoneFor(settings, group.postcode).zone?.name ?? 'Outside the zones'
		const zone = zones.get(name) ?? { orders: 0, deliveryPence: 0, priced: 0 }
		zone.orders += group.orders
		zone.priced += group.priced
		zone.deliveryPence += group.pence
		zones.set(name, zone)
	}
	const { timing } = placed
	return {
		requests: timing.requests,
		quoted: timing.quoted,
		paid: timing.paid,
		enquiries: enquiryCount,
		revenuePence: revenue.netPence,
		paidPence: revenue.paidPence,
		refundedPence: revenue.refundedPence,
		payments: revenue.payments,
		medianToQuoteMs: timing.to_quote_ms === null ? null : Math.round(timing.to_quote_ms),
		medianToPayMs: timing.to_pay_ms === null ? null : Math.round(timing.to_pay_ms),
		requestedProducts: placed.requested,
		revenueByWeek: weeks,
		byZone: [...zones]
			.map(([zone, z]) => ({
				zone,
				orders: z.orders,
				averageDeliveryPence: z.priced ? Math.round(z.deliveryPence / z.priced) : null,
			}))
			.sort((a, b) => b.orders - a.orders),
	}
}

export type SalesFigures = Awaited<ReturnType<typeof salesFigures>>

/** Only the totals the comparison needs (the period before): requests, payments, revenue, refunds, enquiries. */
export async function salesTotals(db: Db, range: Range) {
	const { from, to } = bounds(range)
	const [placed] = rowsOf<{ count: number }>(
		await db.execute(
			sql`select count(*)::int as count from ${orders} where created_at >= ${from} and created_at < ${to}`,
		),
	)
	const revenue = revenueTotals(await revenueByWeek(db, range))
	return {
		requests: placed?.count ?? 0,
		payments: revenue.payments,
		revenuePence: revenue.netPence,
		paidPence: revenue.paidPence,
		refundedPence: revenue.refundedPence,
		enquiries: await enquiriesIn(db, range),
	}
}
