import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { breakDown, breakDownLine, VAT_NUMBER_PATTERN, vatInGross, vatOfPart } from './vat'

describe('VAT on VAT-inclusive prices', () => {
	it('takes a sixth out of a standard-rated price, to the nearest penny', () => {
		expect(vatInGross(12_000)).toBe(2_000) // £120.00 = £100.00 + £20.00
		expect(vatInGross(12_899)).toBe(2_150) // £128.99: 2149.83… → £21.50
		expect(vatInGross(1)).toBe(0)
		expect(vatInGross(3)).toBe(1) // 0.5 rounds up
		expect(vatInGross(0)).toBe(0)
	})

	it('works per line, from the line total, so cheap units carry their VAT', () => {
		expect(breakDownLine({ description: 'Filter', quantity: 3, unitGrossPence: 12_899 })).toEqual({
			description: 'Filter',
			quantity: 3,
			unitGrossPence: 12_899,
			ratePercent: 20,
			unitVatPence: 2_150,
			unitNetPence: 10_749,
			netPence: 32_247,
			vatPence: 6_450, // £386.97 / 6 = £64.495 → £64.50
			grossPence: 38_697,
		})
		// Issue 57 item 3: 30 × £0.01 is £0.30 with £0.05 of VAT in it, not £0.00.
		const pennies = breakDown([{ description: 'Washer', quantity: 30, unitGrossPence: 1 }])
		expect(pennies.lines[0]).toMatchObject({
			netPence: 25,
			vatPence: 5,
			grossPence: 30,
			unitNetPence: 0.83,
		})
		expect([pennies.netPence, pennies.vatPence, pennies.grossPence]).toEqual([25, 5, 30])
	})

	it('gives back exactly the VAT a line carried, however it comes back', () => {
		const line = breakDownLine({ description: 'Washer', quantity: 30, unitGrossPence: 1 })
		const oneByOne = Array.from({ length: 30 }, (_, before) => vatOfPart(line, before, 1))
		expect(oneByOne.reduce((a, b) => a + b, 0)).toBe(5)
		fc.assert(
			fc.property(
				fc.integer({ min: 1, max: 50 }),
				fc.integer({ min: 0, max: 1_000_000 }),
				fc.array(fc.integer({ min: 1, max: 10 }), { maxLength: 20 }),
				(quantity, unitGrossPence, parts) => {
					const invoiced = breakDownLine({ description: 'x', quantity, unitGrossPence })
					let before = 0
					let credited = 0
					for (const part of parts) {
						const take = Math.min(part, quantity - before)
						credited += vatOfPart(invoiced, before, take)
						before += take
					}
					credited += vatOfPart(invoiced, before, quantity - before)
					expect(credited).toBe(invoiced.vatPence)
				},
			),
		)
	})

	it('always adds up to the penny, and each line is within half a penny of the exact VAT', () => {
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
					// Within half a penny of the exact VAT of the line, whatever its quantity.
					const exact = (row.grossPence * 20) / 120
					expect(Math.abs(row.vatPence - exact)).toBeLessThanOrEqual(0.5)
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
