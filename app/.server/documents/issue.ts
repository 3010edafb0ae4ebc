import { and, eq, inArray, type SQL, sql } from 'drizzle-orm'
import type { Db, Tx } from '~/.server/db/client'
import { rows } from '~/.server/db/rows'
import {
	type DocumentKind,
	documentCounters,
	type OrderDocument,
	type OrderRow,
	orderDocuments,
} from '~/.server/db/schema'
import type { DocumentContent, DocumentSummary } from '~/lib/documents'
import type { ReturnedGoods } from '~/lib/order-requests'
import {
	type BuildCustomer,
	finalAccountContent,
	type PaidStage,
	stageInvoiceContent,
} from './build-content'
import { creditNoteContent, invoiceContent, type Seller } from './content'

const PREFIX: Record<DocumentKind, string> = {
	invoice: 'INV',
	receipt: 'RCT',
	credit_note: 'CN',
	final_account: 'FA',
}

/**
 * The next number in a series, taken inside the caller's transaction: the counter's row stays
 * locked until it commits (a second payment waits), and a rollback returns the number.
 */
async function nextNumber(tx: Tx, kind: DocumentKind) {
	const [row] = await rows<{ n: number }>(
		tx,
		sql`insert into ${documentCounters} (series, next) values (${kind}, 2)
			on conflict (series) do update set next = ${documentCounters.next} + 1
			returning next - 1 as n`,
	)
	return `${PREFIX[kind]}-${String(row!.n).padStart(6, '0')}`
}

/**
 * The invoice or receipt of an order or a build stage (each has at most one), inside the caller's
 * transaction: `owner` picks the order's or the stage's column.
 */
async function invoiceOf(tx: Tx, owner: SQL) {
	const [invoice] = await tx
		.select()
		.from(orderDocuments)
		.where(and(owner, inArray(orderDocuments.kind, ['invoice', 'receipt'])))
	return invoice
}

/**
 * The paid order's invoice (or receipt, without a VAT number), issued in the payment's own
 * transaction with the payment date as its tax point. An order is invoiced once.
 */
export async function issueInvoice(tx: Tx, order: OrderRow, seller: Seller, paidAt: Date) {
	const existing = await invoiceOf(tx, eq(orderDocuments.orderId, order.id))
	if (existing) return existing
	const kind: DocumentKind = seller.vatNumber ? 'invoice' : 'receipt'
	const number = await nextNumber(tx, kind)
	const content = invoiceContent(order, seller, { number, issuedAt: paidAt })
	const [document] = await tx
		.insert(orderDocuments)
		.values({
			number,
			kind,
			orderId: order.id,
			issuedAt: paidAt,
			totalPence: content.grossPence,
			content,
		})
		.returning()
	return document!
}

/** A credit note for a refund, full or partial, against the order's invoice (in the refund's transaction). */
export async function issueCreditNote(
	tx: Tx,
	orderId: string,
	refund: { amountPence: number; reason: string; at: Date; returned?: ReturnedGoods },
) {
	const invoice = await invoiceOf(tx, eq(orderDocuments.orderId, orderId))
	// An order paid before invoices existed has nothing to credit.
	if (!invoice) return undefined
	const number = await nextNumber(tx, 'credit_note')
	const content = creditNoteContent(
		invoice.content,
		{ number, issuedAt: refund.at, ...refund },
		refund.returned,
	)
	const [note] = await tx
		.insert(orderDocuments)
		.values({
			number,
			kind: 'credit_note',
			orderId,
			issuedAt: refund.at,
			refersTo: invoice.number,
			totalPence: refund.amountPence,
			content,
		})
		.returning()
	return note!
}

// The invoice first, then its credit notes (one issued in the same second comes after it).
export const DOCUMENT_ORDER = [
	orderDocuments.issuedAt,
	sql`${orderDocuments.kind} = 'credit_note'`,
	orderDocuments.number,
] as const

/** An order's documents, newest last (the order page and the admin order view list them). */
export function documentsOf(db: Db, orderId: string): Promise<OrderDocument[]> {
	return (
		db
			.select()
			.from(orderDocuments)
			.where(eq(orderDocuments.orderId, orderId))
			// The invoice first, then its credit notes (one issued in the same second comes after it).
			.orderBy(
				orderDocuments.issuedAt,
				sql`${orderDocuments.kind} = 'credit_note'`,
				orderDocuments.number,
			)
	)
}

