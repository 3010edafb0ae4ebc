import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database, openDatabase } from '~/.server/db/client'
import { emailOutbox, orderDocuments } from '~/.server/db/schema'
import { createMailTransport } from '~/.server/email/transport'
import { OutboxWorker } from '~/.server/email/worker'
import { createLogger } from '~/.server/logger'
import { markPaid } from '~/.server/orders/actions/admin-actions'
import { cancelOrder } from '~/.server/orders/actions/cancel-order'
import type { ActionDeps } from '~/.server/orders/lifecycle/deps'
import { applyPayment } from '~/.server/orders/payments/apply-payment'
import { createTestProvider, newTestPaymentId } from '~/.server/payments/test-provider'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/db'
import { insertOrder, payWithTestProvider, sampleLine } from '../../../tests/support/factories'
import { documentsOf } from './issue'
import { renderDocumentPdf } from './pdf'

/** Issue 30 items 3–4: invoices, receipts and credit notes, read back out of their PDFs. */
let database: TestDatabase
let deps: ActionDeps
const admin = { kind: 'admin' as const, id: 'admin-user-1' }
const VAT_NUMBER = 'GB123456789'

beforeAll(async () => {
	database = await createTestDatabase()
	deps = {
		db: database.db,
		provider: createTestProvider('https://shop.example'),
		siteUrl: 'https://shop.example',
		vatNumber: VAT_NUMBER,
		now: () => new Date('2026-12-03T15:20:00Z'),
	}
})
afterAll(() => database?.cleanup())

/** The PDF's text as pdftotext (Debian's poppler-utils) reads it, one line per line. */
async function pdfText(pdf: Buffer) {
	const file = path.join(os.tmpdir(), `koi-doc-${process.pid}-${Date.now()}.pdf`)
	fs.writeFileSync(file, pdf)
	try {
		return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
	} finally {
		fs.rmSync(file)
	}
}

const pence = (text: string) => Math.round(Number(text.replace(/[£,]/g, '')) * 100)

async function paidOrder(db: Database['db'] = database.db, paymentDeps = deps) {
	const order = await insertOrder(db, {
		status: 'payment_pending',
		deliveryCostPence: 4_500,
		deliveryInfo: { firstName: 'Łucja', lastName: 'Mackenzie', address1: '4 Castle Street' },
		lines: [
			sampleLine({ name: 'Oase BioSmart 6000 Pond Filter', unitPricePence: 12_899, quantity: 2 }),
			sampleLine({ name: 'Koi Pellets', selectedSize: '5 kg', unitPricePence: 3_299, quantity: 3 }),
		],
	})
	await payWithTestProvider(paymentDeps, order)
	return order
}

