import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Db, Tx } from '~/.server/db/client'
import { orderDocuments } from '~/.server/db/schema'
import type { DocumentSummary } from '~/lib/documents'
import { DOCUMENT_ORDER } from './issue'

/**
 * A pond build's documents as its pages and its final account read them (decision 0038); they are
 * written in issue.ts, with the orders' numbering.
 */

/** A project's stage invoices (for its final account): number, stage, date and amount. */
export function stageInvoicesOf(db: Db | Tx, projectId: string) {
	return db
		.select({
			number: orderDocuments.number,
			stageId: orderDocuments.buildStageId,
			issuedAt: orderDocuments.issuedAt,
			totalPence: orderDocuments.totalPence,
		})
		.from(orderDocuments)
		.where(
			and(
				eq(orderDocuments.projectId, projectId),
				inArray(orderDocuments.kind, ['invoice', 'receipt']),
			),
		)
		.orderBy(orderDocuments.issuedAt, orderDocuments.number)
}

/** The project page's list of its documents (with the stage each is for). */
export async function projectDocumentSummaries(db: Db, projectId: string) {
	const found = await db
		.select({
			number: orderDocuments.number,
			title: sql<DocumentSummary['title']>`${orderDocuments.content}->>'title'`,
			issuedAt: orderDocuments.issuedAt,
			totalPence: orderDocuments.totalPence,
			stageId: orderDocuments.buildStageId,
		})
		.from(orderDocuments)
		.where(eq(orderDocuments.projectId, projectId))
		.orderBy(...DOCUMENT_ORDER)
	return found.map((doc) => ({ ...doc, issuedAt: doc.issuedAt.toISOString() }))
}

/** One document of one project (a download), or undefined. */
export async function findProjectDocument(db: Db, projectId: string, number: string) {
	const [document] = await db
		.select()
		.from(orderDocuments)
		.where(and(eq(orderDocuments.projectId, projectId), eq(orderDocuments.number, number)))
	return document
}
