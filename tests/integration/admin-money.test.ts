import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { issueCreditNote, issueInvoice } from '~/.server/documents/issue'
import { startTestApp, type TestApp } from '../support/app'
import { createAdmin, insertOrder, sampleLine } from '../support/factories'
import type { TestClient } from '../support/session'
import { pageText } from '../support/shop'

/** /admin/money and its exports over HTTP (issue 61): figures, bad input, settings, CSVs. */
let app: TestApp
let admin: TestClient
const seller = { vatNumber: 'GB123456789' }
const AUGUST = 'period=month&month=2026-08'

beforeAll(async () => {
	app = await startTestApp({ VAT_NUMBER: 'GB123456789' })
	admin = (await createAdmin(app)).client
	const db = app.database.db
	const order = await insertOrder(db, {
		status: 'paid',
		deliveryCostPence: 799,
		deliveryInfo: { firstName: '=SUM(A1:A9)', lastName: 'Mackenzie' },
		lines: [sampleLine({ name: 'Pond net', unitPricePence: 999, quantity: 3 })],
	})
	await db.transaction((tx) => issueInvoice(tx, order, seller, new Date('2026-08-03T10:00:00Z')))
	await db.transaction((tx) =>
		issueCreditNote(tx, order.id, {
			amountPence: 999,
			reason: 'Torn net',
			at: new Date('2026-08-20T10:00:00Z'),
		}),
	)
})
afterAll(() => app?.close())

const csv = async (query: string) => {
	const res = await admin.request(`/admin/money/export.csv?${query}`)
	expect(res.status, query).toBe(200)
	expect(res.headers.get('content-type')).toContain('text/csv')
	expect(res.headers.get('cache-control')).toContain('no-store')
	return parse((await res.text()).replace(/^\uFEFF/, ''), { columns: true }) as Array<
		Record<string, string>
	>
}

