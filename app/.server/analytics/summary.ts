import { eq, sql } from 'drizzle-orm'
import type { Db } from '~/.server/db/client'
import { orders } from '~/.server/db/schema'
import { addDays, londonDate } from '~/lib/london-time'
import { revenueByWeek, revenueTotals } from './revenue'
import { visitTotals } from './visit-figures'

/**
 * The three figures at the top of /admin: today's visitors, requests waiting, and this week's
 * revenue, net of its refunds (revenue.ts), with the refunds beside it.
 */
export async function adminSummary(db: Db, now: Date) {
	const today = londonDate(now)
	const weekday = (new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7
	const monday = addDays(today, -weekday)
	const [visits, [waiting], week] = await Promise.all([
		visitTotals(db, { from: today, to: today, days: 1 }, today),
		db
			.select({ count: sql<number>`count(*)::int` })
			.from(orders)
			.where(eq(orders.status, 'pending')),
		revenueByWeek(db, { from: monday, to: today }).then(revenueTotals),
	])
	return {
		visitorsToday: visits.visitors,
		requestsWaiting: waiting?.count ?? 0,
		revenueThisWeekPence: week.netPence,
		refundedThisWeekPence: week.refundedPence,
	}
}
