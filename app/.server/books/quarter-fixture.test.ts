import { describe, expect, it } from 'vitest'
import type { OrderRow } from '~/.server/db/schema'
import { creditNoteContent, invoiceContent } from '~/.server/documents/content'
import type { BookDocument } from '~/lib/books/book-document'
import { moneyReport } from '~/lib/books/money-report'
import { quarterPeriod } from '~/lib/books/periods'
import { vatReturn } from '~/lib/books/vat-return'
import type { DocumentContent } from '~/lib/documents'
import { londonDate } from '~/lib/london-time'

/**
 * Two VAT quarters worked by hand from the documents the shop really issues (content.ts), with
 * awkward pennies: VAT per line (30 × £0.01 carries 5p, 3 × £9.99 rounds 499.5p up), a payment at
 * 23:59 BST on 30 September (July–September) and one a minute later (October–December), a
 * cancellation refunded in full in its own quarter, and a partial refund of the September order
 * in October, which lands in October's quarter.
 */
const line = (name: string, quantity: number, unitPricePence: number, code: string) => ({
	id: code,
	name,
	originalName: name,
	code,
	price: '',
	unitPricePence,
	quantity,
	selectedSize: '',
	selectedOption: '',
	supplierUrl: '',
	imageUrl: '',
})
const order = (id: string, cartItems: OrderRow['cartItems'], deliveryCostPence: number) =>
	({
		id,
		cartItems,
		deliveryCostPence,
		deliveryInfo: {
			firstName: 'Morag',
			lastName: 'Mackenzie',
			address1: '1 Loch Rd',
			address2: '',
			city: 'Inverness',
			postcode: 'IV2 3XY',
		},
	}) as unknown as OrderRow

const seller = { vatNumber: 'GB123456789' }
const A = order('KP-AAAAAA', [line('Washer', 30, 1, 'W1'), line('Pond net', 3, 999, 'N1')], 799)
const B = order('KP-BBBBBB', [line('Pump', 1, 14_999, 'P1'), line('Clip', 2, 5, 'C1')], 0)
const C = order('KP-CCCCCC', [line('Food', 1, 2000, 'F1')], 0)

const CATEGORY: Record<string, string> = {
	Washer: 'fittings',
	'Pond net': 'netting',
	Pump: 'pumps',
	Clip: 'fittings',
	Food: 'food',
}

function book(
	kind: BookDocument['kind'],
	content: DocumentContent,
	provider = 'stripe',
): BookDocument {
	return {
		number: content.number,
		kind,
		orderId: content.orderId,
		taxPoint: content.taxPoint,
		day: londonDate(new Date(content.taxPoint)),
		refersTo: content.refersTo ?? null,
		customer: content.customer.name,
		provider,
		netPence: content.netPence,
		vatPence: content.vatPence,
		grossPence: content.grossPence,
		lines: content.lines.map((l) => ({
			...l,
			category: l.description === 'Delivery' ? 'delivery' : (CATEGORY[l.description] ?? 'other'),
		})),
	}
}

const invA = invoiceContent(A, seller, {
	number: 'INV-000001',
	issuedAt: new Date('2026-09-30T22:59:00Z'),
})
const invC = invoiceContent(C, seller, {
	number: 'INV-000002',
	issuedAt: new Date('2026-08-15T10:00:00Z'),
})
const cnC = creditNoteContent(invC, {
	number: 'CN-000001',
	issuedAt: new Date('2026-08-20T10:00:00Z'),
	amountPence: 2000,
	reason: 'Cancelled',
})
const invB = invoiceContent(B, seller, {
	number: 'INV-000003',
	issuedAt: new Date('2026-09-30T23:00:00Z'),
})
// One of the three nets comes back in October.
const cnA = creditNoteContent(
	invA,
	{
		number: 'CN-000002',
		issuedAt: new Date('2026-10-05T09:00:00Z'),
		amountPence: 999,
		reason: 'Returned',
	},
	{ lines: [{ line: 1, quantity: 1, before: 0 }], deliveryLine: null },
)
const documents = [
	book('invoice', invC),
	book('credit_note', cnC),
	book('invoice', invA, 'manual'),
	book('invoice', invB, 'test'),
	book('credit_note', cnA, 'manual'),
]
const q3 = quarterPeriod('2026-08', 1)
const q4 = quarterPeriod('2026-11', 1)

describe('two quarters worked by hand', () => {
	it('issues the documents with the VAT worked out by hand', () => {
		// A: 30p (VAT 5p), £29.97 (VAT 499.5p → 500p), delivery £7.99 (VAT 133.17p → 133p).
		expect([invA.grossPence, invA.vatPence, invA.netPence]).toEqual([3826, 638, 3188])
		expect([invB.grossPence, invB.vatPence, invB.netPence]).toEqual([15_009, 2502, 12_507])
		expect([invC.grossPence, invC.vatPence, invC.netPence]).toEqual([2000, 333, 1667])
		// One net of three gives back a third of its line's 500p: 166.67p → 167p.
		expect([cnA.grossPence, cnA.vatPence, cnA.netPence]).toEqual([999, 167, 832])
	})

	it('puts 23:59 BST on 30 September in July–September and a minute later in October–December', () => {
		expect(q3).toMatchObject({ from: '2026-07-01', to: '2026-09-30' })
		expect(vatReturn(q3, documents, true).documents).toEqual([
			'INV-000002',
			'CN-000001',
			'INV-000001',
		])
		expect(vatReturn(q4, documents, true).documents).toEqual(['INV-000003', 'CN-000002'])
	})

	it('gives Box 1 and Box 6 of each quarter as summed by hand', () => {
		// July–September: 638 + 333 − 333 VAT; 3188 + 1667 − 1667 net.
		expect(vatReturn(q3, documents, true)).toMatchObject({
			box1Pence: 638,
			box6Pence: 3188,
			box6Pounds: 31,
			invoices: { count: 2, vatPence: 971, netPence: 4855 },
			creditNotes: { count: 1, vatPence: 333, netPence: 1667 },
		})
		// October–December: 2502 − 167 VAT; 12507 − 832 net (the September order's refund).
		expect(vatReturn(q4, documents, true)).toMatchObject({
			box1Pence: 2335,
			box6Pence: 11_675,
			box6Pounds: 116,
		})
	})

	it('reports the quarter’s money by method and category', () => {
		const r = moneyReport(q3, documents)
		expect(r.grossSales).toEqual({ pence: 5826, documents: ['INV-000002', 'INV-000001'] })
		expect(r.refunds).toEqual({ pence: 2000, documents: ['CN-000001'] })
		expect(r.netSales.pence).toBe(3826)
		expect(r.vat.pence).toBe(638)
		expect(r.delivery).toEqual({ pence: 799, documents: ['INV-000001'] })
		expect(r.byMethod).toEqual([
			{ key: 'manual', pence: 3826, documents: ['INV-000001'] },
			{ key: 'stripe', pence: 0, documents: ['INV-000002', 'CN-000001'] },
		])
		expect(r.byCategory.map((c) => [c.key, c.pence])).toEqual([
			['netting', 2997],
			['delivery', 799],
			['fittings', 30],
			['food', 0],
		])
		const q4Report = moneyReport(q4, documents)
		expect(q4Report.refunds.pence).toBe(999)
		expect(q4Report.byCategory.find((c) => c.key === 'netting')?.pence).toBe(-999)
	})
})
