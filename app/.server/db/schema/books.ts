import {
	date,
	integer,
	jsonb,
	pgTable,
	serial,
	text,
	timestamp,
	uniqueIndex,
} from 'drizzle-orm/pg-core'
import type { VatReturnFigures } from '~/lib/books/vat-return'

/**
 * The books' settings as the owner saved them at /admin/money, one row per save (the newest is in
 * force, the others are the record of who changed what). No row: quarters from January, account
 * code 4000 (app/lib/books/settings.ts).
 */
export const booksSettings = pgTable('books_settings', {
	id: serial('id').primaryKey(),
	/** The month (1–12) the VAT quarters start in, as HMRC set the business's stagger. */
	quarterStartMonth: integer('quarter_start_month').notNull(),
	/** The sales account the exports code every line to (4000 in most UK charts of accounts). */
	salesAccountCode: text('sales_account_code').notNull(),
	changedBy: text('changed_by').notNull(),
	changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * VAT periods the owner closed (decision 0031): the figures as they were when closed, frozen. A
 * document dated later never changes them: a late credit note is issued today, in an open period.
 */
export const vatPeriods = pgTable(
	'vat_periods',
	{
		id: serial('id').primaryKey(),
		/** UK dates, both included. Closed periods never overlap (books/closed-periods.ts). */
		fromDate: date('from_date', { mode: 'string' }).notNull(),
		toDate: date('to_date', { mode: 'string' }).notNull(),
		figures: jsonb('figures').$type<VatReturnFigures>().notNull(),
		closedBy: text('closed_by').notNull(),
		closedAt: timestamp('closed_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [uniqueIndex('vat_periods_from_idx').on(t.fromDate)],
)
export type VatPeriod = typeof vatPeriods.$inferSelect
