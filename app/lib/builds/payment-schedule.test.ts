import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
	DEFAULT_SCHEDULE,
	type ScheduleStage,
	scheduleProblem,
	splitSchedule,
} from './payment-schedule'

describe('splitSchedule', () => {
	it('splits 25/50/25 with the last stage taking the odd penny', () => {
		expect(splitSchedule(1_234_567, DEFAULT_SCHEDULE).map((s) => s.amountPence)).toEqual([
			308_642, 617_284, 308_641,
		])
	})

	it('mixes a fixed deposit with percentages', () => {
		const schedule: ScheduleStage[] = [
			{ label: 'Deposit', due: 'acceptance', fixedPence: 100_000 },
			{ label: 'Shell', due: 'stage', percent: 60 },
			{ label: 'Completion', due: 'completion', percent: 30 },
		]
		expect(splitSchedule(1_000_000, schedule).map((s) => s.amountPence)).toEqual([
			100_000, 600_000, 300_000,
		])
		expect(scheduleProblem(1_000_000, schedule)).toBeNull()
		expect(scheduleProblem(2_000_000, schedule)).toBe(
			'The stages add up to £19,000.00, not the total of £20,000.00.',
		)
	})

	it('always sums to the total to the penny', () => {
		fc.assert(
			fc.property(
				fc.integer({ min: 100, max: 99_999_999 }),
				fc.array(fc.integer({ min: 1, max: 60 }), { minLength: 1, maxLength: 6 }),
				(total, parts) => {
					const schedule = parts.map((percent, i) => ({
						label: `Stage ${i + 1}`,
						due: 'stage' as const,
						percent,
					}))
					const amounts = splitSchedule(total, schedule)
					expect(amounts.reduce((sum, a) => sum + a.amountPence, 0)).toBe(total)
				},
			),
		)
	})
})

describe('scheduleProblem', () => {
	it('accepts the default schedule for any total of at least 4p', () => {
		expect(scheduleProblem(4, DEFAULT_SCHEDULE)).toBeNull()
		expect(scheduleProblem(3_000_00, DEFAULT_SCHEDULE)).toBeNull()
	})

	it('refuses percentages that do not make 100', () => {
		const short: ScheduleStage[] = [...DEFAULT_SCHEDULE]
		short[1] = { label: 'Liner or shell stage', due: 'stage', percent: 40 }
		expect(scheduleProblem(1_000_000, short)).toBe(
			'The stages add up to £9,000.00, not the total of £10,000.00.',
		)
	})

	it('refuses fixed sums over the total, and stages out of place', () => {
		expect(
			scheduleProblem(50_000, [
				{ label: 'Deposit', due: 'acceptance', fixedPence: 60_000 },
				{ label: 'Rest', due: 'completion', percent: 0 },
			]),
		).toMatch(/^Every stage must be more than £0.00/)
		expect(scheduleProblem(100, [...DEFAULT_SCHEDULE].reverse())).toBe(
			'Only the first stage can be due on acceptance.',
		)
		expect(scheduleProblem(100, [])).toBe('Add at least one payment stage.')
	})
})
