import { describe, expect, it } from 'vitest'
import { formatDate, formatDateTime } from './dates'

describe('dates', () => {
	it('shows day, short month and year in UK time', () => {
		expect(formatDate('2026-11-22T10:00:00Z')).toBe('22 Nov 2026')
		// 23:30 UTC in summer is already the next day in London.
		expect(formatDate('2026-06-30T23:30:00Z')).toBe('1 Jul 2026')
		expect(formatDateTime('2026-01-05T09:07:00Z')).toBe('5 Jan 2026, 09:07')
	})
})
