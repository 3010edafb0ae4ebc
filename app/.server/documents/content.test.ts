import { describe, expect, it } from 'vitest'
import type { OrderRow } from '~/.server/db/schema'
import { sampleLine } from '../../../tests/support/factories'
import { creditNoteContent, invoiceContent } from './content'

/** Issue 57 items 2–3: a return's credit note lists what came back, with the VAT it carried. */
const order = {
	id: 'KP-TEST-1',
	deliveryInfo: {
		firstName: 'Morag',
		lastName: 'Mackenzie',
		address1: '1 High St',
		city: 'Inverness',
		postcode: 'IV1 1AA',
	},
	cartItems: [
		sampleLine({ name: 'Oase Filter', unitPricePence: 24_999, quantity: 1 }),
		sampleLine({ name: 'Liner Patch Washer', unitPricePence: 1, quantity: 30 }),
	],
	deliveryCostPence: 4_500,
} as unknown as OrderRow
const issuedAt = new Date('2026-12-03T15:20:00Z')
const invoice = invoiceContent(
	order,
	{ vatNumber: 'GB123456789' },
	{ number: 'INV-000001', issuedAt },
)
const note = (amountPence: number, returned?: Parameters<typeof creditNoteContent>[2]) =>
	creditNoteContent(
		invoice,
		{ number: 'CN-000001', issuedAt, amountPence, reason: 'Return' },
		returned,
	)
const figures = (content: ReturnType<typeof note>) =>
	content.lines.map((l) => [l.description, l.quantity, l.unitNetPence, l.vatPence, l.grossPence])

describe('credit notes', () => {
	it('list each returned line and the delivery, with the VAT their invoice lines charged', () => {
		const all = note(24_999 + 30 + 4_500, {
			lines: [
				{ line: 0, quantity: 1, before: 0 },
				{ line: 1, quantity: 30, before: 0 },
			],
			deliveryLine: 2,
		})
		expect(figures(all)).toEqual([
			['Oase Filter', 1, 20_832, 4_167, 24_999],
			['Liner Patch Washer', 30, 0.83, 5, 30],
			['Delivery', 1, 3_750, 750, 4_500],
		])
		expect([all.netPence, all.vatPence, all.grossPence]).toEqual([
			invoice.netPence,
			invoice.vatPence,
			invoice.grossPence,
		])
	})

	it('give back a line returned in parts its whole VAT, and a deduction as a line of its own', () => {
		const parts = [10, 10, 10].map((quantity, i) =>
			note(quantity, { lines: [{ line: 1, quantity, before: i * 10 }], deliveryLine: null }),
		)
		expect(parts.map((p) => p.vatPence)).toEqual([2, 1, 2]) // £0.05, as the invoice line charged
		const less = note(24_000, { lines: [{ line: 0, quantity: 1, before: 0 }], deliveryLine: null })
		expect(figures(less)).toEqual([
			['Oase Filter', 1, 20_832, 4_167, 24_999],
			['Deduction from the refund', 1, -832, -167, -999],
		])
		expect(less.netPence! + less.vatPence!).toBe(24_000)
	})

	it('make any other partial refund one line with its reason', () => {
		expect(figures(note(1_200))).toEqual([['Return', 1, 1_000, 200, 1_200]])
	})
})
