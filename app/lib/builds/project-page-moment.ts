import { addDays, londonDate, startOfLondonDay } from '../london-time'
import { CHANGE_CUTOFF_HOURS, type SlotDay } from './survey-slots'

const HOUR = 3_600_000

/**
 * The next moment the clock alone changes the customer's project page, so that a render can be
 * replayed to its private link until then and no longer (server/project-page-cache.ts; decision
 * 0033's addendum). Each rule on the page that reads the time has its moment here:
 * - the next UK midnight: the calendar's first and last days, and the 14-day cancellation period,
 *   which ends at one;
 * - the calendar's earliest time leaving the booking notice ('too soon');
 * - the booked survey passing the 24-hour cut-off for moving or cancelling it;
 * - a sent quote's validity ending (shown as expired).
 * Moments are taken as they are, never later: a replay may end a millisecond early, never late.
 */
export function projectPageChangesAt({
	now,
	noticeHours,
	calendar,
	booking,
	quotes,
}: {
	now: Date
	noticeHours: number
	calendar: SlotDay[]
	booking: { startsAt: string | Date } | null
	quotes: Array<{ status: string; validUntil: Date | string }>
}): number {
	const moments = [startOfLondonDay(addDays(londonDate(now), 1)).getTime()]
	const firstSlot = calendar[0]?.slots[0]
	if (firstSlot) moments.push(new Date(firstSlot.startsAt).getTime() - noticeHours * HOUR)
	if (booking) moments.push(new Date(booking.startsAt).getTime() - CHANGE_CUTOFF_HOURS * HOUR)
	for (const quote of quotes)
		if (quote.status === 'sent') moments.push(new Date(quote.validUntil).getTime())
	return Math.min(...moments.filter((at) => at > now.getTime()))
}
