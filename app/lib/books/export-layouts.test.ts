import { parse } from 'csv-parse/sync'
import { describe, expect, it } from 'vitest'
import { csvRow } from '~/lib/csv'
import type { BookDocument } from './book-document'
import { EXPORT_FORMATS, type ExportFormat, headerOf, rowsOf } from './export-layouts'

const invoice: BookDocument = {
	number: 'INV-000001',
	kind: 'invoice',
	orderId: 'KP-AAAAAA',
	taxPoint: '2026-09-30T22:59:00.000Z',
	day: '2026-09-30',
	refersTo: null,
	customer: '=HYPERLINK("http://evil")',
	provider: 'stripe',
	netPence: 3188,
	vatPence: 638,
	grossPence: 3826,
	lines: [
		{
			description: 'Washer',
			quantity: 30,
			unitGrossPence: 1,
			netPence: 25,
			vatPence: 5,
			grossPence: 30,
			ratePercent: 20,
			category: 'fittings',
		},
		{
			description: 'Pond net, 3 m',
			quantity: 3,
			unitGrossPence: 999,
			netPence: 2497,
			vatPence: 500,
			grossPence: 2997,
			ratePercent: 20,
			category: 'netting',
		},
		{
			description: 'Delivery',
			quantity: 1,
			unitGrossPence: 799,
			netPence: 666,
			vatPence: 133,
			grossPence: 799,
			ratePercent: 20,
			category: 'delivery',
		},
	],
}
const creditNote: BookDocument = {
	...invoice,
	number: 'CN-000002',
	kind: 'credit_note',
	day: '2026-10-05',
	refersTo: 'INV-000001',
	customer: 'Morag Mackenzie',
	netPence: 832,
	vatPence: 167,
	grossPence: 999,
	lines: [
		{
			description: 'Pond net, 3 m',
			quantity: 1,
			unitGrossPence: 999,
			netPence: 832,
			vatPence: 167,
			grossPence: 999,
			ratePercent: 20,
			category: 'netting',
		},
	],
}
const receipt: BookDocument = {
	...invoice,
	number: 'RCT-000001',
	kind: 'receipt',
	customer: 'Siobhán Ó Briain',
	netPence: null,
	vatPence: null,
	grossPence: 500,
	lines: [
		{
			description: 'Food',
			quantity: 1,
			unitGrossPence: 500,
			netPence: 500,
			vatPence: 0,
			grossPence: 500,
			ratePercent: null,
			category: 'food',
		},
	],
}

/** The file as the route writes it, read back as a spreadsheet would: one object per row. */
function readBack(format: ExportFormat, docs: BookDocument[]) {
	const text =
		csvRow(headerOf(format)) +
		docs
			.flatMap((d) => rowsOf(format, d, { accountCode: '4000' }))
			.map(csvRow)
			.join('')
	return parse(text, { columns: true }) as Array<Record<string, string>>
}

describe('the accountant’s exports', () => {
	it('writes Xero’s sales invoice columns, a row per line, credit notes negative', () => {
		const rows = readBack('xero', [invoice, creditNote])
		expect(Object.keys(rows[0]!)).toEqual([
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
		])
		expect(rows).toHaveLength(4)
		expect(rows[1]).toEqual({
			// A formula in a customer's name is defused, as the order export does.
			ContactName: `'=HYPERLINK("http://evil")`,
			InvoiceNumber: 'INV-000001',
			Reference: 'KP-AAAAAA',
			InvoiceDate: '30/09/2026',
			DueDate: '30/09/2026',
			Description: 'Pond net, 3 m',
			Quantity: '3',
			UnitAmount: '9.99',
			AccountCode: '4000',
			TaxType: '20% (VAT on Income)',
			TaxAmount: '5',
			Currency: 'GBP',
			Type: 'Sales invoice',
		})
		expect(rows[3]).toMatchObject({
			InvoiceNumber: 'CN-000002',
			Reference: 'INV-000001',
			InvoiceDate: '05/10/2026',
			Quantity: '1',
			UnitAmount: '-9.99',
			TaxAmount: '-1.67',
			Type: 'Sales credit note',
		})
		// Quantity × unit amount is each line's total, and the tax amounts are the invoice's VAT.
		const invoiceRows = rows.filter((r) => r.InvoiceNumber === 'INV-000001')
		expect(
			invoiceRows.reduce(
				(s, r) => s + Math.round(Number(r.Quantity) * Number(r.UnitAmount) * 100),
				0,
			),
		).toBe(3826)
		expect(invoiceRows.reduce((s, r) => s + Math.round(Number(r.TaxAmount) * 100), 0)).toBe(638)
	})

	it('writes QuickBooks Online’s and FreeAgent’s columns', () => {
		const qb = readBack('quickbooks', [creditNote, receipt])
		expect(Object.keys(qb[0]!)).toEqual([
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
		])
		expect(qb[0]).toMatchObject({
			'Invoice no': 'CN-000002',
			'Transaction type': 'Credit note',
			Memo: 'Credit note for INV-000001',
			'Item rate': '-9.99',
			'Item amount': '-9.99',
			'Item tax code': '20.0% S',
			'Item tax amount': '-1.67',
		})
		expect(qb[1]).toMatchObject({
			Customer: 'Siobhán Ó Briain',
			'Transaction type': 'Invoice',
			'Item tax code': 'No VAT',
			'Item tax amount': '0',
		})
		const fa = readBack('freeagent', [invoice])
		expect(Object.keys(fa[0]!)).toEqual([
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
		])
		expect(fa[0]).toMatchObject({
			Reference: 'INV-000001',
			'Dated On': '30/09/2026',
			Quantity: '30',
			Price: '0.01',
			Category: '4000',
			'Sales Tax Rate': '20',
			'Sales Tax Amount': '0.05',
		})
	})

	it('writes a plain ledger, a row per document, credit notes negative', () => {
		const rows = readBack('ledger', [invoice, creditNote, receipt])
		expect(
			rows.map((r) => [r.Number, r.Type, r['Net (GBP)'], r['VAT (GBP)'], r['Gross (GBP)']]),
		).toEqual([
			['INV-000001', 'Invoice', '31.88', '6.38', '38.26'],
			['CN-000002', 'Credit note', '-8.32', '-1.67', '-9.99'],
			['RCT-000001', 'Receipt', '5', '0', '5'],
		])
		expect(rows[1]).toMatchObject({
			Date: '2026-10-05',
			'Refers to': 'INV-000001',
			'Payment method': 'Card (Stripe)',
			'Account code': '4000',
		})
	})

	it('writes the header row alone for an empty period', () => {
		for (const format of EXPORT_FORMATS) {
			const text = csvRow(headerOf(format))
			expect(parse(text, { columns: true })).toEqual([])
			expect(parse(text)[0]).toEqual(headerOf(format))
		}
	})
})
