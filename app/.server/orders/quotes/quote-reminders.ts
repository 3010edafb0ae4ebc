import { setTimeout as sleep } from 'node:timers/promises'
import { eq, sql } from 'drizzle-orm'
import type { Db } from '~/.server/db/client'
import { rows } from '~/.server/db/rows'
import { orders, paymentLinks } from '~/.server/db/schema'
import { ukDateTimeSql } from '~/.server/db/uk-date-sql'
import { customerSubject } from '~/.server/email/order-status-emails'
import { type ClaimedEmail, queueEmailsFromSql } from '~/.server/email/outbox'
import { quoteReminderEmail, quoteReminderSubject } from '~/.server/email/quote-emails'
import { restBeforeNextChunk } from '~/.server/jobs/pacing'
import { clearDueRemindersSql } from '~/.server/payments/links'
import { payUrl } from '~/.server/payments/provider'
import { statusLabel } from '~/lib/order-status'
import { type ActionDeps, nowOf } from '../lifecycle/deps'
import { actorLabel, insertEventsSql, transition } from '../lifecycle/lifecycle'

/**
 * Sending the quote reminders that are due (issue 31 item 3; decision 0019, follow-up). One scan
 * finds every due reminder, however many quotes fall due together: one statement per chunk of
 * links, not a job and a transaction per reminder (10,000 at once took 9–11 s that way).
 */

/**
 * Links taken a statement at a time. Under load each statement waits its turn behind page
 * requests, so larger chunks finish sooner. 10,000 due, no load: PostgreSQL 0.8 s at 500 (1.4 s
 * at 100). The embedded database once ran each statement on the server's own thread, where 500
 * links held page requests for 100 ms and 100 links for 20–50 ms; it has its own thread now
 * (decision 0027), and 500 there measured no better than 100 (bench:jobs, eighth session).
 */
export const REMINDER_CHUNK = { postgres: 500, pglite: 100 }

/** The stored email stands for a reminder, rendered when the outbox worker sends it. */
export const QUOTE_REMINDER_HEADER = 'X-Shop-Quote-Reminder'

/**
 * A scan's time from the moment its reminders fell due, the scheduler's wake-up and the rests
 * between chunks included (issue 31: 10,000 due in ≤ 5 s). A scan quicker than this rests between
 * its chunks (jobs/pacing.ts): with PGlite's thread working flat out, the p99 of a cached page
 * doubled while it ran (+100 %); with rests the median of five benches was +34 % (decision 0019,
 * last follow-up).
 */
export const REMINDER_SCAN_BUDGET_MS = 4000

/**
 * Sends every reminder due now, a chunk of links per transaction, until none is left. Each chunk
 * is one statement (`dueRemindersSql`): nothing comes back to the server's thread but three counts,
 * so the shoppers it serves meanwhile are not held up by 10,000 rows of notes and emails.
 */
export async function sendDueReminders(
	deps: ActionDeps,
	chunk = REMINDER_CHUNK.postgres,
	{
		/** When they fell due (the wake-up's time): the budget counts from then, not from the start. */
		dueAt = nowOf(deps),
		budgetMs = REMINDER_SCAN_BUDGET_MS,
	}: { dueAt?: Date; budgetMs?: number } = {},
) {
	const [{ due = 0 } = {}] = await rows<{ due: number }>(deps.db, dueCountSql(nowOf(deps)))
	let sent = 0
	let skipped = 0
	let workMs = 0
	let chunksDone = 0
	for (;;) {
		const chunkBegan = performance.now()
		const [counts] = await rows<{
			found: number
			taken: number
			links: number
			reminders: number
		}>(deps.db, dueRemindersSql(nowOf(deps), chunk))
		const { found = 0, taken = 0, links = 0, reminders = 0 } = counts ?? {}
		sent += reminders
		skipped += taken - links
		// All due ones taken, or none could be (their orders all being changed): the rest wait.
		if (found < chunk || taken === 0) return { sent, skipped }
		workMs += performance.now() - chunkBegan
		chunksDone++
		const rest = restBeforeNextChunk({
			budgetMs,
			elapsedMs: nowOf(deps).getTime() - dueAt.getTime(),
			workMs,
			chunksDone,
			// Every chunk before the last is full. More may fall due while it runs: never fewer than
			// one chunk to come.
			chunksLeft: Math.max(1, Math.ceil(due / chunk) - chunksDone),
		})
		if (rest > 0) await sleep(rest)
	}
}

/**
 * Links `l` with a reminder due by `at`, as the partial index payment_links_reminder_due_idx
 * (migration 0021) holds them: the count the scan is paced on and each chunk's pick.
 */
const dueLink = (at: string) =>
	sql`l.status = 'active' and least(l.remind_before_at, l.remind_last_morning_at) <= ${at}`

/** How many links have a reminder due: the scan's pace is planned on it. */
function dueCountSql(now: Date) {
	return sql`select count(*)::int as due from ${paymentLinks} l where ${dueLink(now.toISOString())}`
}

/** The queued reminder's subject, as `toCustomer` words every order email's. */
const SUBJECTS = {
	before: customerSubject(quoteReminderSubject(false), ''),
	lastMorning: customerSubject(quoteReminderSubject(true), ''),
}

