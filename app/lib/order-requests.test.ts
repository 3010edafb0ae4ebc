import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
	canReturnAt,
	checkReturnLines,
	isLateReport,
	returnValuePence,
	returnWindow,
	suggestedReturnRefund,
} from './order-requests'

describe('the return window', () => {
	it('ends at midnight UK time 14 days after the day of delivery', () => {
		// Delivered 1 Dec 2026 at 16:20 GMT: the last day is 15 Dec, ending at 00:00 on 16 Dec.
		const delivered = new Date('2026-12-01T16:20:00Z')
		expect(returnWindow(delivered)).toEqual({
			lastDay: '2026-12-15',
			closesAt: new Date('2026-12-16T00:00:00Z'),
		})
		expect(canReturnAt(delivered, new Date('2026-12-15T23:59:59Z'))).toBe(true)
		expect(canReturnAt(delivered, new Date('2026-12-16T00:00:00Z'))).toBe(false)
	})

	it('counts UK days in summer time (a delivery at 00:30 BST is that day, not the day before)', () => {
		const delivered = new Date('2026-07-09T23:30:00Z') // 00:30 BST on 10 July
		expect(returnWindow(delivered).lastDay).toBe('2026-07-24')
		expect(returnWindow(delivered).closesAt).toEqual(new Date('2026-07-24T23:00:00Z'))
	})

	it('marks a problem reported more than 24 hours after delivery as late', () => {
		const delivered = new Date('2026-12-01T10:00:00Z')
		expect(isLateReport(delivered, new Date('2026-12-02T10:00:00Z'))).toBe(false)
		expect(isLateReport(delivered, new Date('2026-12-02T10:00:01Z'))).toBe(true)
		expect(isLateReport(null, new Date())).toBe(false)
	})
})

const items = [
	{ quantity: 1, unitPricePence: 24_999 },
	{ quantity: 2, unitPricePence: 8_999 },
]

describe('return lines', () => {
	it('refuses nothing chosen, other lines, and more than was bought or is left', () => {
		expect(checkReturnLines(items, [{ line: 0, quantity: 0 }], [])).toBe(
			'Please choose at least one item to return.',
		)
		expect(checkReturnLines(items, [{ line: 5, quantity: 1 }], [])).toBe(
			'Please choose items from this order.',
		)
		expect(checkReturnLines(items, [{ line: 1, quantity: 3 }], [])).toContain('at most 2')
		expect(
			checkReturnLines(items, [{ line: 1, quantity: 2 }], [{ line: 1, quantity: 1 }]),
		).toContain('at most 1 more')
		expect(
			checkReturnLines(items, [{ line: 1, quantity: 1 }], [{ line: 1, quantity: 1 }]),
		).toBeNull()
	})

	it('never lets more come back, over any number of returns, than was bought', () => {
		fc.assert(
			fc.property(
				fc.array(
					fc.record({ line: fc.constantFrom(0, 1), quantity: fc.integer({ min: 0, max: 3 }) }),
				),
				(asks) => {
					const accepted: Array<{ line: number; quantity: number }> = []
					for (const ask of asks)
						if (checkReturnLines(items, [ask], accepted) === null) accepted.push(ask)
					for (const [line, item] of items.entries()) {
						const back = accepted.filter((a) => a.line === line).reduce((n, a) => n + a.quantity, 0)
						expect(back).toBeLessThanOrEqual(item.quantity)
					}
				},
			),
		)
	})

	it('suggests the items plus delivery once, never more than is left', () => {
		const itemsPence = returnValuePence(items, [{ line: 1, quantity: 1 }])
		expect(itemsPence).toBe(8_999)
		const base = { itemsPence, deliveryPence: 4_500, leftPence: 50_000 }
		expect(suggestedReturnRefund({ ...base, deliveryRefunded: false })).toBe(13_499)
		expect(suggestedReturnRefund({ ...base, deliveryRefunded: true })).toBe(8_999)
		expect(suggestedReturnRefund({ ...base, deliveryRefunded: false, leftPence: 10_000 })).toBe(
			10_000,
		)
	})
})
