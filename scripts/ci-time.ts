// CI's timing report (issue 56): where a run's minutes went, read from the step times .ci/run
// records and the JSON reports its test runners already write.
//
//   tsx scripts/ci-time.ts report <results-dir>   prints the step table and the 15 slowest test
//                                                 files and tests; writes them to .ci/last-run.md
//   npm run ci:time                               adds the last run's step table to the history
//                                                 in bench/RESULTS.md ('CI timings')
import { execSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { type CiRun, historyRow, readReports, renderRun, slowest } from './ci-time-report'

const LAST_RUN = '.ci/last-run.json'
const LAST_RUN_TEXT = '.ci/last-run.md'
const RESULTS = 'bench/RESULTS.md'
const HEADING = '## CI timings (`.ci/run`, `npm run ci:time`)'

const [command, dir] = process.argv.slice(2)

if (command === 'report' && dir) {
	const steps = fs
		.readFileSync(path.join(dir, 'steps.tsv'), 'utf8')
		.split('\n')
		.filter(Boolean)
		.map((line) => {
			const [name, seconds, status] = line.split('\t')
			return { name: name!, seconds: Number(seconds), status: status! }
		})
	const reports = fs
		.readdirSync(dir)
		.filter((file) => file.endsWith('.json'))
		.map((file) => ({
			step: file.replace(/\.json$/, ''),
			json: JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as unknown,
		}))
	const { files, tests } = slowest(readReports(reports), 15)
	const run: CiRun = {
		date: new Date().toISOString(),
		commit: git('git rev-parse --short HEAD'),
		loadAtStart: process.env.CI_LOAD_AT_START ?? '',
		cores: os.cpus().length,
		wallSeconds: process.env.CI_RUN_STARTED
			? Math.round(Date.now() / 1000) - Number(process.env.CI_RUN_STARTED)
			: undefined,
		steps,
		files,
		tests,
	}
	const text = renderRun(run)
	console.log(text)
	fs.writeFileSync(LAST_RUN, `${JSON.stringify(run, null, '\t')}\n`)
	fs.writeFileSync(LAST_RUN_TEXT, text)
} else if (command === 'record') {
	if (!fs.existsSync(LAST_RUN)) {
		console.error(`No ${LAST_RUN}: run .ci/run first.`)
		process.exit(1)
	}
	const run = JSON.parse(fs.readFileSync(LAST_RUN, 'utf8')) as CiRun
	const results = fs.readFileSync(RESULTS, 'utf8')
	const row = historyRow(run)
	const header =
		'| Date (UTC) | Commit | Load at start | Total | Steps (s) | Slowest file |\n|---|---|---|---|---|---|\n'
	const next = results.includes(HEADING)
		? results.replace(
				`${HEADING}\n\n${intro()}\n\n${header}`,
				`${HEADING}\n\n${intro()}\n\n${header}${row}\n`,
			)
		: `${results.trimEnd()}\n\n${HEADING}\n\n${intro()}\n\n${header}${row}\n`
	if (next === results) {
		console.error(`Could not find the history table under '${HEADING}' in ${RESULTS}.`)
		process.exit(1)
	}
	fs.writeFileSync(RESULTS, next)
	console.log(`Added to ${RESULTS}: ${row}`)
} else {
	console.error('Usage: tsx scripts/ci-time.ts report <results-dir> | record')
	process.exit(2)
}

function intro() {
	return 'Each `.ci/run` writes its step table and slowest tests to `.ci/last-run.md`; `npm run ci:time` adds a row here, newest first. Budget: 20 minutes on the 2-core machine (hard limit 90).'
}

function git(cmd: string) {
	try {
		return execSync(cmd, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()
	} catch {
		return ''
	}
}
