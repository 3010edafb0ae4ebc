import type { DocumentContent } from '~/lib/documents'

/** The kinds of issued document the books read (the order_documents table's `kind`). */
export type BookDocumentKind = 'invoice' | 'receipt' | 'credit_note'

/**
 * One issued document as the books see it: its frozen figures, the UK date of its tax point and
 * how the order was paid. A credit note's figures are as printed (positive); the books subtract.
 */
export type BookDocument = {
	number: string
	kind: BookDocumentKind
	orderId: string
	/** The tax point as an ISO instant, and its UK calendar date ('YYYY-MM-DD'). */
	taxPoint: string
	day: string
	refersTo: string | null
	customer: string
	/** 'stripe', 'test', 'manual' (marked paid by hand: bank transfer and the like). */
	provider: string
	/** Null on a receipt and its credit notes: an unregistered seller shows no VAT. */
	netPence: number | null
	vatPence: number | null
	grossPence: number
	lines: BookLine[]
}

export type BookLine = Pick<
	DocumentContent['lines'][number],
	| 'description'
	| 'quantity'
	| 'unitGrossPence'
	| 'netPence'
	| 'vatPence'
	| 'grossPence'
	| 'ratePercent'
> & {
	/** The product's category, 'delivery' for the delivery line, 'other' when unknown. */
	category: string
}

/**
 * What the money report needs of a document: its own figures, and of its lines only the
 * category and total (a BookDocument is one; /admin/money reads them summed by category).
 */
export type ReportDocument = Omit<BookDocument, 'lines'> & {
	lines: Array<Pick<BookLine, 'category' | 'grossPence'>>
}

/** +1 for a sale, −1 for a credit note: what the books add. */
export const signOf = (doc: Pick<BookDocument, 'kind'>) => (doc.kind === 'credit_note' ? -1 : 1)

/** A document's sales excluding VAT (a receipt's whole amount: it carries no VAT). */
export const netOf = (doc: Pick<BookDocument, 'netPence' | 'grossPence'>) =>
	doc.netPence ?? doc.grossPence

/** Whether a document carries VAT: a VAT invoice, or a credit note against one. */
export const carriesVat = (doc: Pick<BookDocument, 'vatPence'>) => doc.vatPence !== null

/** Where staff download a document (the admin order view's, or a pond build's, download route). */
export const adminDocumentPath = (doc: Pick<BookDocument, 'orderId' | 'number'>) =>
	doc.orderId.startsWith('PB-')
		? `/admin/projects/${doc.orderId}/documents/${doc.number}`
		: `/admin/orders/${doc.orderId}/documents/${doc.number}`
