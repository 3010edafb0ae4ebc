import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { projectPageChangesAt } from './project-page-moment'
import { shownStatus } from './quote-view'
import { canCancelAt } from './stage-payments'
import {
	bookableDays,
	customerCanChange,
	DEFAULT_BUILD_SETTINGS,
	type SurveySettings,
} from './survey-slots'

const S: SurveySettings = { ...DEFAULT_BUILD_SETTINGS.survey, blockedDates: ['2027-01-04'] }
const DAY = 86_400_000

/** Everything on the customer's page that reads the clock, as of `now`. */
function clockParts(
	state: { taken: Set<number>; booking: Date; validUntil: Date; acceptedAt: Date },
	now: Date,
) {
	return {
		calendar: bookableDays(S, now, state.taken),
		canChange: customerCanChange(state.booking, now),
		quote: shownStatus({ status: 'sent', validUntil: state.validUntil }, now),
		canCancel: canCancelAt(state.acceptedAt, now),
	}
}

describe('the moment the clock changes the project page', () => {
	it('changes nothing the page shows before it (any time of year, either side of clock changes)', () => {
		const instant = (from: string, days: number) =>
			fc.integer({ min: 0, max: days * DAY }).map((ms) => new Date(new Date(from).getTime() + ms))
		fc.assert(
			fc.property(
				instant('2026-01-01T00:00:00Z', 730),
				// Near each rule's edge, where a day's replay could cross it.
				fc.integer({ min: 0, max: 3 * DAY }),
				fc.integer({ min: -DAY, max: 2 * DAY }),
				fc.integer({ min: -16 * DAY, max: -12 * DAY }),
				fc.double({ min: 0, max: 1, noNaN: true }),
				(now, bookingIn, validIn, acceptedIn, fraction) => {
					const calendar = bookableDays(S, now, new Set())
					// Some of the calendar's times taken by others (every third one).
					const taken = new Set(
						calendar
							.flatMap((d) => d.slots)
							.filter((_, i) => i % 3 === 1)
							.map((s) => new Date(s.startsAt).getTime()),
					)
					const state = {
						taken,
						booking: new Date(now.getTime() + bookingIn),
						validUntil: new Date(now.getTime() + validIn),
						acceptedAt: new Date(now.getTime() + acceptedIn),
					}
					const until = projectPageChangesAt({
						now,
						noticeHours: S.noticeHours,
						calendar: bookableDays(S, now, taken),
						booking: { startsAt: state.booking },
						quotes: [{ status: 'sent', validUntil: state.validUntil }],
					})
					expect(until).toBeGreaterThan(now.getTime())
					// Never more than a day away: the next UK midnight is always a moment.
					expect(until - now.getTime()).toBeLessThanOrEqual(DAY + 3_600_000)
					const before = clockParts(state, now)
					const later = new Date(now.getTime() + Math.floor(fraction * (until - now.getTime() - 1)))
					expect(clockParts(state, later)).toEqual(before)
					expect(clockParts(state, new Date(until - 1))).toEqual(before)
				},
			),
			{ numRuns: 150 },
		)
	})

	it('is the first of its moments: a quote expiring before the calendar changes', () => {
		const now = new Date('2026-12-07T10:15:00Z') // a Monday, GMT
		const calendar = bookableDays(S, now, new Set())
		// The first free time is Tuesday 12:00, out of the 24-hour notice at 12:00 on Monday.
		expect(calendar[0]?.slots[0]?.startsAt).toBe('2026-12-08T12:00:00.000Z')
		const base = { now, noticeHours: 24, calendar, booking: null }
		expect(projectPageChangesAt({ ...base, quotes: [] })).toBe(Date.parse('2026-12-07T12:00:00Z'))
		const quotes = [
			{ status: 'sent', validUntil: new Date('2026-12-07T11:00:00Z') },
			{ status: 'superseded', validUntil: new Date('2026-12-07T10:30:00Z') },
		]
		expect(projectPageChangesAt({ ...base, quotes })).toBe(Date.parse('2026-12-07T11:00:00Z'))
		// With nothing else, the next UK midnight (BST: 23:00 UTC the day before).
		const summer = new Date('2027-06-15T12:00:00Z')
		expect(projectPageChangesAt({ ...base, now: summer, calendar: [], quotes: [] })).toBe(
			Date.parse('2027-06-15T23:00:00Z'),
		)
	})
})
