import { sql } from 'drizzle-orm'
import type { Db } from '~/.server/db/client'
import { orderEvents, orders, refunds } from '~/.server/db/schema'
import type { Range } from '~/lib/analytics/range'
import { addDays, startOfLondonDay } from '~/lib/london-time'
import { rowsOf } from './visit-figures'

/** A UK week (from Monday) of money in and out: payments received, refunds made, and the net. */
export type RevenueWeek = {
	week: string
	paidPence: number
	refundedPence: number
	netPence: number
	payments: number
}

/**
 * The rule for revenue, in one place (/admin/insights, its CSV and /admin's 'this week'): money is
 * counted in the week it moved. A payment is an order's first payment, for its total; a refund
 * counts once finished (step 'recorded': the provider refunded it and the credit note is written;
 * 'reserved' and 'taken' refunds are still on their way), in the week it was made. Net revenue is
 * the payments less the refunds, so a week may be negative when an earlier sale was refunded.
 */
export async function revenueByWeek(db: Db, range: Pick<Range, 'from' | 'to'>) {
	const from = startOfLondonDay(range.from)
	const to = startOfLondonDay(addDays(range.to, 1))
	const week = (at: ReturnType<typeof sql>) =>
		sql`date_trunc('week', ${at} at time zone 'Europe/London')::date::text`
	const paid = rowsOf<{ week: string; pence: number; count: number }>(
		await db.execute(sql`
			select ${week(sql`p.paid_at`)} as week, coalesce(sum(o.total_cost_pence), 0)::int as pence,
				count(*)::int as count
			from (
				select order_id, min(at) as paid_at from ${orderEvents} where to_status = 'paid'
				group by order_id having min(at) >= ${from} and min(at) < ${to}
			) p join ${orders} o on o.id = p.order_id group by 1`),
	)
	const refunded = rowsOf<{ week: string; pence: number }>(
		await db.execute(sql`
			select ${week(sql`created_at`)} as week, coalesce(sum(amount_pence), 0)::int as pence
			from ${refunds} where step = 'recorded' and created_at >= ${from} and created_at < ${to}
			group by 1`),
	)
	const weeks = new Map<string, RevenueWeek>()
	const get = (key: string) => {
		const known = weeks.get(key)
		if (known) return known
		const fresh = { week: key, paidPence: 0, refundedPence: 0, netPence: 0, payments: 0 }
		weeks.set(key, fresh)
		return fresh
	}
	for (const row of paid)
		Object.assign(get(row.week), { paidPence: row.pence, payments: row.count })
	for (const row of refunded) get(row.week).refundedPence = row.pence
	for (const w of weeks.values()) w.netPence = w.paidPence - w.refundedPence
	return [...weeks.values()].sort((a, b) => a.week.localeCompare(b.week))
}

/** The weeks' sums: payments received, refunds made, net revenue, and how many payments. */
export function revenueTotals(weeks: RevenueWeek[]) {
	const sum = (pick: (w: RevenueWeek) => number) => weeks.reduce((n, w) => n + pick(w), 0)
	return {
		paidPence: sum((w) => w.paidPence),
		refundedPence: sum((w) => w.refundedPence),
		netPence: sum((w) => w.netPence),
		payments: sum((w) => w.payments),
	}
}
