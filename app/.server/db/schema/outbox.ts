import { sql } from 'drizzle-orm'
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

/** A small text attachment stored with its email (an .ics invite). */
export type InlineAttachment = { filename: string; contentType: string; content: string }
/** A document number ('INV-000123'), made into its PDF as the email leaves, or a stored file. */
export type EmailAttachment = string | InlineAttachment

/**
 * Durable email queue: a row is written in the same transaction as the change that causes the
 * email, and the outbox worker delivers it later (at least once, claimed with SKIP LOCKED).
 */
export const emailOutbox = pgTable(
	'email_outbox',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		to: text('to').notNull(),
		subject: text('subject').notNull(),
		text: text('text').notNull(),
		html: text('html').notNull(),
		/** What kind of email this is (e.g. 'password-reset'), for logs that carry no personal data. */
		kind: text('kind').notNull(),
		headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
		/**
		 * Documents sent as PDFs (by number), made when the email is sent, not stored twice; or a
		 * small text file kept whole (a survey's calendar invite, issue 59).
		 */
		attachments: jsonb('attachments').$type<EmailAttachment[]>().notNull().default([]),
		status: text('status', { enum: ['pending', 'sent', 'failed'] })
			.notNull()
			.default('pending'),
		attempts: integer('attempts').notNull().default(0),
		nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
		lockedUntil: timestamp('locked_until', { withTimezone: true }),
		lastError: text('last_error'),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		sentAt: timestamp('sent_at', { withTimezone: true }),
	},
	(t) => [index('email_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`)],
)
