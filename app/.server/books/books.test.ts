import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orderDocuments, products } from '~/.server/db/schema'
import { renderDocumentPdf } from '~/.server/documents/pdf'
import { cancelOrder } from '~/.server/orders/actions/cancel-order'
import { refundPart } from '~/.server/orders/actions/partial-refund'
import type { ActionDeps } from '~/.server/orders/lifecycle/deps'
import { applyPayment } from '~/.server/orders/payments/apply-payment'
import { createTestProvider, newTestPaymentId } from '~/.server/payments/test-provider'
import { moneyReport } from '~/lib/books/money-report'
import { quarterPeriod } from '~/lib/books/periods'
import type { OrderLine } from '~/lib/order-line'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/db'
import { insertOrder, sampleLine } from '../../../tests/support/factories'
import { closePeriod } from './closed-periods'
import { allBookDocuments, bookDocuments } from './documents'
import { moneyPage } from './report'
import { reportDocuments } from './report-documents'

/**
 * Issue 61, done as the owner and accountant would: a quarter with orders paid through the real
 * payment code, a cancellation and a partial refund across the quarter end, its Box 1 and Box 6
 * against a hand sum of the PDFs read back with pdftotext, then the quarter closed and a late
 * refund that lands in the open quarter.
 */
let database: TestDatabase
const admin = { kind: 'admin' as const, id: 'admin-user-1' }
const TODAY = '2026-12-02'
const Q3 = quarterPeriod('2026-08', 1)
const Q4 = quarterPeriod('2026-11', 1)
const at = (iso: string): ActionDeps => ({
	db: database.db,
	provider: createTestProvider('https://shop.example'),
	siteUrl: 'https://shop.example',
	vatNumber: 'GB123456789',
	now: () => new Date(iso),
})
let pump: OrderLine

async function paid(lines: OrderLine[], deliveryCostPence: number, when: string) {
	const order = await insertOrder(database.db, {
		status: 'payment_pending',
		deliveryCostPence,
		lines,
	})
	const result = await applyPayment(at(when), {
		linkId: order.paymentLinkId!,
		amountPence: order.totalCostPence!,
		provider: 'test',
		providerPaymentId: newTestPaymentId(),
	})
	expect(result.ok).toBe(true)
	return order
}

const page = (period: { from: string; to: string }) =>
	moneyPage(database.db, new URLSearchParams({ period: 'custom', ...period }), {
		today: TODAY,
		envVatNumber: 'GB123456789',
	})

let september: Awaited<ReturnType<typeof paid>>

beforeAll(async () => {
	database = await createTestDatabase({ seeded: true })
	const [product] = await database.db.select().from(products).limit(1)
	pump = sampleLine({ name: product!.name, code: product!.code, unitPricePence: 14_999 })
	// 23:59 BST on 30 September: July–September. 30 × £0.01 (VAT 5p), 3 × £9.99 (499.5p → 500p), delivery £7.99 (133p).
	september = await paid(
		[
			sampleLine({ name: 'Washer', code: 'W1', unitPricePence: 1, quantity: 30 }),
			sampleLine({ name: 'Pond net', code: 'N1', unitPricePence: 999, quantity: 3 }),
		],
		799,
		'2026-09-30T22:59:00Z',
	)
	// Paid in August and cancelled in August: nets to nothing in July–September.
	const cancelled = await paid(
		[sampleLine({ name: 'Food', code: 'F1', unitPricePence: 2000 })],
		0,
		'2026-08-15T10:00:00Z',
	)
	expect(
		(await cancelOrder(at('2026-08-20T10:00:00Z'), { orderId: cancelled.id, actor: admin })).ok,
	).toBe(true)
	// A minute after September's: 00:00 BST on 1 October, October–December.
	await paid(
		[pump, sampleLine({ name: 'Clip', code: 'C1', unitPricePence: 5, quantity: 2 })],
		0,
		'2026-09-30T23:00:00Z',
	)
	// A partial refund of September's order in October: its credit note is October's.
	const refund = await refundPart(
		at('2026-10-05T09:00:00Z'),
		{ orderId: september.id, actor: admin },
		{
			amountPence: 999,
			reason: 'Goodwill: net torn',
			refundKey: 'books-refund-1',
		},
	)
	expect(refund.ok).toBe(true)
})
afterAll(() => database?.cleanup())

/** Box 1 and Box 6 from the PDFs' own words, credit notes taken off. */
async function handSum(period: { from: string; to: string }) {
	let vat = 0
	let net = 0
	for (const doc of await allBookDocuments(database.db, period)) {
		const [row] = await database.db
			.select()
			.from(orderDocuments)
			.where(eq(orderDocuments.number, doc.number))
		const file = path.join(os.tmpdir(), `books-${process.pid}-${doc.number}.pdf`)
		fs.writeFileSync(file, await renderDocumentPdf(row!.content))
		const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
		fs.rmSync(file)
		const pence = (re: RegExp) => Math.round(Number(re.exec(text)![1]!.replace(/[£,]/g, '')) * 100)
		const sign = text.includes('Credit note number') ? -1 : 1
		vat += sign * pence(/VAT at 20%: (£[\d,.]+)/)
		net += sign * pence(/Total excluding VAT: (£[\d,.]+)/)
	}
	return { vat, net }
}

