import { type FunnelStep, funnel } from './funnel'
import type { Range } from './range'

/**
 * The insights' 'Pond builds' panel (issue 59 item 11), shaped from the counts and sums
 * app/.server/analytics/build-figures.ts reads in SQL.
 */
export type BuildCounts = { enquiries: number; surveyed: number; quoted: number; accepted: number }

/** This period's enquiries and how far each got, as one group of the funnel table. */
export function buildFunnel(c: BuildCounts): FunnelStep[] {
	return funnel([
		{
			unit: "This period's pond enquiries",
			steps: [
				{ label: 'Enquired', count: c.enquiries },
				{ label: 'Survey booked', count: c.surveyed },
				{ label: 'Quote sent', count: c.quoted },
				{ label: 'Quote accepted', count: c.accepted },
			],
		},
	])
}

export type BuildMonth = { month: string; quotedPence: number; acceptedPence: number }

/** 'YYYY-MM' of each month the range touches, in order. */
export function monthsOf(range: Pick<Range, 'from' | 'to'>): string[] {
	const months: string[] = []
	let [year, month] = range.from.slice(0, 7).split('-').map(Number) as [number, number]
	const last = range.to.slice(0, 7)
	for (;;) {
		const key = `${year}-${String(month).padStart(2, '0')}`
		months.push(key)
		if (key >= last || months.length > 36) return months
		month += 1
		if (month > 12) [year, month] = [year + 1, 1]
	}
}

/** One row per month of the range, zero where nothing was quoted or accepted. */
export function fillMonths(range: Pick<Range, 'from' | 'to'>, rows: BuildMonth[]): BuildMonth[] {
	const known = new Map(rows.map((r) => [r.month, r]))
	return monthsOf(range).map(
		(month) => known.get(month) ?? { month, quotedPence: 0, acceptedPence: 0 },
	)
}

const MONTH = new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' })

/** '2026-12' → 'Dec 2026'. */
export const monthLabel = (month: string) => MONTH.format(new Date(`${month}-15T12:00:00Z`))