/** One document of one order (a download), or undefined. */
export async function findDocument(db: Db, orderId: string, number: string) {
	const [document] = await db
		.select()
		.from(orderDocuments)
		.where(and(eq(orderDocuments.orderId, orderId), eq(orderDocuments.number, number)))
	return document
}

/** A document by its number (an email's attachment); numbers are unique. */
export async function documentByNumber(db: Db, number: string) {
	const [document] = await db.select().from(orderDocuments).where(eq(orderDocuments.number, number))
	return document
}

/**
 * The list the order views show: the title, not the whole frozen content (every order page view
 * reads this; the content is read only to make a PDF).
 */
export async function documentSummaries(db: Db, orderId: string): Promise<DocumentSummary[]> {
	const found = await db
		.select({
			number: orderDocuments.number,
			title: sql<DocumentSummary['title']>`${orderDocuments.content}->>'title'`,
			issuedAt: orderDocuments.issuedAt,
			totalPence: orderDocuments.totalPence,
		})
		.from(orderDocuments)
		.where(eq(orderDocuments.orderId, orderId))
		.orderBy(...DOCUMENT_ORDER)
	return found.map((doc) => ({ ...doc, issuedAt: doc.issuedAt.toISOString() }))
}

// Pond builds (decision 0038): a document per stage payment, credit notes against them and the
// final account, all in the same series and the same table, with the project instead of an order.

/** The stage payment's invoice (receipt, unregistered): its tax point is the payment date. */
export async function issueStageInvoice(
	tx: Tx,
	stage: PaidStage & { id: number },
	customer: BuildCustomer,
	seller: Seller,
	paidAt: Date,
) {
	const existing = await invoiceOf(tx, eq(orderDocuments.buildStageId, stage.id))
	if (existing) return existing
	const kind: DocumentKind = seller.vatNumber ? 'invoice' : 'receipt'
	const number = await nextNumber(tx, kind)
	const content = stageInvoiceContent(stage, customer, seller, { number, paidAt })
	const [document] = await tx
		.insert(orderDocuments)
		.values({
			number,
			kind,
			projectId: stage.projectId,
			buildStageId: stage.id,
			issuedAt: paidAt,
			totalPence: content.grossPence,
			content,
		})
		.returning()
	return document!
}

/** A credit note against a stage's invoice for a refund (a cancellation), in its transaction. */
export async function issueStageCreditNote(
	tx: Tx,
	stageId: number,
	refund: { amountPence: number; reason: string; at: Date },
) {
	const invoice = await invoiceOf(tx, eq(orderDocuments.buildStageId, stageId))
	if (!invoice?.projectId) return undefined
	const number = await nextNumber(tx, 'credit_note')
	const content = creditNoteContent(invoice.content, { number, issuedAt: refund.at, ...refund })
	const [note] = await tx
		.insert(orderDocuments)
		.values({
			number,
			kind: 'credit_note',
			projectId: invoice.projectId,
			buildStageId: stageId,
			issuedAt: refund.at,
			refersTo: invoice.number,
			totalPence: refund.amountPence,
			content,
		})
		.returning()
	return note!
}

/** The project's final account (one per project), inside the completion's transaction. */
export async function issueFinalAccount(
	tx: Tx,
	project: { id: string } & BuildCustomer,
	seller: Seller,
	account: NonNullable<DocumentContent['account']>,
	at: Date,
) {
	const [existing] = await tx
		.select()
		.from(orderDocuments)
		.where(and(eq(orderDocuments.projectId, project.id), eq(orderDocuments.kind, 'final_account')))
	if (existing) return existing
	const number = await nextNumber(tx, 'final_account')
	const content = finalAccountContent(project, seller, account, { number, issuedAt: at })
	const [document] = await tx
		.insert(orderDocuments)
		.values({
			number,
			kind: 'final_account',
			projectId: project.id,
			issuedAt: at,
			totalPence: content.grossPence,
			content,
		})
		.returning()
	return document!
}
