import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
	addDays,
	atLondonTime,
	dailyKey,
	londonClock,
	londonDate,
	nextDailyRun,
	nextLondonTime,
	startOfLondonDay,
} from './london-time'

describe('UK wall-clock times', () => {
	it('reads 07:30 as GMT in winter and BST in summer', () => {
		expect(atLondonTime('2026-11-25', '07:30').toISOString()).toBe('2026-11-25T07:30:00.000Z')
		expect(atLondonTime('2026-07-01', '07:30').toISOString()).toBe('2026-07-01T06:30:00.000Z')
	})

	it('reads every instant as Intl does, the seconds either side of each clock change too', () => {
		const intl = new Intl.DateTimeFormat('en-GB', {
			timeZone: 'Europe/London',
			hourCycle: 'h23',
			year: 'numeric',
			month: '2-digit',
			day: '2-digit',
			hour: '2-digit',
			minute: '2-digit',
		})
		const asIntl = (at: Date) => {
			const p = Object.fromEntries(intl.formatToParts(at).map((x) => [x.type, x.value]))
			return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`
		}
		const changes = ['2026-03-29T01:00:00Z', '2026-10-25T01:00:00Z', '2031-03-30T01:00:00Z']
		const edges = changes.flatMap((c) => [-1000, 0, 1000].map((d) => Date.parse(c) + d))
		const instants = fc.oneof(
			fc.integer({ min: Date.UTC(1990, 0), max: Date.UTC(2060, 0) }),
			fc.constantFrom(...edges),
		)
		fc.assert(
			fc.property(instants, (ms) => {
				const at = new Date(ms)
				expect(`${londonDate(at)} ${londonClock(at)}`).toBe(asIntl(at))
			}),
			{ numRuns: 2_000 },
		)
	})

	it('handles the days the clocks change', () => {
		// 29 Mar 2026: 01:00 GMT becomes 02:00 BST. 25 Oct 2026: 02:00 BST becomes 01:00 GMT.
		expect(atLondonTime('2026-03-29', '07:30').toISOString()).toBe('2026-03-29T06:30:00.000Z')
		expect(atLondonTime('2026-10-25', '07:30').toISOString()).toBe('2026-10-25T07:30:00.000Z')
		// A skipped time reads as GMT; a repeated one is its first occurrence.
		expect(atLondonTime('2026-03-29', '01:30').toISOString()).toBe('2026-03-29T01:30:00.000Z')
		expect(atLondonTime('2026-10-25', '01:30').toISOString()).toBe('2026-10-25T00:30:00.000Z')
	})

	it('finds the next daily occurrence, once a day across both clock changes', () => {
		const runs: string[] = []
		let at = new Date('2026-03-27T12:00:00Z')
		for (let i = 0; i < 4; i++) {
			at = nextLondonTime(at, '07:30')
			runs.push(at.toISOString())
		}
		expect(runs).toEqual([
			'2026-03-28T07:30:00.000Z',
			'2026-03-29T06:30:00.000Z',
			'2026-03-30T06:30:00.000Z',
			'2026-03-31T06:30:00.000Z',
		])
		const autumn: string[] = []
		at = new Date('2026-10-24T12:00:00Z')
		for (let i = 0; i < 3; i++) {
			at = nextLondonTime(at, '07:30')
			autumn.push(londonDate(at))
		}
		expect(autumn).toEqual(['2026-10-25', '2026-10-26', '2026-10-27'])
		// Exactly at the time: the next one is tomorrow's.
		expect(nextLondonTime(new Date('2026-11-25T07:30:00Z'), '07:30').toISOString()).toBe(
			'2026-11-26T07:30:00.000Z',
		)
	})

	it('dates by the UK calendar, not UTC', () => {
		expect(londonDate(new Date('2026-07-01T23:30:00Z'))).toBe('2026-07-02')
		expect(londonDate(new Date('2026-12-31T23:30:00Z'))).toBe('2026-12-31')
		expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
	})
})

describe('London calendar days', () => {
	it('starts a winter day at midnight UTC and a summer day at 23:00 UTC the day before', () => {
		expect(startOfLondonDay('2026-01-15').toISOString()).toBe('2026-01-15T00:00:00.000Z')
		expect(startOfLondonDay('2026-07-01').toISOString()).toBe('2026-06-30T23:00:00.000Z')
		// The day the clocks go forward still starts at GMT midnight.
		expect(startOfLondonDay('2026-03-29').toISOString()).toBe('2026-03-29T00:00:00.000Z')
		expect(startOfLondonDay('2026-03-30').toISOString()).toBe('2026-03-29T23:00:00.000Z')
	})
	it('steps to the next day across month and year ends', () => {
		expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
		expect(addDays('2028-02-28', 1)).toBe('2028-02-29')
	})
})

describe('daily jobs (issue 57 item 4)', () => {
	it('key a run by the UK day it happens on, either side of both clock changes', () => {
		// 29 Mar 2026: 01:00 GMT becomes 02:00 BST. 25 Oct 2026: 02:00 BST becomes 01:00 GMT.
		const keys = [
			'2026-03-28T23:30:00Z', // 23:30 GMT, Saturday
			'2026-03-29T00:30:00Z', // 00:30 GMT, Sunday
			'2026-03-29T23:30:00Z', // 00:30 BST, Monday
			'2026-10-24T23:30:00Z', // 00:30 BST, Sunday
			'2026-10-25T00:30:00Z', // 01:30 BST, the first of two 01:30s
			'2026-10-25T01:30:00Z', // 01:30 GMT, the second
			'2026-10-25T23:30:00Z', // 23:30 GMT, still Sunday
		].map((at) => dailyKey('morning-summary', new Date(at)))
		expect(keys).toEqual([
			'morning-summary:2026-03-28',
			'morning-summary:2026-03-29',
			'morning-summary:2026-03-30',
			'morning-summary:2026-10-25',
			'morning-summary:2026-10-25',
			'morning-summary:2026-10-25',
			'morning-summary:2026-10-25',
		])
	})

	it('run once per UK day after a late run, and at the time on the next day', () => {
		// Down at 07:30 on Saturday, back at 01:30 BST on Sunday (the first 01:30): Sunday's run.
		const late = new Date('2026-10-25T00:30:00Z')
		expect(nextDailyRun(late, '01:30').toISOString()).toBe('2026-10-26T01:30:00.000Z')
		expect(nextDailyRun(late, '07:30').toISOString()).toBe('2026-10-26T07:30:00.000Z')
		expect(nextDailyRun(new Date('2026-03-28T07:30:00Z'), '07:30').toISOString()).toBe(
			'2026-03-29T06:30:00.000Z',
		)
	})

	it('never run twice on one UK day, however the server starts and stops across the changes', () => {
		const start = Date.parse('2026-03-25T00:00:00Z')
		const autumn = Date.parse('2026-10-21T00:00:00Z')
		fc.assert(
			fc.property(
				fc.constantFrom(start, autumn),
				fc.constantFrom('00:30', '01:30', '02:30', '07:30', '23:30'),
				// Each restart comes some minutes after the run was due (0: the server was up).
				fc.array(fc.integer({ min: 0, max: 3 * 24 * 60 }), { minLength: 1, maxLength: 12 }),
				(from, hhmm, delays) => {
					const days = new Set<string>()
					let due = nextLondonTime(new Date(from), hhmm)
					for (const minutes of delays) {
						const ran = new Date(due.getTime() + minutes * 60_000)
						expect(days.has(londonDate(ran))).toBe(false)
						days.add(londonDate(ran))
						due = nextDailyRun(ran, hhmm)
						expect(due.getTime()).toBeGreaterThan(ran.getTime())
					}
				},
			),
		)
	})
})
