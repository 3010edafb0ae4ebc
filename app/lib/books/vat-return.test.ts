import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { breakDown, vatInGross } from '~/lib/vat'
import type { BookDocument } from './book-document'
import { moneyReport } from './money-report'
import { vatReturn } from './vat-return'

const period = { from: '2026-10-01', to: '2026-12-31' }

/** A document as issued: its lines broken down per line (decision 0022), its totals their sums. */
function issued(
	n: number,
	kind: BookDocument['kind'],
	day: string,
	lines: Array<{ quantity: number; unitGrossPence: number }>,
): BookDocument {
	const vat = breakDown(lines.map((l) => ({ description: `Line ${n}`, ...l })))
	const registered = kind !== 'receipt'
	return {
		number: `${kind}-${n}`,
		kind,
		orderId: `KP-${n}`,
		taxPoint: `${day}T12:00:00.000Z`,
		day,
		refersTo: null,
		customer: 'Morag Mackenzie',
		provider: 'stripe',
		netPence: registered ? vat.netPence : null,
		vatPence: registered ? vat.vatPence : null,
		grossPence: vat.grossPence,
		lines: vat.lines.map((l) => ({ ...l, ratePercent: registered ? 20 : null, category: 'other' })),
	}
}

const day = fc
	.integer({ min: 0, max: 120 })
	.map((d) => new Date(Date.UTC(2026, 8, 20 + d)).toISOString().slice(0, 10))
const lines = fc.array(
	fc.record({
		quantity: fc.integer({ min: 1, max: 60 }),
		unitGrossPence: fc.integer({ min: 1, max: 99_999 }),
	}),
	{ minLength: 1, maxLength: 6 },
)
const documents = fc
	.array(
		fc.tuple(
			fc.constantFrom<BookDocument['kind']>('invoice', 'credit_note', 'receipt'),
			day,
			lines,
		),
		{
			maxLength: 40,
		},
	)
	.map((docs) => docs.map(([kind, d, l], i) => issued(i, kind, d, l)))

describe('the VAT return from documents', () => {
	it('Box 1 is the sum of the period’s documents’ VAT, and of their lines’ VAT, credit notes taken off', () => {
		fc.assert(
			fc.property(documents, fc.boolean(), (docs, registered) => {
				const inPeriod = docs.filter((d) => d.day >= period.from && d.day <= period.to)
				const sign = (d: BookDocument) => (d.kind === 'credit_note' ? -1 : 1)
				const figures = vatReturn(period, docs, registered)
				const vat = inPeriod.reduce((s, d) => s + sign(d) * (d.vatPence ?? 0), 0)
				const lineVat = inPeriod.reduce(
					(s, d) =>
						s + sign(d) * d.lines.reduce((t, l) => t + (d.vatPence === null ? 0 : l.vatPence), 0),
					0,
				)
				expect(figures.box1Pence).toBe(vat)
				expect(figures.box1Pence).toBe(lineVat)
				// Box 6 and Box 1 add up to the VAT-bearing documents' money (receipts: registered only).
				const report = moneyReport(period, docs)
				const receipts = inPeriod
					.filter((d) => d.vatPence === null)
					.reduce((s, d) => s + sign(d) * d.grossPence, 0)
				expect(figures.box6Pence + figures.box1Pence).toBe(
					report.netSales.pence - (registered ? 0 : receipts),
				)
				expect(report.vat.pence).toBe(figures.box1Pence)
				expect(figures.documents).toEqual(inPeriod.map((d) => d.number))
			}),
			{ numRuns: 150 },
		)
	})

	it('counts receipts in Box 6 only for a VAT-registered business, and never in Box 1', () => {
		const docs = [
			issued(1, 'invoice', '2026-10-02', [{ quantity: 1, unitGrossPence: 1200 }]),
			issued(2, 'receipt', '2026-10-03', [{ quantity: 1, unitGrossPence: 500 }]),
		]
		expect(vatReturn(period, docs, true)).toMatchObject({
			box1Pence: 200,
			box6Pence: 1500,
			receipts: { count: 1, grossPence: 500 },
		})
		expect(vatReturn(period, docs, false)).toMatchObject({ box1Pence: 200, box6Pence: 1000 })
	})

	it('gives Box 6 in whole pounds, the pence left off, as HMRC takes it', () => {
		const docs = [
			issued(1, 'invoice', '2026-10-02', [{ quantity: 1, unitGrossPence: 11_999 }]),
			issued(2, 'credit_note', '2026-10-03', [{ quantity: 1, unitGrossPence: 20_000 }]),
		]
		// 9999 net − 16667 net = −6668p: a period with more credited than sold is negative.
		expect(vatInGross(20_000)).toBe(3333)
		expect(vatReturn(period, docs, true)).toMatchObject({ box6Pence: -6668, box6Pounds: -66 })
		expect(vatReturn(period, docs.slice(0, 1), true)).toMatchObject({
			box6Pence: 9999,
			box6Pounds: 99,
		})
	})
})
