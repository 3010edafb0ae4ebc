import { describe, expect, it } from 'vitest'
import { change, chartPoints, funnel } from './funnel'

describe('funnel', () => {
	it('gives each step its share of the one before and the drop-off', () => {
		const steps = funnel([
			{ label: 'Visited', count: 200 },
			{ label: 'Added to cart', count: 20 },
			{ label: 'Requested', count: 5 },
			{ label: 'Quoted', count: 4 },
			{ label: 'Paid', count: 0 },
		])
		expect(steps.map((s) => s.rate)).toEqual([1, 0.1, 0.25, 0.8, 0])
		expect(steps.map((s) => s.dropOff)).toEqual([0, 180, 15, 1, 4])
	})
	it('has no rate after an empty step, and no change from nothing', () => {
		const [, second] = funnel([
			{ label: 'a', count: 0 },
			{ label: 'b', count: 0 },
		])
		expect(second!.rate).toBeNull()
		expect(change(5, 0)).toBeNull()
		expect(change(15, 10)).toBeCloseTo(0.5)
	})
})

describe('chart points', () => {
	it('keeps days up to 92 and sums weeks beyond', () => {
		const days = (n: number) =>
			Array.from({ length: n }, (_, i) => ({ day: `d${i}`, views: 2, visitors: 1 }))
		expect(chartPoints(days(92))).toHaveLength(92)
		const weeks = chartPoints(days(365))
		expect(weeks).toHaveLength(53)
		expect(weeks[0]).toEqual({ day: 'd0', views: 14, visitors: 7 })
		expect(weeks.at(-1)).toEqual({ day: 'd364', views: 2, visitors: 1 })
	})
})
