// npm run bench:start: `npm start` on a fresh clone of this commit (node_modules linked from
// here: `npm install` is timed apart), until it prints 'Shop ready', with the build's and the
// database's times from its output; the first visit to each page type after 'ready' (and one
// demo picture drawn on request); then a second start; then the server's resident memory with
// 50,000 products. Memory is sampled from /proc every 100 ms.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { processTree, serverRssMb } from './process-tree'
import { BROWSER_HEADERS, machine, percentile, summarise, writeResultsSection } from './support'
import { syntheticCatalogCsv } from './synthetic-catalog'

const PORT = 4535
const url = `http://localhost:${PORT}`
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'koi-bench-start-'))
const clone = path.join(root, 'shop')
const dataDir = path.join(root, 'data')

type Run = {
	seconds: number
	peakServerMb: number
	peakAnyMb: number
	peakCommand: string
	/** What it printed: the build's and the database's times are read from it. */
	output: () => string
}

/** Starts `script` in the clone and waits for 'Shop ready', sampling memory meanwhile. */
async function start(
	script = 'scripts/start.js',
	env: Record<string, string> = {},
): Promise<Run & { child: ChildProcess }> {
	const started = Date.now()
	const child = spawn(process.execPath, [script], {
		cwd: clone,
		env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, SITE_URL: url, ...env },
		stdio: ['ignore', 'pipe', 'inherit'],
	})
	let printed = ''
	child.stdout!.on('data', (chunk: Buffer) => {
		printed += chunk.toString()
		process.stdout.write(chunk)
	})
	let peakServerMb = 0
	let peakAnyMb = 0
	let peakCommand = ''
	for (;;) {
		if (child.exitCode !== null) throw new Error('npm start exited before serving')
		for (const p of processTree(child.pid!)) {
			if (p.command.includes('server.js')) peakServerMb = Math.max(peakServerMb, p.rssMb)
			if (p.rssMb > peakAnyMb) {
				peakAnyMb = p.rssMb
				peakCommand = p.command.split(' ').slice(1, 3).join(' ')
			}
		}
		if (printed.includes('Shop ready at')) break
		await new Promise((r) => setTimeout(r, 100))
	}
	const seconds = (Date.now() - started) / 1000
	return { child, seconds, peakServerMb, peakAnyMb, peakCommand, output: () => printed }
}

/** The time `pattern` names in the output (its first group: seconds, or ms with `ms`). */
function printedTime(output: string, pattern: RegExp, unit: 's' | 'ms') {
	const value = Number(pattern.exec(output)?.[1])
	return Number.isFinite(value) ? (unit === 'ms' ? value / 1000 : value) : Number.NaN
}

/** Milliseconds for one request, its body read. */
async function timed(path: string) {
	const started = performance.now()
	const res = await fetch(`${url}${path}`, { headers: BROWSER_HEADERS })
	await res.arrayBuffer()
	if (!res.ok) throw new Error(`${path}: ${res.status}`)
	return performance.now() - started
}

/** The first visit to each page type, one after another, as the first visitors would come. */
async function firstVisits() {
	const category = await fetch(`${url}/pond-products/pumps`).then((r) => r.text())
	const product = /href="(\/pond-products\/pumps\/[^"?#]+)"/.exec(category)?.[1] ?? '/'
	const pages = ['/', '/pond-products', product, '/portfolio', '/portfolio/pond3', '/about']
	pages.push('/services', '/contact', '/cart', '/auth', '/pond-products/filters')
	const times: Array<{ page: string; ms: number }> = []
	for (const page of pages) times.push({ page, ms: await timed(page) })
	return times
}

async function stop(child: ChildProcess) {
	child.kill('SIGTERM')
	await new Promise((resolve) => child.once('exit', resolve))
}

/** `uptime`'s three load averages (1, 5, 15 minutes): the machine is shared, so say how busy. */
const uptime = () =>
	os
		.loadavg()
		.map((l) => l.toFixed(2))
		.join(', ')
