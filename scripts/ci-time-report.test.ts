import { describe, expect, it } from 'vitest'
import { historyRow, minutes, readReports, renderRun, slowest } from './ci-time-report'

const vitest = {
	testResults: [
		{
			name: `${process.cwd()}/tests/integration/slow.test.ts`,
			startTime: 1_000,
			endTime: 31_000,
			assertionResults: [
				{ fullName: 'slow one', duration: 20_000 },
				{ fullName: 'quick one', duration: 5 },
			],
		},
		{
			name: `${process.cwd()}/app/lib/money.test.ts`,
			startTime: 0,
			endTime: 200,
			assertionResults: [{ fullName: 'formats pence', duration: 3 }],
		},
	],
}
const playwright = {
	suites: [
		{
			title: 'cart.spec.ts',
			file: 'cart.spec.ts',
			specs: [
				{
					title: 'adds to cart',
					file: 'cart.spec.ts',
					tests: [
						{ projectName: 'desktop', results: [{ duration: 12_000 }] },
						{ projectName: 'mobile', results: [{ duration: 8_000 }] },
					],
				},
			],
			suites: [
				{
					title: 'checkout',
					specs: [
						{
							title: 'pays',
							file: 'cart.spec.ts',
							tests: [{ projectName: 'desktop', results: [{ duration: 25_000 }] }],
						},
					],
				},
			],
		},
	],
}

describe('CI timing report', () => {
	const timings = readReports([
		{ step: 'pglite', json: vitest },
		{ step: 'e2e', json: playwright },
	])

	it('reads file and test times from Vitest and Playwright reports', () => {
		expect(timings.files).toContainEqual({
			step: 'pglite',
			name: 'tests/integration/slow.test.ts',
			seconds: 30,
		})
		expect(timings.files).toContainEqual({
			step: 'e2e',
			name: '[desktop] tests/e2e/cart.spec.ts',
			seconds: 37,
		})
		expect(timings.files).toContainEqual({
			step: 'e2e',
			name: '[mobile] tests/e2e/cart.spec.ts',
			seconds: 8,
		})
		expect(timings.tests).toContainEqual({
			step: 'e2e',
			name: '[desktop] tests/e2e/cart.spec.ts › checkout › pays',
			seconds: 25,
		})
	})

	it('keeps the slowest, slowest first', () => {
		const { files, tests } = slowest(timings, 2)
		expect(files.map((f) => f.seconds)).toEqual([37, 30])
		expect(tests.map((t) => t.name)).toEqual([
			'[desktop] tests/e2e/cart.spec.ts › checkout › pays',
			'tests/integration/slow.test.ts › slow one',
		])
	})

	it('prints the step table with its total, and a history row that says red', () => {
		const run = {
			date: '2026-12-02T01:00:00.000Z',
			commit: 'abc1234',
			loadAtStart: '0.4',
			cores: 2,
			steps: [
				{ name: 'typecheck', seconds: 65, status: 'ok' },
				{ name: 'e2e', seconds: 600, status: 'FAILED' },
			],
			...slowest(timings, 1),
		}
		expect(minutes(665)).toBe('11:05')
		expect(renderRun(run)).toContain('| **Total (wall)** | **11:05** | |')
		expect(renderRun(run)).toContain('- 37.0 s — [desktop] tests/e2e/cart.spec.ts (e2e)')
		expect(renderRun({ ...run, wallSeconds: 605 })).toContain('| **Total (wall)** | **10:05** | |')
		expect(historyRow(run)).toBe(
			'| 2026-12-02 01:00 | abc1234 | 0.4 | 11:05 (red) | typecheck 65 · e2e 600 | [desktop] tests/e2e/cart.spec.ts 37 s |',
		)
	})
})
