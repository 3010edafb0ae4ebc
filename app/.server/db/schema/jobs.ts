import { sql } from 'drizzle-orm'
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

/**
 * Background work, one row per job (decision 0019). A recurring job is one row whose `run_at`
 * moves forward each time it runs; a one-off job (a quote's expiry) is a row of its own, its `key`
 * making a second enqueue of the same job a no-op. Claimed with FOR UPDATE SKIP LOCKED and a lease,
 * so each due job runs on one instance, and again only if that instance died mid-way.
 */
export const jobs = pgTable(
	'jobs',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		/** Unique: 'every:deliver-emails', 'quote-expiry:<link id>'. */
		key: text('key').notNull().unique(),
		/** The handler that runs it. */
		name: text('name').notNull(),
		payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
		status: text('status', { enum: ['pending', 'running', 'done', 'failed'] })
			.notNull()
			.default('pending'),
		runAt: timestamp('run_at', { withTimezone: true }).notNull(),
		attempts: integer('attempts').notNull().default(0),
		/** While running: after this moment the instance running it is presumed dead. */
		lockedUntil: timestamp('locked_until', { withTimezone: true }),
		lastError: text('last_error'),
		/** When it last failed (a recurring job keeps running, and staff see its last failure). */
		failedAt: timestamp('failed_at', { withTimezone: true }),
		lastRunAt: timestamp('last_run_at', { withTimezone: true }),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		finishedAt: timestamp('finished_at', { withTimezone: true }),
	},
	(t) => [index('jobs_due_idx').on(t.runAt).where(sql`${t.status} in ('pending', 'running')`)],
)

export type JobRow = typeof jobs.$inferSelect
