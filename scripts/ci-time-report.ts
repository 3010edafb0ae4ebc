// Pure part of scripts/ci-time.ts: reading test runners' JSON reports into timings, and the text.

export type Step = { name: string; seconds: number; status: string }
export type Timed = { step: string; name: string; seconds: number }
export type CiRun = {
	date: string
	commit: string
	loadAtStart: string
	cores: number
	/** The run's wall time: less than the steps' sum when steps ran side by side. */
	wallSeconds?: number
	steps: Step[]
	files: Timed[]
	tests: Timed[]
}

type VitestReport = {
	testResults: Array<{
		name: string
		startTime?: number
		endTime?: number
		assertionResults?: Array<{ fullName: string; duration?: number | null }>
	}>
}
type PlaywrightSuite = {
	title?: string
	file?: string
	specs?: Array<{
		title: string
		file: string
		tests?: Array<{ projectName?: string; results?: Array<{ duration?: number }> }>
	}>
	suites?: PlaywrightSuite[]
}

const relative = (file: string) => file.replace(`${process.cwd()}/`, '')

/**
 * Every test file's and test's wall time in every report: Vitest's (a file from its start to its
 * end) and Playwright's (a file is the sum of its tests, per project, as they run one at a time).
 */
export function readReports(reports: Array<{ step: string; json: unknown }>) {
	const files: Timed[] = []
	const tests: Timed[] = []
	for (const { step, json } of reports) {
		if (json && typeof json === 'object' && 'testResults' in json) {
			for (const file of (json as VitestReport).testResults) {
				const name = relative(file.name)
				if (file.startTime !== undefined && file.endTime !== undefined)
					files.push({ step, name, seconds: (file.endTime - file.startTime) / 1000 })
				for (const test of file.assertionResults ?? [])
					tests.push({
						step,
						name: `${name} › ${test.fullName}`,
						seconds: (test.duration ?? 0) / 1000,
					})
			}
		} else if (json && typeof json === 'object' && 'suites' in json) {
			const perFile = new Map<string, number>()
			const walk = (suite: PlaywrightSuite, titles: string[]) => {
				for (const spec of suite.specs ?? [])
					for (const test of spec.tests ?? []) {
						const seconds = (test.results ?? []).reduce((s, r) => s + (r.duration ?? 0), 0) / 1000
						const project = test.projectName ? `[${test.projectName}] ` : ''
						const key = `${project}tests/e2e/${spec.file}`
						perFile.set(key, (perFile.get(key) ?? 0) + seconds)
						tests.push({ step, name: `${key} › ${[...titles, spec.title].join(' › ')}`, seconds })
					}
				for (const child of suite.suites ?? [])
					walk(child, child.title ? [...titles, child.title] : titles)
			}
			for (const suite of (json as { suites: PlaywrightSuite[] }).suites) walk(suite, [])
			for (const [name, seconds] of perFile) files.push({ step, name, seconds })
		}
	}
	return { files, tests }
}

export function slowest({ files, tests }: { files: Timed[]; tests: Timed[] }, n: number) {
	const top = (list: Timed[]) => [...list].sort((a, b) => b.seconds - a.seconds).slice(0, n)
	return { files: top(files), tests: top(tests) }
}

export const minutes = (seconds: number) =>
	`${Math.floor(seconds / 60)}:${String(Math.round(seconds % 60)).padStart(2, '0')}`

const wallTime = (run: CiRun) =>
	run.wallSeconds ?? run.steps.reduce((sum, step) => sum + step.seconds, 0)

export function renderRun(run: CiRun) {
	const total = wallTime(run)
	const lines = [
		`# CI run ${run.date} (${run.commit}, ${run.cores} cores, load at start ${run.loadAtStart || 'unknown'})`,
		'',
		'| Step | Wall time | Result |',
		'|---|---|---|',
		...run.steps.map((s) => `| ${s.name} | ${minutes(s.seconds)} | ${s.status} |`),
		`| **Total (wall)** | **${minutes(total)}** | |`,
		'',
		`## The ${run.files.length} slowest test files`,
		'',
		...run.files.map((f) => `- ${f.seconds.toFixed(1)} s — ${f.name} (${f.step})`),
		'',
		`## The ${run.tests.length} slowest tests`,
		'',
		...run.tests.map((t) => `- ${t.seconds.toFixed(1)} s — ${t.name} (${t.step})`),
		'',
	]
	return lines.join('\n')
}

/** One line of the history table in bench/RESULTS.md. */
export function historyRow(run: CiRun) {
	const total = wallTime(run)
	const steps = run.steps.map((s) => `${s.name} ${Math.round(s.seconds)}`).join(' · ')
	const file = run.files[0] ? `${run.files[0].name} ${run.files[0].seconds.toFixed(0)} s` : ''
	const failed = run.steps.some((s) => s.status !== 'ok') ? ' (red)' : ''
	return `| ${run.date.slice(0, 16).replace('T', ' ')} | ${run.commit} | ${run.loadAtStart} | ${minutes(total)}${failed} | ${steps} | ${file} |`
}