const uptimeBefore = uptime()
execFileSync('git', ['clone', '--quiet', '--no-hardlinks', process.cwd(), clone])
execFileSync(
	'git',
	['checkout', '--quiet', execFileSync('git', ['rev-parse', 'HEAD']).toString().trim()],
	{
		cwd: clone,
	},
)
fs.symlinkSync(path.resolve('node_modules'), path.join(clone, 'node_modules'))
try {
	const first = await start()
	const visits = await firstVisits()
	// A picture nobody asked for yet (the warm-up does the home page's first).
	const picture = await timed('/images/portfolio/pond4/13-960.avif')
	await stop(first.child)
	const second = await start()
	const secondVisits = await firstVisits()
	const afterBoot = serverRssMb(second.child.pid!)
	await stop(second.child)
	const build = printedTime(first.output(), /Build: done in ([\d.]+) s/, 's')
	const database = printedTime(first.output(), /"ms":(\d+),"msg":"database ready"/, 'ms')
	const all = [...visits, ...secondVisits].map((v) => v.ms)
	const p95 = percentile(all, 0.95)

	// The same server on a 50,000-product catalogue loaded from the start-up file (server.js as
	// `npm run start:prod` runs it: the synthetic rows all share one placeholder image).
	const csv = path.join(root, 'products-50k.csv')
	fs.writeFileSync(csv, syntheticCatalogCsv(50_000))
	const big = await start('server.js', { CATALOG_FILE: csv, NODE_ENV: 'production' })
	for (const page of [
		'/pond-products/pumps?page=250',
		'/pond-products?search=pump',
		'/pond-products/skimmers/25004',
	])
		await (await fetch(`${url}${page}`)).text()
	const at50k = serverRssMb(big.child.pid!)
	await stop(big.child)

	const body = `
Command: \`npm run bench:start\` (${machine()}; load average ${uptimeBefore} before, ${uptime()} after, as \`uptime\` shows them). A fresh clone of this commit with \`node_modules\` linked (\`npm install\` itself is timed apart), \`node scripts/start.js\` until it prints 'Shop ready'; memory sampled from /proc every 100 ms. Demo pictures are drawn on request and warmed after 'ready' (decision 0028).

| Measure | Result | Target |
|---|---|---|
| First start until 'Shop ready' (build, database, catalogue) | ${first.seconds.toFixed(1)} s | ≤ 45 s |
| — of which the bundle build (printed by \`npm start\`) | ${build.toFixed(1)} s | — |
| — of which the database: created, migrated, seeded (logged) | ${database.toFixed(1)} s | — |
| Second start | ${second.seconds.toFixed(1)} s | ≤ 3 s |
| First visit to each page type after 'ready', p95 of ${all.length} (both starts) | ${p95.toFixed(0)} ms | ≤ 300 ms |
| Slowest first visit | ${Math.max(...all).toFixed(0)} ms (${[...visits, ...secondVisits].sort((a, b) => b.ms - a.ms)[0]?.page}) | — |
| A demo picture drawn on its first request (\`/images/portfolio/pond4/13-960.avif\`) | ${picture.toFixed(0)} ms | — |
| Server peak RSS during the first start | ${first.peakServerMb} MB | ≤ 350 MB |
| Largest process during the first start | ${first.peakAnyMb} MB (${first.peakCommand}) | — |
| Server RSS after the second start (demo catalogue) | ${afterBoot} MB | — |
| Server RSS with 50,000 products (loaded, three pages rendered) | ${at50k} MB | ≤ 350 MB |
`
	// First visits, in order (first start; second start).
	const list = (v: typeof visits) => v.map((x) => `\`${x.page}\` ${x.ms.toFixed(0)}`).join(', ')
	const section = `${body}\nFirst visits after the first start: ${list(visits)} ms.\nAfter the second start: ${list(secondVisits)} ms.\n`
	writeResultsSection('First start', section)
	console.log(section)
	summarise([
		{
			target: '5',
			measure: 'First start (fresh clone, npm start)',
			result: `${first.seconds.toFixed(1)} s`,
			goal: '≤ 45 s',
			met: first.seconds <= 45,
		},
		{
			target: '5',
			measure: 'Second start',
			result: `${second.seconds.toFixed(1)} s`,
			goal: '≤ 3 s',
			met: second.seconds <= 3,
		},
		{
			target: '5',
			measure: "First visit to each page type after 'ready', p95",
			result: `${p95.toFixed(0)} ms`,
			goal: '≤ 300 ms',
			met: p95 <= 300,
		},
		{
			target: '4',
			measure: 'Server peak RSS during first start',
			result: `${first.peakServerMb} MB`,
			goal: '≤ 350 MB',
			met: first.peakServerMb <= 350,
		},
		{
			target: '4',
			measure: 'Server RSS with 50,000 products',
			result: `${at50k} MB`,
			goal: '≤ 350 MB',
			met: at50k <= 350,
		},
	])
} finally {
	fs.rmSync(root, { recursive: true, force: true })
}
