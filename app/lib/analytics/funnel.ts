export type FunnelStep = {
	label: string
	count: number
	/** What the step counts; steps are compared only with steps of the same unit. */
	unit: string
	/** Share of the step before in the same unit, or null for a unit's first step or after an empty one. */
	rate: number | null
	/** How many of the step before (same unit) did not reach this one; null for a unit's first step. */
	dropOff: number | null
}

export type FunnelStage = { unit: string; steps: Array<{ label: string; count: number }> }

/**
 * visit → cart, then order request → quoted → paid: each step's count, and its rate and drop-off
 * against the step before only where both count the same thing. Visits are counted without
 * cookies (a visitor is a key that lives a day), so they cannot be followed into an order
 * request: a rate from 'Added to cart' to 'Requested an order' would divide visitors a day by
 * orders (issue 62 showed 300 %). Each stage starts afresh.
 */
export function funnel(stages: FunnelStage[]): FunnelStep[] {
	return stages.flatMap(({ unit, steps }) =>
		steps.map((step, i) => {
			if (i === 0) return { ...step, unit, rate: null, dropOff: null }
			const before = steps[i - 1]!.count
			return {
				...step,
				unit,
				rate: before > 0 ? step.count / before : null,
				dropOff: Math.max(0, before - step.count),
			}
		}),
	)
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
