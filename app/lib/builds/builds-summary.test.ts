import { describe, expect, it } from 'vitest'
import { isEmptyBuildsSummary, summariseBuilds } from './builds-summary'

// 7:00 on Wednesday 2 December 2026, UK time (GMT in winter).
const now = new Date('2026-12-02T07:00:00Z')

describe('summariseBuilds', () => {
	it('keeps the surveys of today and tomorrow (UK days), in time order, with the district only', () => {
		const s = summariseBuilds(
			{
				surveys: [
					{ projectId: 'PB-B', startsAt: new Date('2026-12-03T09:30:00Z'), postcode: 'HG4 1AA' },
					{ projectId: 'PB-A', startsAt: new Date('2026-12-02T13:00:00Z'), postcode: 'iv2 4ag' },
					{ projectId: 'PB-C', startsAt: new Date('2026-12-04T00:30:00Z'), postcode: 'LS1 1AA' },
				],
				quotes: [],
				stages: [],
			},
			now,
		)
		expect(s.surveys).toEqual([
			{
				projectId: 'PB-A',
				startsAt: new Date('2026-12-02T13:00:00Z'),
				day: 'Today',
				district: 'IV2',
			},
			{
				projectId: 'PB-B',
				startsAt: new Date('2026-12-03T09:30:00Z'),
				day: 'Tomorrow',
				district: 'HG4',
			},
		])
	})

	it('sums the open quotes and marks a stage overdue only once its UK due day has passed', () => {
		const s = summariseBuilds(
			{
				surveys: [],
				quotes: [{ totalPence: 1_250_000 }, { totalPence: 840_055 }],
				stages: [
					{
						projectId: 'PB-D',
						label: 'Deposit',
						amountPence: 312_500,
						dueAt: new Date('2026-12-02T06:00:00Z'),
					},
					{
						projectId: 'PB-E',
						label: 'Liner stage',
						amountPence: 625_000,
						dueAt: new Date('2026-12-01T23:59:00Z'),
					},
				],
			},
			now,
		)
		expect(s.quotes).toEqual({ count: 2, pence: 2_090_055 })
		expect(s.stages.map((x) => [x.projectId, x.overdue])).toEqual([
			['PB-E', true],
			['PB-D', false],
		])
		expect(isEmptyBuildsSummary(s)).toBe(false)
	})

	it('is empty with nothing to report', () => {
		expect(
			isEmptyBuildsSummary(summariseBuilds({ surveys: [], quotes: [], stages: [] }, now)),
		).toBe(true)
		expect(isEmptyBuildsSummary(null)).toBe(true)
	})
})
