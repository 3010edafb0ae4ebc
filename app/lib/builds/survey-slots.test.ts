import { describe, expect, it } from 'vitest'
import {
	bookableDays,
	checkSlot,
	customerCanChange,
	DEFAULT_BUILD_SETTINGS,
	formatSurveyTime,
	reminderAt,
	type SurveySettings,
	slotsOn,
	slotTimes,
} from './survey-slots'

const S: SurveySettings = { ...DEFAULT_BUILD_SETTINGS.survey, blockedDates: ['2026-12-25'] }
const iso = (d: Date) => d.toISOString()

describe('survey slots in UK time', () => {
	it('spaces the day’s visits by the visit and the travel between them', () => {
		expect(slotTimes(S)).toEqual(['09:30', '12:00', '14:30'])
		expect(slotTimes({ ...S, firstSlotAt: '22:00', slotsPerDay: 4 })).toEqual(['22:00'])
	})

	it('keeps 09:30 on UK clocks either side of both clock changes', () => {
		// Spring forward on Sunday 29 March 2026: Friday is GMT, Monday is BST.
		expect(slotsOn(S, '2026-03-27').map(iso)[0]).toBe('2026-03-27T09:30:00.000Z')
		expect(slotsOn(S, '2026-03-30').map(iso)[0]).toBe('2026-03-30T08:30:00.000Z')
		// Fall back on Sunday 25 October 2026.
		expect(slotsOn(S, '2026-10-23').map(iso)[0]).toBe('2026-10-23T08:30:00.000Z')
		expect(slotsOn(S, '2026-10-26').map(iso)[0]).toBe('2026-10-26T09:30:00.000Z')
		expect(formatSurveyTime('2026-03-30T08:30:00.000Z')).toBe('Monday 30 March 2026 at 09:30')
	})

	it('has no slots at weekends or on blocked days', () => {
		expect(slotsOn(S, '2026-03-28')).toEqual([]) // Saturday
		expect(slotsOn(S, '2026-12-25')).toEqual([]) // blocked
	})

	it('refuses the past, blocked days, odd times, short notice and far-off dates', () => {
		const now = new Date('2026-12-01T12:00:00Z') // Tuesday
		expect(checkSlot(S, new Date('2026-11-30T09:30:00Z'), now)).toBe('past')
		expect(checkSlot(S, new Date('2026-12-25T09:30:00Z'), now)).toBe('blocked')
		expect(checkSlot(S, new Date('2026-12-05T09:30:00Z'), now)).toBe('blocked') // Saturday
		expect(checkSlot(S, new Date('2026-12-03T10:00:00Z'), now)).toBe('not-a-slot')
		expect(checkSlot(S, new Date('2026-12-02T09:30:00Z'), now)).toBe('too-soon')
		expect(checkSlot(S, new Date('2027-01-29T09:30:00Z'), now)).toBe('too-far')
		expect(checkSlot(S, new Date('2026-12-03T09:30:00Z'), now)).toBeNull()
	})

	it('lists bookable days with taken slots marked, and drops a day with none free', () => {
		const now = new Date('2026-12-01T12:00:00Z')
		const taken = new Set(
			[
				'2026-12-03T09:30:00Z',
				'2026-12-03T12:00:00Z',
				'2026-12-03T14:30:00Z',
				'2026-12-04T12:00:00Z',
			].map((t) => new Date(t).getTime()),
		)
		const days = bookableDays(S, now, taken)
		expect(days[0]!.date).toBe('2026-12-02')
		expect(days[0]!.slots.map((s) => s.time)).toEqual(['12:00', '14:30']) // 09:30 is within 24 h
		expect(days.map((d) => d.date)).not.toContain('2026-12-03') // all three taken
		expect(days.find((d) => d.date === '2026-12-04')!.slots.map((s) => s.free)).toEqual([
			true,
			false,
			true,
		])
		expect(days.map((d) => d.date)).not.toContain('2026-12-25')
	})

	it('lets the customer change a survey until 24 hours before it', () => {
		const at = new Date('2026-12-03T09:30:00Z')
		expect(customerCanChange(at, new Date('2026-12-02T09:30:00Z'))).toBe(true)
		expect(customerCanChange(at, new Date('2026-12-02T09:31:00Z'))).toBe(false)
	})

	it('reminds at 10:00 UK time the day before, across a clock change', () => {
		expect(iso(reminderAt(new Date('2026-03-30T08:30:00Z')))).toBe('2026-03-29T09:00:00.000Z')
		expect(iso(reminderAt(new Date('2026-12-03T09:30:00Z')))).toBe('2026-12-02T10:00:00.000Z')
	})
})
