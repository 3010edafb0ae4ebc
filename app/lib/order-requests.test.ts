import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
	canReturnAt,
	checkReturnLines,
	isLateReport,
	returnRefund,
	returnWindow,
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

	it('gives back the items of a part return, and the delivery with the return that completes the order', () => {
		const base = { items, deliveryPence: 4_500 }
		// One of two pumps: the pump only (CCR 2013 reg. 34: delivery for the whole contract).
		const part = returnRefund({ ...base, lines: [{ line: 1, quantity: 1 }], before: [] })
		expect(part).toMatchObject({ itemsPence: 8_999, deliveryPence: 0, totalPence: 8_999 })
		expect(part.lines).toEqual([{ line: 1, quantity: 1, before: 0 }])
		// The rest after it: the filter and the other pump, and now the delivery.
		const rest = returnRefund({
			...base,
			lines: [
				{ line: 0, quantity: 1 },
				{ line: 1, quantity: 1 },
			],
			before: [{ line: 1, quantity: 1 }],
		})
		expect(rest).toMatchObject({ itemsPence: 33_998, deliveryPence: 4_500, completesOrder: true })
		expect(rest.lines).toEqual([
			{ line: 0, quantity: 1, before: 0 },
			{ line: 1, quantity: 1, before: 1 },
		])
		// Everything in one return: the items and the delivery.
		const whole = returnRefund({
			...base,
			lines: [
				{ line: 0, quantity: 1 },
				{ line: 1, quantity: 2 },
			],
			before: [],
		})
		expect(whole.totalPence).toBe(24_999 + 2 * 8_999 + 4_500)
	})

	it('refunds the delivery once however the order comes back, and never more than was paid', () => {
		fc.assert(
			fc.property(
				fc.array(
					fc.record({ line: fc.constantFrom(0, 1), quantity: fc.integer({ min: 1, max: 2 }) }),
					{ maxLength: 8 },
				),
				(asks) => {
					const refunded: Array<{ line: number; quantity: number }> = []
					let delivery = 0
					let total = 0
					for (const ask of asks) {
						if (checkReturnLines(items, [ask], refunded) !== null) continue
						const r = returnRefund({ items, deliveryPence: 4_500, lines: [ask], before: refunded })
						delivery += r.deliveryPence
						total += r.totalPence
						refunded.push(ask)
					}
					expect(delivery).toBeLessThanOrEqual(4_500)
					expect(total).toBeLessThanOrEqual(24_999 + 2 * 8_999 + 4_500)
				},
			),
		)
	})
})
