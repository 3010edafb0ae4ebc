import { or, type SQL, sql } from 'drizzle-orm'
import type { Db, Tx } from '~/.server/db/client'
import { rows } from '~/.server/db/rows'
import { type EmailAttachment, emailOutbox, orders } from '~/.server/db/schema'

export type EmailMessage = {
	to: string
	subject: string
	text: string
	html: string
	/** What kind of email this is ('password-reset', 'order-confirmation', …): logged instead of addresses. */
	kind: string
	/** Extra headers, e.g. Reply-To on an enquiry forwarded to the business. */
	headers?: Record<string, string>
	/** Order documents to attach as PDFs, by number ('INV-000123'), or small text files (.ics). */
	attachments?: EmailAttachment[]
}

/** Queues an email inside the caller's transaction: it is sent only if that transaction commits. */
export async function enqueueEmail(db: Db | Tx, message: EmailMessage) {
	const [row] = await db.insert(emailOutbox).values(message).returning({ id: emailOutbox.id })
	return row!.id
}

/**
 * The statement that queues many emails inside a bigger one (a data-modifying CTE, so the emails
 * are written with it or not at all). The emails travel as one JSON parameter, not
 * seven per email: building a statement of 700 parameters cost the server's thread more than the
 * database's writing them (bench:jobs). `join` (e.g. `join placed on placed.id = m.tag`) keeps
 * only the emails whose `tag` matches a row the statement wrote.
 */
export function insertEmailsSql(emails: Array<EmailMessage & { tag?: string }>, join: SQL = sql``) {
	return sql`
		insert into ${emailOutbox} ("to", subject, text, html, kind, headers, attachments)
		select m."to", m.subject, m.text, m.html, m.kind, coalesce(m.headers, '{}'), coalesce(m.attachments, '[]')
		from jsonb_to_recordset(${JSON.stringify(emails)}::jsonb) as m(tag text, "to" text,
			subject text, text text, html text, kind text, headers jsonb, attachments jsonb)
		${join}`
}

/**
 * The statement part that queues emails from `rows`, a select of ("to", subject, text, html, kind,
 * headers): for a statement that writes them with its other rows (the reminder scan).
 */
export function queueEmailsFromSql(rows: SQL) {
	return sql`insert into ${emailOutbox} ("to", subject, text, html, kind, headers) ${rows}`
}

/**
 * UK GDPR erasure: every email, queued or sent, to the customer's address (when known) or about
 * one of their orders, whatever address it went to (each order email names its order in the
 * subject). Run before the orders lose their link to the customer. Resolves to the deleted ids.
 */
export async function deleteCustomerEmails(tx: Tx, userId: string, address: string | undefined) {
	const deleted = await tx
		.delete(emailOutbox)
		.where(
			or(
				address === undefined ? undefined : sql`lower(${emailOutbox.to}) = lower(${address})`,
				sql`exists (select 1 from ${orders} where ${orders.userId} = ${userId}
					and strpos(${emailOutbox.subject}, ${orders.id}) > 0)`,
			),
		)
		.returning({ id: emailOutbox.id })
	return deleted.map((email) => email.id)
}

export type ClaimedEmail = typeof emailOutbox.$inferSelect

/**
 * Claims due emails for one worker. SKIP LOCKED means two instances polling at once never take
 * the same row; the lease (locked_until) lets another worker retry if this one dies mid-send.
 * Oldest due first, in the order of the due index: ordered by `created_at` it sorted the whole
 * queue for every ten emails (26 ms a claim on PGlite with 10,000 reminders queued; 2 ms now).
 */
export async function claimDueEmails(
	db: Db,
	limit = 10,
	leaseSeconds = 120,
): Promise<ClaimedEmail[]> {
	const claimed = await rows<ClaimedEmail>(
		db,
		sql`
		update ${emailOutbox}
		set locked_until = now() + make_interval(secs => ${leaseSeconds}), attempts = attempts + 1
		where id in (
			select id from ${emailOutbox}
			where status = 'pending' and next_attempt_at <= now()
				and (locked_until is null or locked_until < now())
			order by next_attempt_at
			limit ${limit}
			for update skip locked
		)
		returning id, "to", subject, text, html, kind, headers, attachments, status, attempts,
			next_attempt_at as "nextAttemptAt", locked_until as "lockedUntil", last_error as "lastError",
			created_at as "createdAt", sent_at as "sentAt"`,
	)
	// Raw rows: timestamps arrive as strings on one driver and Dates on the other.
	return claimed.map((row) => ({
		...row,
		createdAt: new Date(row.createdAt),
		nextAttemptAt: new Date(row.nextAttemptAt),
		lockedUntil: row.lockedUntil ? new Date(row.lockedUntil) : null,
	}))
}

export const MAX_ATTEMPTS = 8

/** 1 min, 2, 4, … capped at 2 hours. */
export function backoffSeconds(attempts: number) {
	return Math.min(60 * 2 ** Math.max(0, attempts - 1), 2 * 60 * 60)
}

export async function markSent(db: Db, id: string) {
	await db.execute(
		sql`update ${emailOutbox} set status = 'sent', sent_at = now(), locked_until = null where id = ${id}`,
	)
}

/** A queued email that no longer applies (a reminder for an order paid since): never sent. */
export async function dropEmail(db: Db, id: string) {
	await db.execute(sql`delete from ${emailOutbox} where id = ${id}`)
}

export async function markFailed(db: Db, email: ClaimedEmail, error: string) {
	const final = email.attempts >= MAX_ATTEMPTS
	await db.execute(sql`
		update ${emailOutbox}
		set status = ${final ? 'failed' : 'pending'},
			last_error = ${error.slice(0, 500)},
			locked_until = null,
			next_attempt_at = now() + make_interval(secs => ${backoffSeconds(email.attempts)})
		where id = ${email.id}`)
	return final
}

/** Delivered emails are kept this long for support questions, then deleted (OUTBOX_RETENTION_DAYS). */
export async function purgeDeliveredEmails(db: Db, retentionDays: number) {
	const deleted = await rows<{ id: string }>(
		db,
		sql`
		delete from ${emailOutbox}
		where status = 'sent' and sent_at < now() - make_interval(days => ${retentionDays})
		returning id`,
	)
	return deleted.map((row) => row.id)
}
