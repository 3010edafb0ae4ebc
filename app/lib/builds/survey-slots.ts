import { MONTH_NAMES as MONTHS } from '../dates'
import { addDays, atLondonTime, londonClock, londonDate } from '../london-time'
import type { ServiceArea } from './service-area'

/**
 * Site survey times (issue 59 item 2), all in UK time: on each working day that is not blocked,
 * `slotsPerDay` visits start at `firstSlotAt`, each `visitMinutes` long with `travelMinutes`
 * between them. One visit per slot (one surveyor); a slot is held by its booking row (decision
 * 0034). Pure: the server passes the settings, the time now and the slots already taken.
 */
export type SurveySettings = {
	/** ISO weekdays that are working days: 1 Monday … 7 Sunday. */
	workingDays: number[]
	/** UK time of the first visit, 'HH:MM'. */
	firstSlotAt: string
	visitMinutes: number
	travelMinutes: number
	slotsPerDay: number
	/** UK dates with no surveys ('2026-12-25'). */
	blockedDates: string[]
	/** The earliest a survey can be booked, in hours from now. */
	noticeHours: number
	/** How many days ahead the calendar goes. */
	horizonDays: number
}

export type BuildSettings = {
	serviceArea: ServiceArea
	survey: SurveySettings
	/** A new quote is valid for this many days (its valid-until date's default; decision 0037). */
	quoteValidDays: number
}

export const DEFAULT_BUILD_SETTINGS: BuildSettings = {
	// Mainland Great Britain: the islands and Northern Ireland are asked to send anyway.
	serviceArea: { zones: ['local', 'highlands', 'mainland'], postcodes: [] },
	survey: {
		workingDays: [1, 2, 3, 4, 5],
		firstSlotAt: '09:30',
		visitMinutes: 90,
		travelMinutes: 60,
		slotsPerDay: 3,
		blockedDates: [],
		noticeHours: 24,
		horizonDays: 28,
	},
	quoteValidDays: 30,
}

/** Customers may move or cancel a survey up to this long before it; later they call. */
export const CHANGE_CUTOFF_HOURS = 24

const HOUR = 3_600_000

/** ISO weekday (1 Monday … 7 Sunday) of a calendar date. */
export function isoWeekday(isoDate: string) {
	const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number]
	const day = new Date(Date.UTC(y, m - 1, d)).getUTCDay()
	return day === 0 ? 7 : day
}

const hhmm = (minutes: number) =>
	`${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`

/** The UK wall times of a day's visits, 'HH:MM' (none past midnight). */
export function slotTimes(s: SurveySettings): string[] {
	const [h, m] = s.firstSlotAt.split(':').map(Number) as [number, number]
	const times: string[] = []
	for (let i = 0; i < s.slotsPerDay; i++) {
		const start = h * 60 + m + i * (s.visitMinutes + s.travelMinutes)
		if (start + s.visitMinutes > 24 * 60) break
		times.push(hhmm(start))
	}
	return times
}

export const isSurveyDay = (s: SurveySettings, isoDate: string) =>
	s.workingDays.includes(isoWeekday(isoDate)) && !s.blockedDates.includes(isoDate)

/** The instants a day's visits start (none on a day off or a blocked day). */
export function slotsOn(s: SurveySettings, isoDate: string): Date[] {
	return isSurveyDay(s, isoDate) ? slotTimes(s).map((t) => atLondonTime(isoDate, t)) : []
}

export const slotEnd = (s: SurveySettings, startsAt: Date) =>
	new Date(startsAt.getTime() + s.visitMinutes * 60_000)

export type SlotRefusal = 'past' | 'blocked' | 'not-a-slot' | 'too-soon' | 'too-far' | 'taken'

export const SLOT_MESSAGES: Record<SlotRefusal, string> = {
	taken: 'Sorry, that time has just been booked by someone else. Please choose another time.',
	past: 'That time has already passed. Please choose another time.',
	blocked: 'We are not visiting on that day. Please choose another day.',
	'not-a-slot': 'That is not one of our survey times. Please choose a time from the list.',
	'too-soon': 'That time is too soon for us to get to you. Please choose a later time.',
	'too-far': 'We do not take bookings that far ahead yet. Please choose an earlier time.',
}

/** Why a start time cannot be booked now (apart from being taken), or null when it can. */
export function checkSlot(s: SurveySettings, startsAt: Date, now: Date): SlotRefusal | null {
	if (startsAt.getTime() <= now.getTime()) return 'past'
	const date = londonDate(startsAt)
	if (s.blockedDates.includes(date) || !s.workingDays.includes(isoWeekday(date))) return 'blocked'
	if (!slotsOn(s, date).some((at) => at.getTime() === startsAt.getTime())) return 'not-a-slot'
	if (startsAt.getTime() < now.getTime() + s.noticeHours * HOUR) return 'too-soon'
	if (date > addDays(londonDate(now), s.horizonDays)) return 'too-far'
	return null
}

export type SlotDay = {
	date: string
	slots: Array<{ startsAt: string; time: string; free: boolean }>
}

/** The calendar the customer picks from: every survey day within the horizon with a bookable slot. */
export function bookableDays(s: SurveySettings, now: Date, taken: Set<number>): SlotDay[] {
	const days: SlotDay[] = []
	const today = londonDate(now)
	for (let i = 0; i <= s.horizonDays; i++) {
		const date = addDays(today, i)
		const slots = slotsOn(s, date)
			.filter((at) => checkSlot(s, at, now) === null)
			.map((at) => ({
				startsAt: at.toISOString(),
				time: londonClock(at),
				free: !taken.has(at.getTime()),
			}))
		if (slots.some((slot) => slot.free)) days.push({ date, slots })
	}
	return days
}

/** True while the customer may still move or cancel the survey themselves. */
export const customerCanChange = (startsAt: Date, now: Date) =>
	startsAt.getTime() - now.getTime() >= CHANGE_CUTOFF_HOURS * HOUR

/** The reminder goes at 10:00 UK time the day before (never after the visit has begun). */
export function reminderAt(startsAt: Date) {
	return atLondonTime(addDays(londonDate(startsAt), -1), '10:00')
}

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']
/**
 * 'Tuesday 8 December 2026' for a UK date, spelt out here rather than by Intl: engines differ on
 * the comma after the weekday, and the calendar shows a few dozen on every project page.
 */
export function formatSurveyDay(isoDate: string) {
	const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number]
	return `${WEEKDAYS[isoWeekday(isoDate) - 1]} ${d} ${MONTHS[m - 1]} ${y}`
}

/** 'Tuesday 8 December 2026 at 09:30' (UK time). */
export const formatSurveyTime = (startsAt: Date | string) =>
	`${formatSurveyDay(londonDate(new Date(startsAt)))} at ${londonClock(new Date(startsAt))}`
