import { describe, expect, it } from 'vitest'
import {
	allocateRefund,
	canCancelAt,
	cancellableUntil,
	dueDateIn,
	reminderTimes,
	stageTotals,
} from './stage-payments'

describe('stage due dates and reminders', () => {
	it('a stage due in 14 days is due at noon UK time that day', () => {
		expect(dueDateIn(new Date('2026-12-02T09:00:00Z'), 14).toISOString()).toBe(
			'2026-12-16T12:00:00.000Z',
		)
		// British Summer Time: noon UK is 11:00 UTC.
		expect(dueDateIn(new Date('2026-06-01T09:00:00Z'), 3).toISOString()).toBe(
			'2026-06-04T11:00:00.000Z',
		)
	})

	it('reminds 3 days before and 3 days after, at 09:00 UK time, never in the past', () => {
		const due = new Date('2026-12-16T12:00:00Z')
		expect(reminderTimes(due, new Date('2026-12-02T09:00:00Z'))).toEqual([
			{ kind: 'before', at: new Date('2026-12-13T09:00:00Z') },
			{ kind: 'after', at: new Date('2026-12-19T09:00:00Z') },
		])
		// A deposit due at once: only the reminder after.
		expect(reminderTimes(due, due).map((r) => r.kind)).toEqual(['after'])
	})
})

describe('the 14 cancellation days', () => {
	it('run to the end of the 14th UK day after acceptance', () => {
		const accepted = new Date('2026-12-02T15:00:00Z')
		expect(cancellableUntil(accepted).toISOString()).toBe('2026-12-16T23:59:59.999Z')
		expect(canCancelAt(accepted, new Date('2026-12-16T23:59:00Z'))).toBe(true)
		expect(canCancelAt(accepted, new Date('2026-12-17T00:00:00Z'))).toBe(false)
		expect(canCancelAt(null, accepted)).toBe(false)
	})
})

describe('a cancellation refund shared over the payments', () => {
	const paid = [
		{ id: 1, amountPence: 250_000 },
		{ id: 2, amountPence: 500_000 },
	]
	it('gives back the latest payment first, and keeps back work done from the deposit', () => {
		expect(allocateRefund(paid, 750_000)).toEqual([
			{ id: 2, pence: 500_000 },
			{ id: 1, pence: 250_000 },
		])
		expect(allocateRefund(paid, 600_000)).toEqual([
			{ id: 2, pence: 500_000 },
			{ id: 1, pence: 100_000 },
		])
		expect(allocateRefund(paid, 0)).toEqual([])
	})
	it('never refunds more than was paid, or a part of a penny', () => {
		expect(() => allocateRefund(paid, 750_001)).toThrow(RangeError)
		expect(() => allocateRefund(paid, -1)).toThrow(RangeError)
		expect(() => allocateRefund(paid, 1.5)).toThrow(RangeError)
	})
})

describe('the payments totals', () => {
	it('counts paid less refunds, what is due and what is to come', () => {
		expect(
			stageTotals([
				{ amountPence: 100, status: 'refunded', refundPence: 40 },
				{ amountPence: 200, status: 'paid', refundPence: null },
				{ amountPence: 300, status: 'due', refundPence: null },
				{ amountPence: 400, status: 'upcoming', refundPence: null },
			]),
		).toEqual({ contractPence: 1000, paidPence: 260, duePence: 300, upcomingPence: 400 })
	})
})
