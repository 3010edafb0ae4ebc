import { describe, expect, it } from 'vitest'
import { buildFunnel, fillMonths, monthLabel, monthsOf } from './build-figures'

describe('the pond builds panel', () => {
	it('gives each step its share of the one before', () => {
		const steps = buildFunnel({ enquiries: 40, surveyed: 20, quoted: 10, accepted: 4 })
		expect(steps.map((s) => [s.label, s.count, s.rate])).toEqual([
			['Enquired', 40, null],
			['Survey booked', 20, 0.5],
			['Quote sent', 10, 0.5],
			['Quote accepted', 4, 0.4],
		])
	})

	it('lists every month the range touches, across a new year, zero where nothing happened', () => {
		expect(monthsOf({ from: '2025-11-20', to: '2026-02-03' })).toEqual([
			'2025-11',
			'2025-12',
			'2026-01',
			'2026-02',
		])
		expect(
			fillMonths({ from: '2026-11-25', to: '2026-12-02' }, [
				{ month: '2026-12', quotedPence: 900_000, acceptedPence: 450_000 },
			]),
		).toEqual([
			{ month: '2026-11', quotedPence: 0, acceptedPence: 0 },
			{ month: '2026-12', quotedPence: 900_000, acceptedPence: 450_000 },
		])
		expect(monthLabel('2026-12')).toBe('Dec 2026')
	})
})
