import { describe, expect, it } from 'vitest'
import { formatDate, formatDateTime, nextIsoDate, startOfLondonDay } from './dates'

describe('dates', () => {
	it('shows day, short month and year in UK time', () => {
		expect(formatDate('2026-11-22T10:00:00Z')).toBe('22 Nov 2026')
		// 23:30 UTC in summer is already the next day in London.
		expect(formatDate('2026-06-30T23:30:00Z')).toBe('1 Jul 2026')
		expect(formatDateTime('2026-01-05T09:07:00Z')).toBe('5 Jan 2026, 09:07')
	})
})

describe('London calendar days', () => {
	it('starts a winter day at midnight UTC and a summer day at 23:00 UTC the day before', () => {
		expect(startOfLondonDay('2026-01-15').toISOString()).toBe('2026-01-15T00:00:00.000Z')
		expect(startOfLondonDay('2026-07-01').toISOString()).toBe('2026-06-30T23:00:00.000Z')
		// The day the clocks go forward still starts at GMT midnight.
		expect(startOfLondonDay('2026-03-29').toISOString()).toBe('2026-03-29T00:00:00.000Z')
		expect(startOfLondonDay('2026-03-30').toISOString()).toBe('2026-03-29T23:00:00.000Z')
	})
	it('steps to the next day across month and year ends', () => {
		expect(nextIsoDate('2026-12-31')).toBe('2027-01-01')
		expect(nextIsoDate('2028-02-28')).toBe('2028-02-29')
	})
})
