import { describe, expect, it } from 'vitest'
import { bucketLabel, bucketsOf, choosePeriod, periodQuery, quarterPeriod } from './periods'
import { QUARTER_START_MESSAGE } from './settings'

const choose = (query: string, today = '2026-12-02', qs = 1) =>
	choosePeriod(new URLSearchParams(query), today, qs)

describe('the periods of the money report', () => {
	it('reads a month, a VAT quarter for any start month, a tax year and a custom range', () => {
		expect(choose('period=month&month=2026-02').period).toMatchObject({
			from: '2026-02-01',
			to: '2026-02-28',
			label: 'February 2026',
		})
		// Quarters from March: December falls in Dec–Feb, across the year end.
		expect(quarterPeriod('2026-12', 3)).toMatchObject({ from: '2026-12-01', to: '2027-02-28' })
		expect(quarterPeriod('2027-01', 3)).toMatchObject({ from: '2026-12-01', to: '2027-02-28' })
		expect(quarterPeriod('2026-11', 2)).toMatchObject({ from: '2026-11-01', to: '2027-01-31' })
		expect(quarterPeriod('2026-04', 1)).toMatchObject({ from: '2026-04-01', to: '2026-06-30' })
		expect(choose('period=tax-year&year=2026').period).toMatchObject({
			from: '2026-04-06',
			to: '2027-04-05',
			label: 'Tax year 2026–27',
		})
		expect(choose('period=custom&from=2026-10-01&to=2026-10-31')).toMatchObject({
			ok: true,
			period: { from: '2026-10-01', to: '2026-10-31' },
		})
	})

	it('defaults to the VAT quarter of today, with the saved start month', () => {
		expect(choose('', '2026-12-02', 3)).toMatchObject({
			ok: true,
			period: { kind: 'quarter', from: '2026-12-01', to: '2027-02-28' },
		})
		// Today's tax year: 2 April is still in the year that started last April.
		expect(choose('period=tax-year', '2027-04-02').period.from).toBe('2026-04-06')
	})

	it('answers bad input with a clear message and the current quarter, never an error', () => {
		const cases: Array<[string, RegExp | string]> = [
			['period=custom&from=2026-10-31&to=2026-10-01', /ends before it starts/],
			['period=month&month=2027-01', /starts after today/],
			['period=tax-year&year=2027', /starts after today/],
			['period=quarter&qs=13', QUARTER_START_MESSAGE],
			['period=quarter&qs=0', QUARTER_START_MESSAGE],
			['period=quarter&qs=-1', QUARTER_START_MESSAGE],
			['period=quarter&qs=1.5', QUARTER_START_MESSAGE],
			['period=month&month=2026-13', /year and month/],
			['period=custom&from=2026-02-30&to=2026-03-01', /both dates/],
			['period=custom&from=2020-01-01&to=2026-01-01', /at most two years/],
			['period=decade', /Choose a month/],
			['period=tax-year&year=%00', /tax year/],
			['period=tax-year&year=0000', /from 1 January 2000/],
			['period=month&month=0001-01', /from 1 January 2000/],
			['period=custom&from=0001-01-01&to=0001-12-31', /from 1 January 2000/],
		]
		for (const [query, message] of cases) {
			const choice = choose(query)
			expect(choice.ok, query).toBe(false)
			if (!choice.ok) expect(choice.message, query).toMatch(message)
			expect(choice.period).toMatchObject({ from: '2026-10-01', to: '2026-12-31' })
		}
	})

	it('asks for the same period again by its query', () => {
		for (const query of [
			'period=quarter&month=2026-08&qs=2',
			'period=custom&from=2026-01-05&to=2026-02-01',
			'period=tax-year&year=2025',
			'period=month&month=2026-03',
		]) {
			const first = choose(query)
			const again = choose(periodQuery(first.period, first.quarterStartMonth))
			expect(again.period).toEqual(first.period)
		}
	})

	it('charts a quarter by week from Monday and a year by month', () => {
		const weeks = bucketsOf({ from: '2026-10-01', to: '2026-12-31' })
		expect(weeks[0]).toBe('2026-10-01') // a Thursday: the first week counts from the 1st
		expect(weeks[1]).toBe('2026-10-05')
		expect(weeks).toHaveLength(14)
		expect(bucketLabel('2026-10-05')).toBe('w/c 5 Oct')
		const months = bucketsOf({ from: '2026-04-06', to: '2027-04-05' })
		expect(months).toHaveLength(13)
		expect(bucketLabel(months[0]!)).toBe('Apr 2026')
	})
})
