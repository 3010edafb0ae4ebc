import { addDays, atLondonTime, londonDate, startOfLondonDay } from '~/lib/london-time'

/**
 * The rules of a build's stage payments (issue 59 items 5 and 8, decision 0038), pure so they are
 * tested without a database: due dates and reminder times in UK days, the 14 cancellation days,
 * and how a cancellation's refund is shared out over the payments it gives back.
 */

/** Reminders go this many days before and after a stage's due date. */
export const REMINDER_DAYS = 3
/** Staff give this many days to pay a stage they mark reached, unless they choose another. */
export const DEFAULT_DAYS_TO_PAY = 14
/** The cancellation period for a service contract (Consumer Contracts Regulations 2013, reg. 30). */
export const CANCELLATION_DAYS = 14

export type StageReminder = 'before' | 'after'

/** A due date `days` UK days from now (noon UK time: the day is what the customer reads). */
export const dueDateIn = (now: Date, days: number) =>
	atLondonTime(addDays(londonDate(now), days), '12:00')

/** When each reminder of a stage due at `dueAt` goes (09:00 UK time); none for a time gone by. */
export function reminderTimes(dueAt: Date, now: Date): Array<{ kind: StageReminder; at: Date }> {
	const day = londonDate(dueAt)
	return [
		{ kind: 'before' as const, at: atLondonTime(addDays(day, -REMINDER_DAYS), '09:00') },
		{ kind: 'after' as const, at: atLondonTime(addDays(day, REMINDER_DAYS), '09:00') },
	].filter((r) => r.at.getTime() > now.getTime())
}

/**
 * The last instant the customer may cancel: the end of the 14th UK day after the day the quote
 * was accepted (the period starts the day after the contract is made).
 */
export const cancellableUntil = (acceptedAt: Date) =>
	new Date(startOfLondonDay(addDays(londonDate(acceptedAt), CANCELLATION_DAYS + 1)).getTime() - 1)

export const canCancelAt = (acceptedAt: Date | null, now: Date) =>
	acceptedAt !== null && now.getTime() <= cancellableUntil(acceptedAt).getTime()

/**
 * Shares a refund over the payments it gives back: the latest payment first, each up to its
 * amount, so the work kept back comes off the earliest (the deposit). Returns only the non-zero
 * parts; throws when the refund is more than was paid (the caller checks first).
 */
export function allocateRefund(
	paid: ReadonlyArray<{ id: number; amountPence: number }>,
	refundPence: number,
): Array<{ id: number; pence: number }> {
	const total = paid.reduce((sum, s) => sum + s.amountPence, 0)
	if (!Number.isSafeInteger(refundPence) || refundPence < 0 || refundPence > total)
		throw new RangeError('A refund is between nothing and what was paid.')
	let left = refundPence
	const parts: Array<{ id: number; pence: number }> = []
	for (const stage of [...paid].reverse()) {
		const pence = Math.min(left, stage.amountPence)
		if (pence > 0) parts.push({ id: stage.id, pence })
		left -= pence
	}
	return parts
}

export type StageMoney = { amountPence: number; status: string; refundPence: number | null }

/** The Payments section's totals: paid (less refunds), due now, and still to come. */
export function stageTotals(stages: readonly StageMoney[]) {
	const sum = (pick: (s: StageMoney) => number) => stages.reduce((t, s) => t + pick(s), 0)
	return {
		contractPence: sum((s) => s.amountPence),
		paidPence: sum((s) =>
			s.status === 'paid' || s.status === 'refunding' || s.status === 'refunded'
				? s.amountPence - (s.status === 'refunded' ? (s.refundPence ?? 0) : 0)
				: 0,
		),
		duePence: sum((s) => (s.status === 'due' ? s.amountPence : 0)),
		upcomingPence: sum((s) => (s.status === 'upcoming' ? s.amountPence : 0)),
	}
}
