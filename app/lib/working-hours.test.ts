import { describe, expect, it } from 'vitest'
import { workingAge, workingCutoff, workingMinutesBetween } from './working-hours'

const at = (iso: string) => new Date(iso)

describe('working hours (Monday to Saturday, 9:00 to 17:00 UK time)', () => {
	it('counts only opening hours', () => {
		// Wed 25 Nov 2026 (GMT): 10:00 to 15:30 the same day.
		expect(workingMinutesBetween(at('2026-11-25T10:00:00Z'), at('2026-11-25T15:30:00Z'))).toBe(330)
		// Saturday evening to Monday 10:00: an hour.
		expect(workingMinutesBetween(at('2026-11-28T18:00:00Z'), at('2026-11-30T10:00:00Z'))).toBe(60)
		// A whole week from Monday 9:00: six working days.
		expect(workingMinutesBetween(at('2026-11-23T09:00:00Z'), at('2026-11-30T09:00:00Z'))).toBe(
			6 * 480,
		)
		// Summer time: 9:00 BST is 08:00 UTC.
		expect(workingMinutesBetween(at('2026-07-01T07:00:00Z'), at('2026-07-01T09:00:00Z'))).toBe(60)
		expect(workingMinutesBetween(at('2026-07-01T09:00:00Z'), at('2026-07-01T08:00:00Z'))).toBe(0)
	})

	it('finds the moment a request becomes overdue, the inverse of counting', () => {
		// One working day before Monday 11:00 is Saturday 11:00.
		expect(workingCutoff(at('2026-11-30T11:00:00Z'), 480).toISOString()).toBe(
			'2026-11-28T11:00:00.000Z',
		)
		// Sunday: the last opening hours are Saturday's.
		expect(workingCutoff(at('2026-11-29T12:00:00Z'), 60).toISOString()).toBe(
			'2026-11-28T16:00:00.000Z',
		)
		for (const now of ['2026-11-25T16:10:00Z', '2026-03-30T08:30:00Z', '2026-10-26T12:00:00Z']) {
			const cutoff = workingCutoff(at(now), 480)
			expect(workingMinutesBetween(cutoff, at(now))).toBe(480)
		}
	})

	it('says how long in words staff read at a glance', () => {
		expect(workingAge(0)).toBe('under an hour')
		expect(workingAge(45)).toBe('under an hour')
		expect(workingAge(60)).toBe('1 working hour')
		expect(workingAge(125)).toBe('2 working hours')
		expect(workingAge(480)).toBe('1 working day')
		expect(workingAge(1200)).toBe('2.5 working days')
	})
})
