import { lt, sql } from 'drizzle-orm'
import type { Db, Tx } from '~/.server/db/client'
import { pageViews, visitDaily, visitEvents, visitMonthly } from '~/.server/db/schema'
import { RAW_VIEW_MONTHS } from '~/lib/analytics/pages'
import { addDays, startOfLondonDay } from '~/lib/london-time'

/** The product page's route: its views are also totalled per product. */
const PRODUCT_ROUTE = '/pond-products/:category/:productId'

/**
 * The daily totals of raw rows between two instants, as (day, dimension, value, views,
 * visitors): one pass per dimension over the range (see the analytics_daily table). Used by the
 * job for finished days, and by the dashboard for today, which is not rolled up yet.
 */
export function totalsQuery(from: Date, to: Date) {
	const ukDay = sql`(at at time zone 'Europe/London')::date`
	const views = sql`select ${ukDay} as day, * from ${pageViews} where at >= ${from} and at < ${to}`
	const events = sql`select ${ukDay} as day, * from ${visitEvents} where at >= ${from} and at < ${to}`
	const per = (dimension: string, value: ReturnType<typeof sql>, where = sql`true`) =>
		sql`select day, ${dimension}::text as dimension, ${value} as value, count(*)::int as views, count(distinct visitor_key)::int as visitors from v where ${where} group by day, 2, 3`
	return sql`with v as (${views}), e as (${events}) ${per('total', sql`''`)}
		union all ${per('page', sql`trim(route || ' ' || item_id)`)}
		union all ${per('product', sql`item_id`, sql`route = ${PRODUCT_ROUTE}`)}
		union all ${per('referrer', sql`referrer_host`, sql`referrer_host <> ''`)}
		union all ${per('source', sql`utm_source`, sql`utm_source <> ''`)}
		union all ${per('medium', sql`utm_medium`, sql`utm_medium <> ''`)}
		union all ${per('campaign', sql`utm_campaign`, sql`utm_campaign <> ''`)}
		union all ${per('device', sql`device`)}
		union all select day, 'cart', item_id, count(*)::int, count(distinct visitor_key)::int from e where kind = 'cart' group by day, item_id
		union all select day, 'carts', '', count(*)::int, count(distinct visitor_key)::int from e where kind = 'cart' group by day`
}

/**
 * Rolls every finished UK day not yet rolled up into analytics_daily (idempotent: a day is
 * replaced whole), so the dashboard reads a few thousand totals rather than a year of views.
 */
export async function rollUpFinishedDays(db: Db, today: string) {
	const [last] = await db
		.execute<{ day: string | null }>(
			sql`select max(day)::text as day from ${visitDaily} where dimension = 'total'`,
		)
		.then((r) => rowsOf<{ day: string | null }>(r))
	const [first] = await db
		.execute<{ day: string | null }>(
			sql`select min((at at time zone 'Europe/London')::date)::text as day from ${pageViews}`,
		)
		.then((r) => rowsOf<{ day: string | null }>(r))
	const fromDay = last?.day ? addDays(last.day, 1) : (first?.day ?? undefined)
	if (!fromDay || fromDay >= today) return 0
	const from = startOfLondonDay(fromDay)
	const to = startOfLondonDay(today)
	return db.transaction(async (tx) => {
		await tx.execute(sql`delete from ${visitDaily} where day >= ${fromDay} and day < ${today}`)
		const inserted = await tx.execute(
			sql`insert into ${visitDaily} (day, dimension, value, views, visitors) ${totalsQuery(from, to)}`,
		)
		await rollUpMonths(tx, fromDay, today)
		return affected(inserted)
	})
}

/** Sums the daily totals of every finished month from `fromDay`'s on into analytics_monthly. */
async function rollUpMonths(tx: Tx, fromDay: string, today: string) {
	const first = `${fromDay.slice(0, 7)}-01`
	const current = `${today.slice(0, 7)}-01`
	if (first >= current) return
	await tx.execute(sql`delete from ${visitMonthly} where month >= ${first} and month < ${current}`)
	await tx.execute(sql`insert into ${visitMonthly} (month, dimension, value, views, visitors)
		select date_trunc('month', day)::date, dimension, value, sum(views)::int, sum(visitors)::int
		from ${visitDaily} where day >= ${first} and day < ${current} group by 1, 2, 3`)
}

/** Deletes raw views and events older than 13 months (their days were rolled up long since). */
export async function purgeOldVisits(db: Db, now: Date) {
	const cutoff = new Date(now)
	cutoff.setUTCMonth(cutoff.getUTCMonth() - RAW_VIEW_MONTHS)
	const views = await db.execute(sql`delete from ${pageViews} where at < ${cutoff}`)
	await db.delete(visitEvents).where(lt(visitEvents.at, cutoff))
	return affected(views)
}

/** Rows a statement changed, from either driver's result. */
function affected(result: unknown) {
	const r = result as { rowCount?: number | null; affectedRows?: number }
	return r.rowCount ?? r.affectedRows ?? 0
}

function rowsOf<T>(result: unknown): T[] {
	return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[]
}
