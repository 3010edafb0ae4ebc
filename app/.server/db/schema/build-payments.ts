import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { buildProjects } from './builds'

/**
 * A customer's cancellation within the 14 days (CCR 2013, issue 59 item 5, decision 0038). With
 * no early start it is settled at once (everything paid refunded); with one, staff settle it with
 * the value of the work done, which is kept back from the refund.
 */
export const buildCancellations = pgTable('build_cancellations', {
	projectId: text('project_id')
		.primaryKey()
		.references(() => buildProjects.id, { onDelete: 'restrict' }),
	requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
	reason: text('reason').notNull().default(''),
	earlyStart: boolean('early_start').notNull(),
	settledAt: timestamp('settled_at', { withTimezone: true }),
	settledBy: text('settled_by'),
	workDonePence: integer('work_done_pence'),
})
export type BuildCancellation = typeof buildCancellations.$inferSelect
