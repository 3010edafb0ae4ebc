import { type BookDocument, type BookLine, signOf } from './book-document'
import { methodLabel } from './money-report'

/**
 * The exports' column layouts (issue 61 item 3, decision 0031): the sales invoice imports of Xero,
 * QuickBooks Online and FreeAgent, one row per document line, and a plain ledger, one row per
 * document. Amounts are VAT inclusive, as the shop's prices are (choose 'tax inclusive' when
 * importing): the unit price paid is whole pence, so quantity × unit amount is the line's total
 * to the penny and the line's VAT is given as printed. Credit notes carry their own number, the
 * invoice they correct, and negative amounts — the credit-note form each of the three imports.
 */
export const EXPORT_FORMATS = ['xero', 'quickbooks', 'freeagent', 'ledger'] as const
export type ExportFormat = (typeof EXPORT_FORMATS)[number]

export const FORMAT_LABELS: Record<ExportFormat, string> = {
	xero: 'Xero',
	quickbooks: 'QuickBooks Online',
	freeagent: 'FreeAgent',
	ledger: 'Ledger',
}

type Cell = string | number
type Context = { accountCode: string }

/** Amounts as numbers (never text), in pounds: '-12.5' stays a number, not a defused formula. */
const pounds = (pence: number) => pence / 100

/** 'DD/MM/YYYY', as all three imports read UK dates. */
const ukDate = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`

const typeOf = (doc: BookDocument) =>
	doc.kind === 'credit_note' ? 'Credit note' : doc.kind === 'receipt' ? 'Receipt' : 'Invoice'

const TAX_RATE: Record<Exclude<ExportFormat, 'ledger'>, (rate: number | null) => string> = {
	xero: (rate) => (rate === null ? 'No VAT' : `${rate}% (VAT on Income)`),
	quickbooks: (rate) => (rate === null ? 'No VAT' : `${rate.toFixed(1)}% S`),
	freeagent: (rate) => (rate === null ? '0' : String(rate)),
}

type LineLayout = {
	header: string[]
	row: (doc: BookDocument, line: BookLine, ctx: Context) => Cell[]
}

const signedLine = (doc: BookDocument, line: BookLine) => {
	const sign = signOf(doc)
	return {
		unit: pounds(sign * line.unitGrossPence),
		tax: pounds(sign * line.vatPence),
		total: pounds(sign * line.grossPence),
	}
}

const LINE_LAYOUTS: Record<Exclude<ExportFormat, 'ledger'>, LineLayout> = {
	xero: {
		header: [
			'ContactName',
			'InvoiceNumber',
			'Reference',
			'InvoiceDate',
			'DueDate',
			'Description',
			'Quantity',
			'UnitAmount',
			'AccountCode',
			'TaxType',
			'TaxAmount',
			'Currency',
			'Type',
		],
		row: (doc, line, { accountCode }) => {
			const { unit, tax } = signedLine(doc, line)
			return [
				doc.customer,
				doc.number,
				doc.refersTo ?? doc.orderId,
				ukDate(doc.day),
				ukDate(doc.day),
				line.description,
				line.quantity,
				unit,
				accountCode,
				TAX_RATE.xero(line.ratePercent),
				tax,
				'GBP',
				doc.kind === 'credit_note' ? 'Sales credit note' : 'Sales invoice',
			]
		},
	},
	quickbooks: {
		header: [
			'Invoice no',
			'Customer',
			'Invoice date',
			'Due date',
			'Transaction type',
			'Memo',
			'Item description',
			'Item quantity',
			'Item rate',
			'Item amount',
			'Account',
			'Item tax code',
			'Item tax amount',
		],
		row: (doc, line, { accountCode }) => {
			const { unit, tax, total } = signedLine(doc, line)
			return [
				doc.number,
				doc.customer,
				ukDate(doc.day),
				ukDate(doc.day),
				doc.kind === 'credit_note' ? 'Credit note' : 'Invoice',
				doc.refersTo ? `Credit note for ${doc.refersTo}` : `Order ${doc.orderId}`,
				line.description,
				line.quantity,
				unit,
				total,
				accountCode,
				TAX_RATE.quickbooks(line.ratePercent),
				tax,
			]
		},
	},
	freeagent: {
		header: [
			'Contact',
			'Reference',
			'Dated On',
			'Type',
			'Comments',
			'Description',
			'Quantity',
			'Price',
			'Category',
			'Sales Tax Rate',
			'Sales Tax Amount',
		],
		row: (doc, line, { accountCode }) => {
			const { unit, tax } = signedLine(doc, line)
			return [
				doc.customer,
				doc.number,
				ukDate(doc.day),
				doc.kind === 'credit_note' ? 'Credit Note' : 'Invoice',
				doc.refersTo ? `Credit note for ${doc.refersTo}` : `Order ${doc.orderId}`,
				line.description,
				line.quantity,
				unit,
				accountCode,
				TAX_RATE.freeagent(line.ratePercent),
				tax,
			]
		},
	},
}

export const LEDGER_HEADER = [
	'Date',
	'Number',
	'Type',
	'Order',
	'Customer',
	'Refers to',
	'Payment method',
	'Net (GBP)',
	'VAT (GBP)',
	'Gross (GBP)',
	'Account code',
]

/** The header row of a format. */
export const headerOf = (format: ExportFormat) =>
	format === 'ledger' ? LEDGER_HEADER : LINE_LAYOUTS[format].header

/** The rows one document makes in a format: one per line, or one for the ledger. */
export function rowsOf(format: ExportFormat, doc: BookDocument, ctx: Context): Cell[][] {
	if (format !== 'ledger') return doc.lines.map((line) => LINE_LAYOUTS[format].row(doc, line, ctx))
	const sign = signOf(doc)
	return [
		[
			doc.day,
			doc.number,
			typeOf(doc),
			doc.orderId,
			doc.customer,
			doc.refersTo ?? '',
			methodLabel(doc.provider),
			pounds(sign * (doc.netPence ?? doc.grossPence)),
			pounds(sign * (doc.vatPence ?? 0)),
			pounds(sign * doc.grossPence),
			ctx.accountCode,
		],
	]
}
