import { eq, sql } from 'drizzle-orm'
import type { Db } from '~/.server/db/client'
import { rows } from '~/.server/db/rows'
import { orders, paymentLinks } from '~/.server/db/schema'
import type { ClaimedEmail, EmailMessage } from '~/.server/email/outbox'
import { quoteReminderEmail, quoteReminderSubject } from '~/.server/email/quote-emails'
import { formatDateTime } from '~/lib/dates'
import { type ActionDeps, nowOf } from './deps'
import { recordNotes } from './lifecycle'
import { payUrl, type ReminderKind } from './quote-follow-up'

/**
 * Sending the quote reminders that are due (issue 31 item 3; decision 0019, follow-up). One scan
 * finds every due reminder, however many quotes fall due together: a few statements per chunk
 * of links, not a job and a transaction per reminder (10,000 at once took 9–11 s that way).
 */

/**
 * Links taken a transaction at a time. Under load each statement waits its turn behind page
 * requests, so fewer, larger chunks finish sooner (bench:jobs, 10,000 due: 50 a chunk 5.5–6 s,
 * 200 2.0–2.6 s, 500 1.7–2.3 s), and shoppers' p99 was no worse.
 */
const CHUNK = 500

/** The stored email stands for a reminder, rendered when the outbox worker sends it. */
export const QUOTE_REMINDER_HEADER = 'X-Shop-Quote-Reminder'

type Due = {
	orderId: string
	linkId: string
	email: string | null
	quoteExpiresAt: string | Date
	/** The reminder to send, or null when none applies any more (paid, re-quoted, stopped). */
	kind: ReminderKind | null
}

/**
 * Sends every reminder due now, a chunk of links per transaction, until none is left. Each link is
 * locked with its order (SKIP LOCKED: one a member of staff is changing waits for the next wake-up,
 * and two instances scanning at once take different links); its due times are cleared and what it
 * sent recorded in the same statement, so a re-run or a second instance never sends one twice.
 */
export async function sendDueReminders(deps: ActionDeps, chunk = CHUNK) {
	let sent = 0
	let skipped = 0
	for (;;) {
		const now = nowOf(deps)
		const taken = await deps.db.transaction(async (tx) => {
			const due = await rows<Due>(tx, dueRemindersSql(now, chunk))
			const send = due.filter((row) => row.kind !== null)
			await recordNotes(
				tx,
				{ kind: 'system' },
				send.map((row) => ({
					order: { id: row.orderId, status: 'payment_pending' as const },
					note: `Reminder sent: price held until ${formatDateTime(row.quoteExpiresAt)}`,
					emails: row.email ? [queuedReminder(row.orderId, row.email, row.linkId, row.kind!)] : [],
				})),
			)
			sent += send.length
			skipped += new Set(due.filter((row) => row.kind === null).map((row) => row.linkId)).size
			return new Set(due.map((row) => row.linkId)).size
		})
		if (taken < chunk) return { sent, skipped }
	}
}

/**
 * Locks up to `limit` links with a reminder due, clears the due times, records the reminders it
 * sends on the link, and returns one row per reminder to send (and one with no kind per link
 * that sends nothing). The checks are `reminderSkip`'s of old: the link is the order's current
 * one and still live, the order waits for payment, its customer has not stopped reminders, the
 * price has not ended, and this reminder has not gone before.
 */
function dueRemindersSql(now: Date, limit: number) {
	const at = now.toISOString()
	return sql`
		with candidate as (
			select l.id as link_id, o.id as order_id, o.delivery_info->>'email' as email,
				o.quote_expires_at, l.reminders_sent,
				coalesce(l.remind_before_at <= ${at}, false) as before_due,
				coalesce(l.remind_last_morning_at <= ${at}, false) as morning_due,
				o.status = 'payment_pending' and o.payment_link_id = l.id and not o.reminders_off
					and (o.quote_expires_at is null or o.quote_expires_at >= ${at}) as live
			from ${paymentLinks} l join ${orders} o on o.id = l.order_id
			where l.status = 'active' and least(l.remind_before_at, l.remind_last_morning_at) <= ${at}
			order by least(l.remind_before_at, l.remind_last_morning_at)
			limit ${limit}
			for update of o, l skip locked
		), send as (
			select c.link_id, k.kind
			from candidate c, (values ('before'), ('last-morning')) as k(kind)
			where c.live and not c.reminders_sent @> jsonb_build_array(k.kind)
				and case k.kind when 'before' then c.before_due else c.morning_due end
		), cleared as (
			update ${paymentLinks} l set
				remind_before_at = case when c.before_due then null else l.remind_before_at end,
				remind_last_morning_at = case when c.morning_due then null else l.remind_last_morning_at end,
				reminders_sent = l.reminders_sent
					|| coalesce((select jsonb_agg(s.kind) from send s where s.link_id = l.id), '[]'::jsonb)
			from candidate c
			where l.id = c.link_id
		)
		select c.order_id as "orderId", c.link_id as "linkId", c.email,
			c.quote_expires_at as "quoteExpiresAt", s.kind
		from candidate c left join send s on s.link_id = c.link_id`
}

/** The queued reminder: addressed and marked, its body written when it is sent. */
function queuedReminder(
	orderId: string,
	to: string,
	linkId: string,
	kind: ReminderKind,
): EmailMessage {
	return {
		to,
		kind: 'quote-reminder',
		subject: `${quoteReminderSubject(kind === 'last-morning')} — order ${orderId}`,
		text: '',
		html: '',
		headers: { [QUOTE_REMINDER_HEADER]: `${linkId} ${kind}` },
	}
}

/**
 * Just before sending (the outbox worker's `prepare`): a queued reminder written out from the order
 * as it is now, or null if it no longer applies (paid, cancelled or re-quoted since it was queued;
 * the order erased), so a customer is never asked to pay an order already settled.
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
	if (order?.status !== 'payment_pending' || order.paymentLinkId !== linkId) return null
	const pay = payUrl(siteUrl, { id: linkId })
	const [message] = quoteReminderEmail(
		order,
		{ pay, stopReminders: `${pay}/reminders` },
		kind === 'last-morning',
	)
	if (!message) return null
	const { subject, text, html, headers = {} } = message
	return { ...email, subject, text, html, headers }
}
