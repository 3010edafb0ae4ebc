import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatPence, formatUnitPence, parsePriceText, toPriceText } from './money'

describe('money', () => {
	it('formats pence as pounds with two decimals, en-GB', () => {
		expect(formatPence(0)).toBe('£0.00')
		expect(formatPence(5)).toBe('£0.05')
		expect(formatPence(123450)).toBe('£1,234.50')
	})

	it('formats a unit price to a fraction of a penny only when it has one', () => {
		expect(formatUnitPence(10_749)).toBe('£107.49')
		expect(formatUnitPence(0.83)).toBe('£0.0083')
		expect(formatUnitPence(2_149.5)).toBe('£21.495')
	})

	it('parses price text with or without a pound sign', () => {
		expect(parsePriceText('£12.99')).toBe(1299)
		expect(parsePriceText('12.5')).toBe(1250)
		expect(parsePriceText(' 7 ')).toBe(700)
		expect(parsePriceText('£1,234.50')).toBe(123450)
	})

	it('rejects anything that is not a plain amount', () => {
		for (const text of ['Price not available', '', '12abc', '-3', '1.234', 'NaN', '£', '1e3']) {
			expect(parsePriceText(text), text).toBeNull()
		}
		expect(parsePriceText(undefined)).toBeNull()
	})

	it('round-trips any amount through the price text', () => {
		fc.assert(
			fc.property(fc.integer({ min: 0, max: 10_000_000_00 }), (pence) => {
				expect(parsePriceText(toPriceText(pence))).toBe(pence)
				expect(parsePriceText(formatPence(pence))).toBe(pence)
			}),
		)
	})
})