describe('VAT invoices', () => {
	it('issues a full VAT invoice when an order is paid, with every field HMRC asks for', async () => {
		const order = await paidOrder()
		const [invoice, ...others] = await documentsOf(database.db, order.id)
		expect(others).toHaveLength(0)
		expect(invoice).toMatchObject({ kind: 'invoice', totalPence: order.totalCostPence })
		expect(invoice!.number).toMatch(/^INV-\d{6}$/)
		const text = await pdfText(await renderDocumentPdf(invoice!.content))
		for (const field of [
			'Highland Koi & Ponds', // seller's name and address
			'Unit 4, Loch Ness Business Park',
			'IV2 3XY',
			`VAT registration number: ${VAT_NUMBER}`,
			`VAT invoice number: ${invoice!.number}`,
			'Date of issue: 3 Dec 2026',
			'Tax point: 3 Dec 2026',
			`Order: ${order.id}`,
			'Invoice to',
			'Łucja Mackenzie', // the customer, in their own letters
			'4 Castle Street',
			'Unit price',
			'excl. VAT',
			'VAT rate',
		])
			expect(text).toContain(field)
		// Each line: description, quantity, unit price excluding VAT, rate, VAT, total excluding VAT.
		expect(text).toMatch(/Oase BioSmart 6000 Pond Filter\s+2\s+£107\.49\s+20%\s+£43\.00\s+£214\.98/)
		expect(text).toMatch(/Koi Pellets, 5 kg\s+3\s+£27\.49\s+20%\s+£16\.50\s+£82\.47/)
		expect(text).toMatch(/Delivery\s+1\s+£37\.50\s+20%\s+£7\.50\s+£37\.50/)
		// The totals add up to the penny, and to what was paid.
		const net = pence(/Total excluding VAT: (£[\d,.]+)/.exec(text)![1]!)
		const vat = pence(/VAT at 20%: (£[\d,.]+)/.exec(text)![1]!)
		const gross = pence(/Total including VAT: (£[\d,.]+)/.exec(text)![1]!)
		expect([net, vat, gross]).toEqual([33_495, 6_700, 40_195])
		expect(gross).toBe(order.totalCostPence)
		expect(net + vat).toBe(gross)
	})

	it('works the VAT out per line, so 30 × £0.01 carries its £0.05 (issue 57 item 3)', async () => {
		const order = await insertOrder(database.db, {
			status: 'payment_pending',
			deliveryCostPence: 0,
			lines: [sampleLine({ name: 'Liner Patch Washer', unitPricePence: 1, quantity: 30 })],
		})
		await applyPayment(deps, {
			linkId: order.paymentLinkId!,
			amountPence: order.totalCostPence!,
			provider: 'test',
			providerPaymentId: newTestPaymentId(),
		})
		const [invoice] = await documentsOf(database.db, order.id)
		expect(invoice!.content).toMatchObject({ netPence: 25, vatPence: 5, grossPence: 30 })
		const text = await pdfText(await renderDocumentPdf(invoice!.content))
		// Unit price excluding VAT to a fraction of a penny; the line's VAT and net to the penny.
		expect(text).toMatch(/Liner Patch Washer\s+30\s+£0\.0083\s+20%\s+£0\.05\s+£0\.25/)
		expect(text).toContain('VAT at 20%: £0.05')
	})

	it('issues a plain receipt with no VAT breakdown when no VAT number is configured', async () => {
		const order = await paidOrder(database.db, { ...deps, vatNumber: undefined })
		const [receipt] = await documentsOf(database.db, order.id)
		expect(receipt!.number).toMatch(/^RCT-\d{6}$/)
		const text = await pdfText(await renderDocumentPdf(receipt!.content))
		expect(text).toContain(`Receipt number: ${receipt!.number}`)
		// A receipt names its customer without calling itself an invoice.
		expect(text).toContain('Receipt for')
		expect(text).not.toContain('Invoice to')
		expect(text).toContain('not registered for VAT')
		expect(text).not.toMatch(/VAT registration|VAT rate|excl\. VAT/)
		expect(text).toMatch(/Total paid: £401\.95/)
	})

	it('invoices an offline payment too, and an order only once', async () => {
		const order = await insertOrder(database.db, { status: 'payment_pending' })
		const paid = await markPaid(deps, { orderId: order.id, actor: admin }, { note: '' })
		expect(paid.ok).toBe(true)
		const again = await markPaid(deps, { orderId: order.id, actor: admin }, { note: '' })
		expect(again.ok).toBe(false)
		expect((await documentsOf(database.db, order.id)).map((d) => d.kind)).toEqual(['invoice'])
	})

	it('issues a credit note for a full refund, referring to the invoice, with the VAT taken back', async () => {
		const order = await paidOrder()
		const cancelled = await cancelOrder(deps, { orderId: order.id, actor: admin })
		expect(cancelled.ok).toBe(true)
		const [invoice, note] = await documentsOf(database.db, order.id)
		expect(note).toMatchObject({
			kind: 'credit_note',
			refersTo: invoice!.number,
			totalPence: order.totalCostPence,
		})
		expect(note!.number).toMatch(/^CN-\d{6}$/)
		const text = await pdfText(await renderDocumentPdf(note!.content))
		expect(text).toContain(`Credit note number: ${note!.number}`)
		expect(text).toContain(`Corrects invoice: ${invoice!.number}`)
		expect(text).toContain('Order cancelled: full refund')
		expect(text).toContain('Total credited including VAT: £401.95')
		expect(text).toContain('VAT at 20%: £67.00')
	})

	it('attaches the invoice to the payment email as a PDF', async () => {
		const order = await paidOrder()
		const [invoice] = await documentsOf(database.db, order.id)
		const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'koi-doc-mail-'))
		try {
			const worker = new OutboxWorker(
				database.db,
				createMailTransport({ outboxDir }),
				createLogger('silent'),
			)
			await worker.runOnce()
			const files = fs.readdirSync(outboxDir).filter((f) => f.includes('order-paid-'))
			const mails = files.map((f) => fs.readFileSync(path.join(outboxDir, f), 'utf8'))
			const customer = mails.find((mail) => mail.includes(invoice!.number))
			expect(customer).toContain('Content-Type: application/pdf')
			expect(customer).toContain(`filename=${invoice!.number}.pdf`)
			// Staff open documents from the order view: their copy has no attachment.
			const [staff] = await database.db
				.select()
				.from(emailOutbox)
				.where(eq(emailOutbox.kind, 'order-paid-notification'))
			expect(staff?.attachments).toEqual([])
		} finally {
			fs.rmSync(outboxDir, { recursive: true, force: true })
		}
	})
})

describe('invoice numbers', () => {
	it('stay gapless and unique under 200 concurrent payments from two instances', async () => {
		// Two connection pools on PostgreSQL, as two instances have; PGlite is one process's database.
		const second = database.url ? await openDatabase({ url: database.url, poolSize: 5 }) : undefined
		try {
			const handles = [database.db, second?.db ?? database.db]
			const orders = await Promise.all(
				Array.from({ length: 200 }, () => insertOrder(database.db, { status: 'payment_pending' })),
			)
			const before = await database.db.select().from(orderDocuments)
			const results = await Promise.all(
				orders.map((order, i) =>
					applyPayment(
						{ ...deps, db: handles[i % 2]! },
						{
							linkId: order.paymentLinkId!,
							amountPence: order.totalCostPence!,
							provider: 'test',
							providerPaymentId: newTestPaymentId(),
						},
					),
				),
			)
			expect(results.every((r) => r.ok)).toBe(true)
			const numbers = (await database.db.select().from(orderDocuments))
				.filter((d) => d.kind === 'invoice')
				.map((d) => Number(d.number.slice(4)))
				.sort((a, b) => a - b)
			const start = before.filter((d) => d.kind === 'invoice').length
			expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1))
			expect(numbers.length).toBe(start + 200)
		} finally {
			await second?.close()
		}
		// 200 payments at once: ~5 s alone, but it shares two cores with the other worker's file.
	}, 90_000)
})