describe('/admin/money', () => {
	it('shows the month’s figures, each linking to the documents behind it', async () => {
		const res = await admin.request(`/admin/money?${AUGUST}`)
		expect(res.status).toBe(200)
		const html = await pageText(res)
		expect(html).toContain('August 2026')
		// 3 × £9.99 + £7.99 = £37.96 sold; £9.99 refunded; VAT 500 + 133 − 167 = 466p.
		expect(html).toMatch(/data-testid="figure-grossSales"[^>]*>£37\.96/)
		expect(html).toMatch(/data-testid="figure-refunds"[^>]*>£9\.99/)
		expect(html).toMatch(/data-testid="figure-vat"[^>]*>£4\.66/)
		expect(html).toMatch(/data-testid="box-1"[^>]*>£4\.66/)
		expect(html).toContain('Boxes 4 and 7')
		expect(html).toMatch(/href="\/admin\/orders\/KP-[A-Z0-9]+\/documents\/INV-\d{6}"/)
		const refunds = await pageText(await admin.request(`/admin/money?${AUGUST}&show=refunds`))
		expect(refunds).toContain('Documents behind: Refunds')
		expect(refunds).toMatch(/CN-\d{6}/)
		expect(refunds).not.toMatch(/documents\/INV-\d{6}/)
	})

	it('answers bad periods with a clear message and a page, never an error', async () => {
		for (const [query, message] of [
			['period=custom&from=2026-08-31&to=2026-08-01', 'The period ends before it starts'],
			['period=month&month=2099-01', 'starts after today'],
			['period=quarter&qs=13', 'The quarter start month must be a whole number from 1 to 12.'],
			['period=custom&from=yesterday&to=x', 'Give both dates'],
			['show=nothing&period=decade', 'Choose a month, a VAT quarter'],
		]) {
			const res = await admin.request(`/admin/money?${query}`)
			expect(res.status, query).toBe(200)
			expect(await pageText(res), query).toContain(message)
			const file = await admin.request(`/admin/money/export.csv?format=xero&${query}`)
			expect(file.status, query).toBe(400)
			expect(await file.text()).toContain(message)
		}
		expect((await admin.request('/admin/money/export.csv?format=sage')).status).toBe(400)
		// No format at all: the plain ledger of the current quarter.
		const ledger = await admin.request('/admin/money/export.csv')
		expect(ledger.status).toBe(200)
		expect(await ledger.text()).toContain('Date,Number,Type,Order,Customer')
	})

	it('exports the month for Xero with the saved account code, formulas defused', async () => {
		const settings = await admin.post('/admin/money', {
			intent: 'settings',
			quarterStartMonth: '13',
			salesAccountCode: '4000',
		})
		expect(settings.status).toBe(400)
		expect(await pageText(settings)).toContain(
			'The quarter start month must be a whole number from 1 to 12.',
		)
		const saved = await admin.post('/admin/money', {
			intent: 'settings',
			quarterStartMonth: '2',
			salesAccountCode: '4010',
		})
		expect(saved.status).toBe(200)
		const rows = await csv(`format=xero&${AUGUST}`)
		expect(
			rows.map((r) => [
				r.InvoiceNumber,
				r.Description,
				r.Quantity,
				r.UnitAmount,
				r.TaxAmount,
				r.AccountCode,
			]),
		).toEqual([
			[expect.stringMatching(/^INV-/), 'Pond net', '3', '9.99', '5', '4010'],
			[expect.stringMatching(/^INV-/), 'Delivery', '1', '7.99', '1.33', '4010'],
			[expect.stringMatching(/^CN-/), 'Torn net', '1', '-9.99', '-1.67', '4010'],
		])
		expect(rows[0]!.ContactName).toBe("'=SUM(A1:A9) Mackenzie")
		const ledger = await csv(`format=ledger&${AUGUST}`)
		expect(ledger.map((r) => r['Gross (GBP)'])).toEqual(['37.96', '-9.99'])
		// The saved quarter start: quarters from February, so August is in August–October.
		expect(
			await pageText(await admin.request('/admin/money?period=quarter&month=2026-09')),
		).toContain('VAT quarter 1 Aug 2026 to 31 Oct 2026')
	})

	it('exports an empty period as its header row alone', async () => {
		for (const format of ['xero', 'quickbooks', 'freeagent', 'ledger']) {
			const res = await admin.request(
				`/admin/money/export.csv?format=${format}&period=month&month=2026-03`,
			)
			const lines = (await res.text()).trim().split('\r\n')
			expect(lines, format).toHaveLength(1)
		}
	})

	it('zips the month’s PDFs, each named by its number; an empty month is an empty ZIP', async () => {
		const zip = async (query: string) => {
			const res = await admin.request(`/admin/money/documents.zip?${query}`)
			expect(res.status).toBe(200)
			expect(res.headers.get('content-type')).toBe('application/zip')
			const file = path.join(os.tmpdir(), `money-${process.pid}-${Date.now()}.zip`)
			fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()))
			return file
		}
		const august = await zip(AUGUST)
		const names = execFileSync('zipinfo', ['-1', august], { encoding: 'utf8' }).trim().split('\n')
		expect(names).toEqual([
			expect.stringMatching(/^INV-\d{6}\.pdf$/),
			expect.stringMatching(/^CN-\d{6}\.pdf$/),
		])
		// The credit note read back: its own number and amount.
		const pdf = execFileSync('unzip', ['-p', august, names[1]!])
		const text = execFileSync('pdftotext', ['-', '-'], { input: pdf, encoding: 'utf8' })
		expect(text).toContain(names[1]!.replace('.pdf', ''))
		expect(text).toContain('£9.99')
		const empty = await zip('period=month&month=2026-03')
		// Only the end-of-archive record: what every unzip tool reads as an empty archive.
		const bytes = fs.readFileSync(empty)
		expect([bytes.length, bytes.subarray(0, 4).toString('latin1')]).toEqual([22, 'PK\x05\x06'])
		fs.rmSync(august)
		fs.rmSync(empty)
		expect((await admin.request('/admin/money/documents.zip?period=decade')).status).toBe(400)
	})

	it('says payouts come from Stripe when the shop takes test payments', async () => {
		expect(await pageText(await admin.request('/admin/money/payouts'))).toContain(
			'Payouts come from Stripe. This shop takes test payments',
		)
	})

	it('closes a period from the page once, and refuses it again', async () => {
		const close = (from: string, to: string) =>
			admin.post('/admin/money', { intent: 'close', from, to })
		expect((await close('2026-08-01', '2026-08-31')).status).toBe(200)
		const again = await close('2026-08-15', '2026-09-15')
		expect(again.status).toBe(409)
		expect(await pageText(again)).toContain('overlaps one already closed')
		expect((await close('not-a-date', '2026-09-15')).status).toBe(400)
		expect((await admin.post('/admin/money', { intent: 'wipe' })).status).toBe(400)
		expect(await pageText(await admin.request(`/admin/money?${AUGUST}`))).toContain(
			'data-testid="period-closed"',
		)
	})
})
