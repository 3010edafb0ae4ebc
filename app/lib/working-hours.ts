import { addDays, atLondonTime, londonDate } from './london-time'

/**
 * The shop's opening hours for counting how long a request has waited (issue 31 item 5): Monday
 * to Saturday, 9:00 to 17:00 UK time. A request sent on Saturday evening has waited no working
 * time by Monday morning.
 */
export const OPENING_HOURS = { days: [1, 2, 3, 4, 5, 6], opens: '09:00', closes: '17:00' } as const

/** One working day, in minutes. */
export const WORKING_DAY_MINUTES = 8 * 60

const MAX_DAYS = 400

const isOpenDay = (isoDate: string) =>
	(OPENING_HOURS.days as readonly number[]).includes(new Date(`${isoDate}T12:00:00Z`).getUTCDay())

function openWindow(isoDate: string): [number, number] | undefined {
	if (!isOpenDay(isoDate)) return undefined
	return [
		atLondonTime(isoDate, OPENING_HOURS.opens).getTime(),
		atLondonTime(isoDate, OPENING_HOURS.closes).getTime(),
	]
}

/** Working minutes between two instants (0 if `to` is not after `from`). */
export function workingMinutesBetween(from: Date, to: Date): number {
	if (to <= from) return 0
	let total = 0
	let date = londonDate(from)
	const last = londonDate(to)
	for (let i = 0; i < MAX_DAYS; i++) {
		const window = openWindow(date)
		if (window) {
			const start = Math.max(window[0], from.getTime())
			const end = Math.min(window[1], to.getTime())
			if (end > start) total += end - start
		}
		if (date === last) break
		date = addDays(date, 1)
	}
	return Math.floor(total / 60_000)
}

/**
 * The latest moment a request could have arrived and still have waited `minutes` of working time
 * by `now`: requests older than this are overdue. Lets the database filter with one comparison.
 */
export function workingCutoff(now: Date, minutes: number): Date {
	let remaining = minutes * 60_000
	let date = londonDate(now)
	for (let i = 0; i < MAX_DAYS; i++) {
		const window = openWindow(date)
		if (window) {
			const end = Math.min(window[1], now.getTime())
			const available = end - window[0]
			if (available > 0) {
				if (available >= remaining) return new Date(end - remaining)
				remaining -= available
			}
		}
		date = addDays(date, -1)
	}
	return new Date(now.getTime() - MAX_DAYS * 86_400_000)
}

/**
 * 'under an hour', '3 working hours', '2 working days' — how long a request has waited, for
 * staff. Minutes are not counted out: '0 working minutes' for a request that came in overnight
 * read as a fault (issue 62 item 7).
 */
export function workingAge(minutes: number) {
	if (minutes < 60) return 'under an hour'
	if (minutes < WORKING_DAY_MINUTES) {
		const hours = Math.floor(minutes / 60)
		return `${hours} working ${hours === 1 ? 'hour' : 'hours'}`
	}
	const days = Math.round((minutes / WORKING_DAY_MINUTES) * 10) / 10
	return `${days} working ${days === 1 ? 'day' : 'days'}`
}
