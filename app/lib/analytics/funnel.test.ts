import { describe, expect, it } from 'vitest'
import { change, chartPoints, funnel } from './funnel'

describe('funnel', () => {
	it('compares steps only with steps that count the same thing', () => {
		// One visitor a day put something in the cart, and three order requests came in: visits
		// and requests are different units, so no 300 % between them.
		const steps = funnel([
			{
				unit: 'Visitors, counted per day',
				steps: [
					{ label: 'Visited', count: 200 },
					{ label: 'Added to cart', count: 1 },
				],
			},
			{
				unit: 'Order requests of this period',
				steps: [
					{ label: 'Requested an order', count: 3 },
					{ label: 'Quoted', count: 2 },
					{ label: 'Paid', count: 0 },
				],
			},
		])
		expect(steps.map((s) => [s.label, s.rate, s.dropOff])).toEqual([
			['Visited', null, null],
			['Added to cart', 0.005, 199],
			['Requested an order', null, null],
			['Quoted', 2 / 3, 1],
			['Paid', 0, 2],
		])
		expect(steps.map((s) => s.unit)).toEqual([
			'Visitors, counted per day',
			'Visitors, counted per day',
			'Order requests of this period',
			'Order requests of this period',
			'Order requests of this period',
		])
		expect(steps.every((s) => s.rate === null || s.rate <= 1)).toBe(true)
	})
	it('has no rate after an empty step, and no change from nothing', () => {
		const [, second] = funnel([
			{
				unit: 'u',
				steps: [
					{ label: 'a', count: 0 },
					{ label: 'b', count: 0 },
				],
			},
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
