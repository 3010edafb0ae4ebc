// npm run bench: every benchmark of issue 22 against the production build, one after another (each
// in its own process, with the machine to itself), then one table of each figure beside its
// target, written to bench/RESULTS.md with the date and the load average before and after.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { machine, type SummaryRow, writeResultsSection } from './support'

const BENCHES = [
	['bench/start.ts', 'first and second start, memory while creating the database'],
	['bench/pages.ts', 'pages for visitors, customers and staff'],
	['bench/orders.ts', 'order placement on both databases, memory after it'],
	['bench/catalog.ts', 'catalogue at 50,000 products'],
	['bench/lighthouse.ts', 'Lighthouse mobile'],
	['bench/home.ts', 'home page weight'],
] as const

const summary = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'koi-bench-')), 'summary.jsonl')
const loadBefore = os.loadavg().map((n) => n.toFixed(1))
const started = Date.now()
if (!process.env.BENCH_SKIP_BUILD) execFileSync('npm', ['run', 'build'], { stdio: 'inherit' })
const failures: string[] = []
for (const [file, what] of BENCHES) {
	if (!fs.existsSync(file)) continue
	console.log(`\n== ${what} (${file})`)
	try {
		execFileSync('npx', ['tsx', file], {
			stdio: 'inherit',
			env: { ...process.env, BENCH_SUMMARY: summary, BENCH_SKIP_LIGHTHOUSE: '1' },
		})
	} catch (error) {
		failures.push(`${file}: ${(error as Error).message.split('\n')[0]}`)
	}
}
const rows: SummaryRow[] = fs.existsSync(summary)
	? fs
			.readFileSync(summary, 'utf8')
			.trim()
			.split('\n')
			.filter(Boolean)
			.map((line) => JSON.parse(line))
	: []
rows.sort((a, b) => a.target.localeCompare(b.target, 'en', { numeric: true }))
const mark = (met: boolean | null) => (met === null ? '—' : met ? 'met' : '**not met**')
const table = rows
	.map((r) => `| ${r.target} | ${r.measure} | ${r.result} | ${r.goal} | ${mark(r.met)} |`)
	.join('\n')
const body = `
Command: \`npm run bench\` (${machine()}; ${Math.round((Date.now() - started) / 60_000)} min; load average ${loadBefore.join(' / ')} before (1, 5, 15 min), ${os
	.loadavg()
	.map((n) => n.toFixed(1))
	.join(' / ')} after). Each figure is from this one run; the sections below give the detail.

| Target | Measure | Result | Goal | |
|---|---|---|---|---|
${table}
${failures.length ? `\nBenches that failed: ${failures.join('; ')}\n` : ''}`
writeResultsSection('Summary: npm run bench (issue 22)', body)
console.log(body)
if (failures.length) process.exitCode = 1
