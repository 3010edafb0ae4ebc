import { describe, expect, it } from 'vitest'
import { finalAccountContent, stageInvoiceContent } from './build-content'

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
})
