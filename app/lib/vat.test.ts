import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { breakDown, breakDownLine, VAT_NUMBER_PATTERN, vatInGross } from './vat'

describe('VAT on VAT-inclusive prices', () => {
	it('takes a sixth out of a standard-rated price, to the nearest penny', () => {
		expect(vatInGross(12_000)).toBe(2_000) // £120.00 = £100.00 + £20.00
		expect(vatInGross(12_899)).toBe(2_150) // £128.99: 2149.83… → £21.50
		expect(vatInGross(1)).toBe(0)
		expect(vatInGross(3)).toBe(1) // 0.5 rounds up
		expect(vatInGross(0)).toBe(0)
	})

	it('works per unit, so a line is its unit figures times the quantity', () => {
		expect(breakDownLine({ description: 'Filter', quantity: 3, unitGrossPence: 12_899 })).toEqual({
			description: 'Filter',
			quantity: 3,
			unitGrossPence: 12_899,
			ratePercent: 20,
			unitVatPence: 2_150,
			unitNetPence: 10_749,
			netPence: 32_247,
			vatPence: 6_450,
			grossPence: 38_697,
		})
	})

	it('always adds up to the penny, and stays within half a penny a unit of the exact VAT', () => {
		const line = fc.record({
			description: fc.string({ maxLength: 20 }),
			quantity: fc.integer({ min: 1, max: 500 }),
			unitGrossPence: fc.integer({ min: 0, max: 10_000_000 }),
		})
		fc.assert(
			fc.property(fc.array(line, { minLength: 1, maxLength: 30 }), (lines) => {
				const invoice = breakDown(lines)
				expect(invoice.netPence + invoice.vatPence).toBe(invoice.grossPence)
				expect(invoice.grossPence).toBe(
					lines.reduce((sum, l) => sum + l.unitGrossPence * l.quantity, 0),
				)
				for (const row of invoice.lines) {
					expect(row.netPence + row.vatPence).toBe(row.grossPence)
					const exact = (row.grossPence * 20) / 120
					expect(Math.abs(row.vatPence - exact)).toBeLessThanOrEqual(0.5 * row.quantity)
				}
			}),
		)
	})

	it('knows a VAT number when it sees one', () => {
		expect(VAT_NUMBER_PATTERN.test('GB123456789')).toBe(true)
		expect(VAT_NUMBER_PATTERN.test('GB123456789012')).toBe(true)
		expect(VAT_NUMBER_PATTERN.test('123456789')).toBe(false)
		expect(VAT_NUMBER_PATTERN.test('GB12345678')).toBe(false)
	})
})
