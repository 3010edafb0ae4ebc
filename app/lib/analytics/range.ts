import { z } from 'zod'
import { addDays } from '~/lib/london-time'

/** The dashboard's periods (issue 33): the last 7, 30 or 90 days, 12 months, or from–to. */
export const PERIODS = [
	{ id: '7d', label: '7 days', days: 7 },
	{ id: '30d', label: '30 days', days: 30 },
	{ id: '90d', label: '90 days', days: 90 },
	{ id: '12m', label: '12 months', days: 365 },
] as const

export type Range = { from: string; to: string; days: number }

const ISO_DATE = z.iso.date()

export const RangeQuery = z.object({
	period: z.enum(['7d', '30d', '90d', '12m', 'custom']).catch('30d'),
	from: ISO_DATE.optional().catch(undefined),
	to: ISO_DATE.optional().catch(undefined),
})

/** Longest custom range: two years (the daily totals go back further, the raw views do not). */
const MAX_DAYS = 731

/** Days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string) {
	return Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1
}

/** The UK dates a query string asks for, ending today unless a custom range says otherwise. */
export function rangeFrom(params: URLSearchParams, today: string): Range & { period: string } {
	const q = RangeQuery.parse(Object.fromEntries(params))
	if (q.period === 'custom' && q.from && q.to) {
		let [from, to] = q.from <= q.to ? [q.from, q.to] : [q.to, q.from]
		if (to > today) to = today
		if (from > to) from = to
		if (daysBetween(from, to) > MAX_DAYS) from = addDays(to, -(MAX_DAYS - 1))
		return { period: 'custom', from, to, days: daysBetween(from, to) }
	}
	const period = PERIODS.find((p) => p.id === q.period) ?? PERIODS[1]
	return { period: period.id, from: addDays(today, 1 - period.days), to: today, days: period.days }
}

/** The period just before, as long as this one: what the figures are compared with. */
export function previousRange(range: Range): Range {
	return { from: addDays(range.from, -range.days), to: addDays(range.from, -1), days: range.days }
}
