import { and, eq, gte, sql } from 'drizzle-orm'
import type { Db } from '~/.server/db/client'
import { orderEvents, orders } from '~/.server/db/schema'
import { addDays, londonDate, startOfLondonDay } from '~/lib/london-time'
import { visitTotals } from './visit-figures'

/** The three figures at the top of /admin: today's visitors, requests waiting, this week's revenue. */
export async function adminSummary(db: Db, now: Date) {
	const today = londonDate(now)
	const weekday = (new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7
	const monday = startOfLondonDay(addDays(today, -weekday))
	const [visits, [waiting], [week]] = await Promise.all([
		visitTotals(db, { from: today, to: today, days: 1 }, today),
		db
			.select({ count: sql<number>`count(*)::int` })
			.from(orders)
			.where(eq(orders.status, 'pending')),
		db
			.select({ pence: sql<number>`coalesce(sum(${orders.totalCostPence}), 0)::int` })
			.from(orders)
			.where(
				sql`${orders.id} in (${db
					.select({ id: orderEvents.orderId })
					.from(orderEvents)
					.where(and(eq(orderEvents.toStatus, 'paid'), gte(orderEvents.at, monday)))})`,
			),
	])
	return {
		visitorsToday: visits.visitors,
		requestsWaiting: waiting?.count ?? 0,
		revenueThisWeekPence: week?.pence ?? 0,
	}
}
