import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { finalAccountContent, stageInvoiceContent } from './build-content'
import { renderDocumentPdf } from './pdf'

/** The PDF's text as pdftotext (poppler-utils) reads it, as documents.test.ts does. */
function pdfText(pdf: Buffer) {
	const file = path.join(os.tmpdir(), `koi-build-doc-${process.pid}-${Date.now()}.pdf`)
	fs.writeFileSync(file, pdf)
	try {
		return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
	} finally {
		fs.rmSync(file)
	}
}

const customer = { name: 'Ann Pond', address: '1 Lily Lane, Barnet', postcode: 'EN5 1AA' }
const registered = { vatNumber: 'GB123456789' }

describe('a build stage invoice', () => {
	it('is an advance payment for the stage amount, VAT at 20 % included, tax point the payment day', () => {
		const paidAt = new Date('2026-12-02T10:00:00Z')
		const doc = stageInvoiceContent(
			{ projectId: 'PB-7F3K9Q', label: 'Deposit', amountPence: 250_000, method: 'card' },
			customer,
			registered,
			{ number: 'INV-000009', paidAt },
		)
		expect(doc.title).toBe('VAT invoice')
		expect(doc.taxPoint).toBe(paidAt.toISOString())
		expect(doc.grossPence).toBe(250_000)
		// £2,500 incl. VAT at 20 %: £416.67 VAT, £2,083.33 net.
		expect(doc.vatPence).toBe(41_667)
		expect(doc.netPence).toBe(208_333)
		expect(doc.lines[0]!.description).toContain('Deposit (advance payment)')
		expect(doc.customer.address).toEqual(['1 Lily Lane', 'Barnet', 'EN5 1AA'])
	})

	it('is a receipt with no VAT for an unregistered seller', () => {
		const doc = stageInvoiceContent(
			{ projectId: 'PB-7F3K9Q', label: 'Liner', amountPence: 1_000, method: 'bank_transfer' },
			customer,
			{ vatNumber: null },
			{ number: 'RCT-000001', paidAt: new Date() },
		)
		expect(doc.title).toBe('Receipt')
		expect(doc.vatPence).toBeNull()
		expect(doc.footer).toContain('bank transfer')
	})
})

describe('a final account', () => {
	it('shows the contract, the payments and the balance', () => {
		const account = {
			contractPence: 1_000_000,
			payments: [
				{
					number: 'INV-000001',
					paidAt: '2026-11-01T10:00:00Z',
					label: 'Deposit',
					amountPence: 250_000,
				},
			],
			balancePence: 750_000,
		}
		const doc = finalAccountContent({ id: 'PB-7F3K9Q', ...customer }, registered, account, {
			number: 'FA-000001',
			issuedAt: new Date('2026-12-02T10:00:00Z'),
		})
		expect(doc.title).toBe('Final account')
		expect(doc.grossPence).toBe(1_000_000)
		expect(doc.account).toEqual(account)
		expect(doc.footer).toContain('balance is now due')
	})

	it('reads back from its PDF with the project, every payment and the balance', async () => {
		const account = {
			contractPence: 1_000_000,
			payments: [
				{
					number: 'INV-000001',
					paidAt: '2026-11-02T10:00:00Z',
					label: 'Deposit',
					amountPence: 250_000,
				},
				{
					number: 'INV-000004',
					paidAt: '2026-11-20T10:00:00Z',
					label: 'Liner',
					amountPence: 500_000,
				},
			],
			balancePence: 250_000,
		}
		const doc = finalAccountContent({ id: 'PB-7F3K9Q', ...customer }, registered, account, {
			number: 'FA-000001',
			issuedAt: new Date('2026-12-02T10:00:00Z'),
		})
		const text = pdfText(await renderDocumentPdf(doc))
		expect(text).toContain('Final account number: FA-000001')
		expect(text).toContain('Project: PB-7F3K9Q')
		expect(text).toContain('Contract total including VAT: £10,000.00')
		expect(text).toMatch(/Deposit, paid 2 Nov 2026 \(INV-000001\): -£2,500\.00/)
		expect(text).toMatch(/Liner, paid 20 Nov 2026 \(INV-000004\): -£5,000\.00/)
		expect(text).toContain('Balance to pay: £2,500.00')
	})
})