describe('the books of two quarters', () => {
	it('gives Box 1 and Box 6 that match a hand sum of the PDFs, the October refund in October', async () => {
		const q3 = await page(Q3)
		expect(q3.vat).toMatchObject({ box1Pence: 638, box6Pence: 3188, box6Pounds: 31 })
		expect(await handSum(Q3)).toEqual({ vat: 638, net: 3188 })
		const q4 = await page(Q4)
		expect(q4.vat).toMatchObject({ box1Pence: 2502 - 167, box6Pence: 12_507 - 832 })
		expect(await handSum(Q4)).toEqual({ vat: 2335, net: 11_675 })
		expect(q3.report.grossSales.pence).toBe(3826 + 2000)
		expect(q3.report.refunds.pence).toBe(2000)
		expect(q3.report.delivery.pence).toBe(799)
		expect(q3.report.byMethod.map((m) => m.key)).toEqual(['test'])
		// The pump's category comes from the catalogue by its code; unknown codes are 'other'.
		const [product] = await database.db.select().from(products).limit(1)
		expect(q4.report.byCategory.find((c) => c.key === product!.category)?.pence).toBe(14_999)
	})

	it('adds up the same from lines summed in SQL (the page) as from every line (the exports)', async () => {
		for (const period of [Q3, Q4, { from: '2026-01-01', to: '2026-12-31' }]) {
			const summed = await reportDocuments(database.db, period)
			const full = await allBookDocuments(database.db, period)
			expect(summed.map((d) => d.number)).toEqual(full.map((d) => d.number))
			expect(moneyReport(period, summed)).toEqual(moneyReport(period, full))
		}
	})

	it('closes a quarter: its figures are stored, and a late refund lands in the open quarter', async () => {
		expect(
			await closePeriod(database.db, Q4, {
				today: TODAY,
				registered: true,
				closedBy: 'owner@example.co.uk',
			}),
		).toEqual({
			ok: false,
			message: expect.stringMatching(/once it has ended/),
		})
		for (const range of [
			{ from: '0001-01-01', to: '0001-03-31' },
			{ from: '2020-01-01', to: '2026-09-30' },
		])
			expect(
				await closePeriod(database.db, range, { today: TODAY, registered: true, closedBy: 'x' }),
			).toEqual({
				ok: false,
				message: expect.stringMatching(/at most two years/),
			})
		const closed = await closePeriod(database.db, Q3, {
			today: TODAY,
			registered: true,
			closedBy: 'owner@example.co.uk',
		})
		expect(closed.ok).toBe(true)
		const again = await closePeriod(
			database.db,
			{ from: '2026-09-01', to: '2026-09-30' },
			{ today: TODAY, registered: true, closedBy: 'x' },
		)
		expect(again).toEqual({
			ok: false,
			message: expect.stringMatching(/overlaps one already closed \(2026-07-01 to 2026-09-30\)/),
		})

		// A late refund of September's order, made today: its credit note is dated today.
		const late = await refundPart(
			at('2026-11-20T12:00:00Z'),
			{ orderId: september.id, actor: admin },
			{
				amountPence: 600,
				reason: 'Late goodwill',
				refundKey: 'books-refund-2',
			},
		)
		expect(late.ok).toBe(true)
		// And a payment recorded late with a September tax point (a provider's delayed event).
		await paid(
			[sampleLine({ name: 'Late', code: 'L1', unitPricePence: 1200 })],
			0,
			'2026-09-10T12:00:00Z',
		)

		const q3 = await page(Q3)
		expect(q3.vat).toMatchObject({ box1Pence: 638, box6Pence: 3188 })
		expect(q3.closed).toMatchObject({
			closedBy: 'owner@example.co.uk',
			live: { box1Pence: 638 + 200 },
		})
		expect(q3.canClose).toBe(false)
		const q4 = await page(Q4)
		expect(q4.vat.box1Pence).toBe(2335 - 100)
		expect(q4.vat.creditNotes.count).toBe(2)
	})

	it('reads a period in batches, documents issued in the same instant each once, in order', async () => {
		for (const when of ['2026-06-10T10:00:00Z', '2026-06-10T10:00:00Z', '2026-06-10T10:00:00Z'])
			await paid([sampleLine({ unitPricePence: 1000 })], 0, when)
		const june = { from: '2026-06-01', to: '2026-06-30' }
		const numbers = async (batch: number) => {
			const found: string[] = []
			for await (const doc of bookDocuments(database.db, june, batch)) found.push(doc.number)
			return found
		}
		const all = await numbers(500)
		expect(all).toHaveLength(3)
		expect(await numbers(1)).toEqual(all)
		expect(await numbers(2)).toEqual(all)
		expect([...all].sort()).toEqual(all)
	})
})
