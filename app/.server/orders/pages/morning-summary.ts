import { and, asc, eq, gte, like, lt, lte } from 'drizzle-orm'
import type { Db } from '~/.server/db/client'
import { enquiries, orderEvents, orders } from '~/.server/db/schema'
import { currentDeliverySettings, getDeliverySettings } from '~/.server/delivery/settings'
import { enqueueEmail } from '~/.server/email/outbox'
import { isEmptySummary, type MorningSummary, summaryEmail } from '~/.server/email/summary-email'
import { enqueueJob, finishClaimedJob, type Job } from '~/.server/jobs/queue'
import type { BuildsSummary } from '~/lib/builds/builds-summary'
import { addDays, atLondonTime, dailyKey, londonDate, startOfLondonDay } from '~/lib/london-time'
import { workingCutoff, workingMinutesBetween } from '~/lib/working-hours'
import { INACTIVE_LINK_ALERT } from '../payments/record-payment'

/**
 * The owner's morning summary (issue 31 item 6) and the 'waiting too long' flag (item 5): what
 * needs the business today, read from the orders and enquiries as they are.
 */

/** Requests still waiting for a delivery cost after this many working minutes (the setting). */
export async function overdueCutoff(db: Db, now: Date) {
	// The cached table: the dashboard's order list asks on every view.
	const { unquotedAlertHours } = await currentDeliverySettings(db)
	return workingCutoff(now, unquotedAlertHours * 60)
}

/**
 * The builds' part of the summary (issue 59 item 11): builds sit above orders, so the wiring and
 * the jobs page hand their reader in (`buildsSummary` in builds/builds-summary.ts).
 */
export type BuildsPart = (db: Db, now: Date) => Promise<BuildsSummary>
type SummaryDeps = { db: Db; siteUrl: string; builds?: BuildsPart }

export async function gatherSummary(
	db: Db,
	now: Date,
	builds?: BuildsPart,
): Promise<MorningSummary> {
	const since = new Date(now.getTime() - 86_400_000)
	const today = londonDate(now)
	const [startOfDay, endOfDay] = [startOfLondonDay(today), startOfLondonDay(addDays(today, 1))]
	const cutoff = await overdueCutoff(db, now)
	const name = (o: { deliveryInfo: { firstName: string; lastName: string } }) =>
		`${o.deliveryInfo.firstName} ${o.deliveryInfo.lastName}`
	const pick = { id: orders.id, deliveryInfo: orders.deliveryInfo, updatedAt: orders.updatedAt }

	const newRequests = await db
		.select({ id: orders.id })
		.from(orders)
		.where(gte(orders.createdAt, since))
	// Waiting since it last became a request (placed, or asked for a new quote): oldest first.
	const waiting = (
		await db
			.select(pick)
			.from(orders)
			.where(eq(orders.status, 'pending'))
			.orderBy(asc(orders.updatedAt))
			.limit(50)
	).map((o) => ({
		id: o.id,
		name: name(o),
		minutes: workingMinutesBetween(new Date(o.updatedAt), now),
		overdue: new Date(o.updatedAt) <= cutoff,
	}))
	const expiringToday = await db
		.select({
			id: orders.id,
			deliveryInfo: orders.deliveryInfo,
			quoteExpiresAt: orders.quoteExpiresAt,
		})
		.from(orders)
		.where(
			and(
				eq(orders.status, 'payment_pending'),
				eq(orders.paymentLinkActive, true),
				gte(orders.quoteExpiresAt, startOfDay),
				lt(orders.quoteExpiresAt, endOfDay),
			),
		)
	const toShip = await db
		.select(pick)
		.from(orders)
		.where(eq(orders.status, 'paid'))
		.orderBy(asc(orders.updatedAt))
	const openEnquiries = await db
		.select({ id: enquiries.id })
		.from(enquiries)
		.where(eq(enquiries.status, 'new'))
	const flagged = await db
		.selectDistinct({ orderId: orderEvents.orderId })
		.from(orderEvents)
		.where(
			and(
				gte(orderEvents.at, since),
				lte(orderEvents.at, now),
				like(orderEvents.note, `${INACTIVE_LINK_ALERT}%`),
			),
		)
	return {
		date: today,
		at: now,
		newRequests: newRequests.length,
		waiting,
		expiringToday: expiringToday.map((o) => ({
			id: o.id,
			name: name(o),
			at: new Date(o.quoteExpiresAt!),
		})),
		toShip: toShip.map((o) => ({ id: o.id, name: name(o) })),
		openEnquiries: openEnquiries.length,
		flaggedPayments: flagged.map((f) => f.orderId),
		builds: builds ? await builds(db, now) : null,
	}
}

/**
 * Queues the summary to the business address; nothing on a day with nothing in it, unless staff
 * asked for a preview ('Send now').
 */
export async function sendMorningSummary(deps: SummaryDeps, now: Date, { preview = false } = {}) {
	const summary = await gatherSummary(deps.db, now, deps.builds)
	if (isEmptySummary(summary) && !preview) return { sent: false, summary }
	await enqueueEmail(deps.db, summaryEmail(summary, deps))
	return { sent: true, summary }
}

export const SUMMARY_JOB = 'morning-summary'

/**
 * Job 'plan-morning-summary' (every quarter of an hour): queues today's summary for the time in
 * the settings, keyed by the UK date (`morning-summary:<date>`). After midday past that time it
 * plans tomorrow's instead: a summary at teatime helps nobody.
 */
export async function planMorningSummary(db: Db, now: Date) {
	const { summaryAt } = await getDeliverySettings(db)
	if (!summaryAt) return undefined
	let date = londonDate(now)
	if (now.getTime() > atLondonTime(date, summaryAt).getTime() + 12 * 3_600_000)
		date = addDays(date, 1)
	const runAt = atLondonTime(date, summaryAt)
	await enqueueJob(db, { key: `${SUMMARY_JOB}:${date}`, name: SUMMARY_JOB, runAt })
	return runAt
}

/**
 * Job 'morning-summary:<UK date>': the summary of that UK day, sent at most once that day (issue
 * 57 item 4). The key is unique per day, and only today's job sends: one planned for an earlier
 * day and run late (the shop was down across it, and across a clock change) sends nothing and
 * plans today's instead, which sends once — before, both sent, two identical emails 0.2 s apart.
 * The email is queued in the transaction that completes the job under this instance's claim, so a
 * run repeated after a lost lease or a crash cannot send it again.
 */
export async function runSummaryJob(deps: SummaryDeps, job: Job, now: Date) {
	if (job.key !== dailyKey(SUMMARY_JOB, now)) {
		await planMorningSummary(deps.db, now)
		return { sent: false, late: true }
	}
	const summary = await gatherSummary(deps.db, now, deps.builds)
	if (isEmptySummary(summary)) return { sent: false, late: false }
	const sent = await deps.db.transaction(async (tx) => {
		if (!(await finishClaimedJob(tx, job, now))) return false
		await enqueueEmail(tx, summaryEmail(summary, deps))
		return true
	})
	return { sent, late: false }
}
