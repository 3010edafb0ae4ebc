import { sql } from 'drizzle-orm'
import type { Db } from '~/.server/db/client'
import { visitDaily, visitMonthly } from '~/.server/db/schema'
import type { Range } from '~/lib/analytics/range'
import { addDays, startOfLondonDay } from '~/lib/london-time'
import { totalsQuery } from './rollup'

export type DayFigures = { day: string; views: number; visitors: number }
export type Ranked = { value: string; views: number; visitors: number }

/**
 * The daily totals of a range: finished days from analytics_daily, today (not rolled up yet)
 * straight from its raw rows, which are few. With `months`, whole finished months inside the range
 * come from analytics_monthly instead of their days (a year is then ~12 rows a value, not 365).
 */
function totalsIn(range: Range, today: string, months = false) {
	const whole = months ? wholeMonths(range, today) : undefined
	const daily = (from: string, until: string) =>
		sql`select day, dimension, value, views, visitors from ${visitDaily} where day >= ${from} and day < ${until}`
	// Finished days only (today is read live), around the whole months when there are any.
	const end = addDays(range.to < today ? range.to : addDays(today, -1), 1)
	const parts = whole
		? [daily(range.from, whole.from), daily(whole.to, end)]
		: [daily(range.from, end)]
	if (whole)
		parts.push(
			sql`select month as day, dimension, value, views, visitors from ${visitMonthly} where month >= ${whole.from} and month < ${whole.to}`,
		)
	if (range.to >= today)
		parts.push(
			sql`select * from (${totalsQuery(startOfLondonDay(today), startOfLondonDay(addDays(today, 1)))}) live`,
		)
	return sql.join(parts, sql` union all `)
}

/** The finished calendar months wholly inside a range, as [from, to) first days; or none. */
export function wholeMonths(range: Range, today: string) {
	const monthStart = (day: string) => `${day.slice(0, 7)}-01`
	const nextMonth = (day: string) => {
		const [y, m] = day.split('-').map(Number) as [number, number]
		return new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10)
	}
	const from = range.from === monthStart(range.from) ? range.from : nextMonth(range.from)
	// The month after the last whole one: the range must reach its day before, and it must be over.
	const end = addDays(range.to < today ? range.to : addDays(today, -1), 1)
	const to = monthStart(end)
	return from < to ? { from, to } : undefined
}

/** Visitors and views per day of the range (days without any are absent). */
export async function visitsByDay(db: Db, range: Range, today: string): Promise<DayFigures[]> {
	const rows = await db.execute<{ day: string; views: number; visitors: number }>(
		sql`select day::text as day, sum(views)::int as views, sum(visitors)::int as visitors from (${totalsIn(range, today)}) t where dimension = 'total' group by day order by day`,
	)
	return rowsOf(rows)
}

/** Every dimension's values over the range, most viewed first (the top lists pick from these). */
export async function visitBreakdown(db: Db, range: Range, today: string) {
	const rows = rowsOf<{ dimension: string } & Ranked>(
		await db.execute(
			sql`select dimension, value, sum(views)::int as views, sum(visitors)::int as visitors from (${totalsIn(range, today, true)}) t where dimension <> 'total' group by dimension, value order by views desc`,
		),
	)
	const by = new Map<string, Ranked[]>()
	for (const { dimension, ...row } of rows) {
		const list = by.get(dimension) ?? []
		list.push(row)
		by.set(dimension, list)
	}
	return (dimension: string) => by.get(dimension) ?? []
}

/** Totals of a range: visitors (the days' distinct keys, summed), views, and visitors with a cart. */
export async function visitTotals(db: Db, range: Range, today: string) {
	const [row] = rowsOf<{ views: number; visitors: number; carters: number }>(
		await db.execute(
			sql`select coalesce(sum(views) filter (where dimension = 'total'), 0)::int as views, coalesce(sum(visitors) filter (where dimension = 'total'), 0)::int as visitors, coalesce(sum(visitors) filter (where dimension = 'carts'), 0)::int as carters from (${totalsIn(range, today)}) t where dimension in ('total', 'carts')`,
		),
	)
	return row ?? { views: 0, visitors: 0, carters: 0 }
}

export function rowsOf<T>(result: unknown): T[] {
	return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[]
}
