import { type BookDocument, carriesVat, netOf, signOf } from './book-document'

type Totals = { count: number; netPence: number; vatPence: number }

/**
 * The sales side of a VAT return for a period (decision 0031), from the documents whose tax point
 * falls in it, never from orders. Box 1 is the VAT on VAT invoices less the VAT their credit notes
 * gave back; Box 6 the same documents' sales excluding VAT, plus — when the business is VAT
 * registered — the receipts it issued without a VAT number (sales all the same, carrying no VAT,
 * flagged for the accountant). Boxes 4 and 7 (purchases) are not the shop's to know.
 */
export type VatReturnFigures = {
	from: string
	to: string
	registered: boolean
	box1Pence: number
	/** Box 6 to the penny, and as HMRC takes it: whole pounds, the pence left off. */
	box6Pence: number
	box6Pounds: number
	invoices: Totals
	creditNotes: Totals
	/** Receipts and their credit notes (no VAT): signed, so a credited receipt nets off. */
	receipts: { count: number; grossPence: number }
	/** Every document counted, by number, in tax-point order. */
	documents: string[]
}

const empty = (): Totals => ({ count: 0, netPence: 0, vatPence: 0 })

export function vatReturn(
	period: { from: string; to: string },
	documents: Iterable<Omit<BookDocument, 'lines'>>,
	registered: boolean,
): VatReturnFigures {
	const invoices = empty()
	const creditNotes = empty()
	const receipts = { count: 0, grossPence: 0 }
	const numbers: string[] = []
	for (const doc of documents) {
		if (doc.day < period.from || doc.day > period.to) continue
		numbers.push(doc.number)
		if (!carriesVat(doc)) {
			receipts.count++
			receipts.grossPence += signOf(doc) * doc.grossPence
			continue
		}
		const totals = doc.kind === 'credit_note' ? creditNotes : invoices
		totals.count++
		totals.netPence += netOf(doc)
		totals.vatPence += doc.vatPence ?? 0
	}
	const box1Pence = invoices.vatPence - creditNotes.vatPence
	const box6Pence =
		invoices.netPence - creditNotes.netPence + (registered ? receipts.grossPence : 0)
	return {
		from: period.from,
		to: period.to,
		registered,
		box1Pence,
		box6Pence,
		box6Pounds: Math.trunc(box6Pence / 100),
		invoices,
		creditNotes,
		receipts,
		documents: numbers,
	}
}
