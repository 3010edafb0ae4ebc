import { bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import type { AuditChange } from '~/lib/audit'

/**
 * The audit log (issue 60 item 5): who did what, when, to what, and from which address. Written
 * only through `recordAudit` (audit/audit-log.ts) and never updated; rows go only when the
 * retention job deletes those older than the owner's setting (two years by default).
 */
export const auditLog = pgTable(
	'audit_log',
	{
		id: bigserial('id', { mode: 'number' }).primaryKey(),
		at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
		/** The person (a user id; kept as text so the entry outlives the account), or null for the system. */
		actorId: text('actor_id'),
		/** Their email as it was then: a removed person's entries still say who it was. */
		actorEmail: text('actor_email').notNull().default(''),
		actorRole: text('actor_role').notNull().default(''),
		kind: text('kind').notNull(),
		/** What it was done to: an order id, a product code, a person's email, a page. */
		subject: text('subject').notNull().default(''),
		changes: jsonb('changes').$type<AuditChange[]>().notNull().default([]),
		detail: text('detail').notNull().default(''),
		ip: text('ip'),
	},
	(t) => [
		index('audit_log_at_idx').on(t.at),
		index('audit_log_actor_idx').on(t.actorId, t.id),
		index('audit_log_kind_idx').on(t.kind, t.id),
	],
)
