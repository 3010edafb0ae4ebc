import { sql } from 'drizzle-orm'
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import type { DocumentContent } from '~/lib/documents'
import { buildProjects, buildStages } from './builds'
import { orders } from './orders'

/** 'final_account': a pond build's statement at completion (decision 0038), outside the books. */
export type DocumentKind = 'invoice' | 'receipt' | 'credit_note' | 'final_account'

/**
 * The next number of each document series ('invoice', 'receipt', 'credit_note'). Taken with
 * `update … returning` in the payment's or refund's own transaction: the row lock makes concurrent
 * payments queue for it, and a rolled-back payment gives its number back — no gaps, no repeats.
 */
export const documentCounters = pgTable('document_counters', {
	series: text('series').primaryKey(),
	next: integer('next').notNull(),
})

/** Invoices, receipts and credit notes as issued: their content is frozen when they are. */
export const orderDocuments = pgTable(
	'order_documents',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		/** 'INV-000123', 'RCT-000123', 'CN-000045': unique and gapless within each series. */
		number: text('number').notNull().unique(),
		kind: text('kind').$type<DocumentKind>().notNull(),
		// VAT records are kept for six years: an order with documents cannot be deleted.
		orderId: text('order_id').references(() => orders.id, { onDelete: 'restrict' }),
		/** A pond build's document (decision 0038); exactly one of order and project is set. */
		projectId: text('project_id').references(() => buildProjects.id, { onDelete: 'restrict' }),
		/** The stage a build's invoice or credit note is for (none on the final account). */
		buildStageId: integer('build_stage_id').references(() => buildStages.id, {
			onDelete: 'restrict',
		}),
		issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
		/** The invoice a credit note corrects. */
		refersTo: text('refers_to'),
		totalPence: integer('total_pence').notNull(),
		content: jsonb('content').$type<DocumentContent>().notNull(),
	},
	(t) => [
		index('order_documents_order_idx').on(t.orderId, t.issuedAt),
		index('order_documents_project_idx').on(t.projectId, t.issuedAt),
		check(
			'order_documents_one_owner_check',
			sql`(${t.orderId} is null) <> (${t.projectId} is null)`,
		),
		// The books read a period's documents by tax point (app/.server/books/documents.ts).
		index('order_documents_issued_idx').on(t.issuedAt, t.number),
	],
)
export type OrderDocument = typeof orderDocuments.$inferSelect
