import { sql } from 'drizzle-orm'
import type { Db } from '~/.server/db/client'
import { visitDaily, visitMonthly } from '~/.server/db/schema'
import type { Range } from '~/lib/analytics/range'
import { addDays, startOfLondonDay } from '~/lib/london-time'
import { totalsQuery } from './rollup'

export type DayFigures = { day: string; views: number; visitors: number }
export type Ranked = { value: string; views: number; visitors: number }

/**
 * The daily totals of a range's finished days from analytics_daily (today is added from its raw
 * rows by the callers: todayTotals). With `months`, whole finished months inside the range
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

export type DimensionRow = { dimension: string } & Ranked

/** Today's totals straight from its raw rows (today is not rolled up yet); read once a request. */
export async function todayTotals(db: Db, today: string): Promise<DimensionRow[]> {
	const live = totalsQuery(startOfLondonDay(today), startOfLondonDay(addDays(today, 1)))
	return rowsOf(await db.execute(sql`select dimension, value, views, visitors from (${live}) t`))
}

/** Today's rows when the range reaches today, read now unless the caller already has them. */
async function liveFor(db: Db, range: Range, today: string, live?: DimensionRow[]) {
	if (range.to < today) return []
	return live ?? (await todayTotals(db, today))
}

/** Visitors and views per day of the range (days without any are absent). */
export async function visitsByDay(
	db: Db,
	range: Range,
	today: string,
	live?: DimensionRow[],
): Promise<DayFigures[]> {
	const rows = rowsOf<DayFigures>(
		await db.execute(
			sql`select day::text as day, views, visitors from (${totalsIn(range, today)}) t where dimension = 'total' order by day`,
		),
	)
	const now = (await liveFor(db, range, today, live)).find((r) => r.dimension === 'total')
	if (now) rows.push({ day: today, views: now.views, visitors: now.visitors })
	return rows
}

/** Every dimension's values over the range, most viewed first (the top lists pick from these). */
export async function visitBreakdown(db: Db, range: Range, today: string, live?: DimensionRow[]) {
	const rows = rowsOf<DimensionRow>(
		await db.execute(
			sql`select dimension, value, sum(views)::int as views, sum(visitors)::int as visitors from (${totalsIn(range, today, true)}) t where dimension <> 'total' group by dimension, value`,
		),
	)
	const by = new Map<string, Map<string, Ranked>>()
	for (const { dimension, ...row } of [...rows, ...(await liveFor(db, range, today, live))]) {
		if (dimension === 'total') continue
		const values = by.get(dimension) ?? new Map<string, Ranked>()
		const known = values.get(row.value)
		if (known) {
			known.views += row.views
			known.visitors += row.visitors
		} else values.set(row.value, { ...row })
		by.set(dimension, values)
	}
	return (dimension: string) =>
		[...(by.get(dimension)?.values() ?? [])].sort(
			(a, b) => b.views - a.views || b.visitors - a.visitors || a.value.localeCompare(b.value),
		)
}

/** Totals of a range: visitors (the days' distinct keys, summed), views, and visitors with a cart. */
export async function visitTotals(db: Db, range: Range, today: string, live?: DimensionRow[]) {
	const [row] = rowsOf<{ views: number; visitors: number; carters: number }>(
		await db.execute(
			sql`select coalesce(sum(views) filter (where dimension = 'total'), 0)::int as views, coalesce(sum(visitors) filter (where dimension = 'total'), 0)::int as visitors, coalesce(sum(visitors) filter (where dimension = 'carts'), 0)::int as carters from (${totalsIn(range, today)}) t where dimension in ('total', 'carts')`,
		),
	)
	const totals = row ?? { views: 0, visitors: 0, carters: 0 }
	for (const r of await liveFor(db, range, today, live)) {
		if (r.dimension === 'total') {
			totals.views += r.views
			totals.visitors += r.visitors
		} else if (r.dimension === 'carts') totals.carters += r.visitors
	}
	return totals
}

export function rowsOf<T>(result: unknown): T[] {
	return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[]
}