/**
 * Up to `limit` links with a reminder due, then their orders, each locked (SKIP LOCKED: one a
 * member of staff is changing waits for the next wake-up, and two instances scanning at once take
 * different links). Every due one is sent in the same run, so they are taken in no order: joined
 * to their orders before the limit, or sorted by due time, every due link was read for each chunk
 * (110 ms and 25 ms a chunk on PGlite with 10,000 due; the pick takes under 1 ms now).
 *
 * Their due times are cleared and the reminders they send recorded on the link, so a re-run or a
 * second instance never sends one twice; each reminder sent gets its timeline note and its queued
 * email (addressed and marked, written out when sent). A reminder is sent while the link is the
 * order's current one, the order waits for payment, its customer has not stopped reminders, the
 * price has not ended and this reminder has not gone before; otherwise its time is only cleared.
 */
function dueRemindersSql(now: Date, limit: number) {
	const at = now.toISOString()
	return sql`
		with due as (
			select l.id from ${paymentLinks} l
			where ${dueLink(at)}
			limit ${limit}
			for update skip locked
		), candidate as (
			select l.id as link_id, o.id as order_id, o.delivery_info->>'email' as email,
				o.quote_expires_at, l.reminders_sent,
				coalesce(l.remind_before_at <= ${at}, false) as before_due,
				coalesce(l.remind_last_morning_at <= ${at}, false) as morning_due,
				o.status = 'payment_pending' and o.payment_link_id = l.id and not o.reminders_off
					and (o.quote_expires_at is null or o.quote_expires_at >= ${at}) as live
			from due d
				join ${paymentLinks} l on l.id = d.id
				join ${orders} o on o.id = l.order_id
			for update of o skip locked
		), send as (
			select c.link_id, c.order_id, c.email, c.quote_expires_at, k.kind
			from candidate c, (values ('before'), ('last-morning')) as k(kind)
			where c.live and not c.reminders_sent @> jsonb_build_array(k.kind)
				and case k.kind when 'before' then c.before_due else c.morning_due end
		), cleared as (${clearDueRemindersSql(sql.raw('candidate'), sql.raw('send'))}
		), notes as (${insertEventsSql(sql`
			select s.order_id, ${actorLabel({ kind: 'system' })}, 'payment_pending', 'payment_pending',
				'Reminder sent: price held until '
					|| coalesce(${ukDateTimeSql(sql`s.quote_expires_at`)}, 'further notice')
			from send s`)}
		), emails as (${queueEmailsFromSql(sql`
			select s.email,
				case s.kind when 'last-morning' then ${SUBJECTS.lastMorning} else ${SUBJECTS.before} end
					|| s.order_id,
				'', '', 'quote-reminder',
				jsonb_build_object(${QUOTE_REMINDER_HEADER}::text, s.link_id || ' ' || s.kind)
			from send s
			where coalesce(s.email, '') <> ''`)}
		)
		select (select count(*) from due)::int as found,
			(select count(*) from candidate)::int as taken,
			(select count(distinct link_id) from send)::int as links,
			(select count(*) from send)::int as reminders`
}

/**
 * Just before sending (the outbox worker's `prepare`): a queued reminder written out from the order
 * as it is now, or null if it no longer applies (paid, cancelled or re-quoted since it was queued,
 * reminders stopped, the order erased): a customer is never asked to pay an order already settled.
 */
export async function writeQueuedReminder(
	db: Db,
	siteUrl: string,
	email: ClaimedEmail,
): Promise<ClaimedEmail | null> {
	const marker = email.headers?.[QUOTE_REMINDER_HEADER]
	if (!marker) return email
	const [linkId = '', kind] = marker.split(' ')
	const [found] = await db
		.select({ order: orders })
		.from(paymentLinks)
		.innerJoin(orders, eq(orders.id, paymentLinks.orderId))
		.where(eq(paymentLinks.id, linkId))
	const order = found?.order
	if (!order) return null
	const unsent = whyNotSent(order, linkId)
	if (unsent) {
		// The scan's note said 'Reminder sent': staff see that it did not go after all, and why.
		await transition(db, { orderId: order.id, actor: { kind: 'system' } }, () => ({
			note: `Reminder not sent: ${unsent}`,
		}))
		return null
	}
	const pay = payUrl(siteUrl, linkId)
	const [message] = quoteReminderEmail(
		order,
		{ pay, stopReminders: `${pay}/reminders` },
		kind === 'last-morning',
	)
	if (!message) return null
	const { subject, text, html, headers = {} } = message
	return { ...email, subject, text, html, headers }
}

/** Why a queued reminder no longer applies to its order, or undefined if it still does. */
function whyNotSent(order: typeof orders.$inferSelect, linkId: string) {
	if (order.status !== 'payment_pending')
		return `the order is ${statusLabel(order.status).toLowerCase()} now`
	if (order.paymentLinkId !== linkId) return 'the quote was replaced by a new one'
	if (order.remindersOff) return 'the customer stopped reminders'
	return undefined
}
