export type FunnelStep = {
	label: string
	count: number
	/** Share of the step before (1 for the first), or null when that step had none. */
	rate: number | null
	/** How many of the step before did not reach this one. */
	dropOff: number
}

/** visit → cart → order request → quoted → paid: each step's count, rate and drop-off. */
export function funnel(counts: Array<{ label: string; count: number }>): FunnelStep[] {
	return counts.map((step, i) => {
		const before = i === 0 ? step.count : counts[i - 1]!.count
		return {
			...step,
			rate: i === 0 ? 1 : before > 0 ? step.count / before : null,
			dropOff: i === 0 ? 0 : Math.max(0, before - step.count),
		}
	})
}

/** A change from the previous period: +12 %, −5 %, or null when there was nothing before. */
export function change(now: number, before: number) {
	if (before === 0) return null
	return (now - before) / before
}

type Point = { day: string; views: number; visitors: number }

/**
 * The chart's points: each day up to 92 days, otherwise each week (the day it starts), so a year
 * is 53 points rather than 365. Visitors of a week are its days' visitors summed (keys live a day).
 */
export function chartPoints(days: Point[]): Point[] {
	if (days.length <= 92) return days
	const weeks: Point[] = []
	days.forEach((day, i) => {
		if (i % 7 === 0) weeks.push({ ...day })
		else {
			const week = weeks.at(-1)!
			week.views += day.views
			week.visitors += day.visitors
		}
	})
	return weeks
}
