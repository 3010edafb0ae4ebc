// npm run bench:start: `npm start` on a fresh clone of this commit (node_modules linked from
// here: `npm install` is timed apart), until /healthz answers; then a second start; then the
// server's resident memory with 50,000 products. Memory is sampled from /proc every 100 ms.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { processTree, serverRssMb } from './process-tree'
import { machine, summarise, writeResultsSection } from './support'
import { syntheticCatalogCsv } from './synthetic-catalog'

const PORT = 4535
const url = `http://localhost:${PORT}`
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'koi-bench-start-'))
const clone = path.join(root, 'shop')
const dataDir = path.join(root, 'data')

type Run = { seconds: number; peakServerMb: number; peakAnyMb: number; peakCommand: string }

/** Starts `script` in the clone and waits for /healthz, sampling memory meanwhile. */
async function start(
	script = 'scripts/start.js',
	env: Record<string, string> = {},
): Promise<Run & { child: ChildProcess }> {
	const started = Date.now()
	const child = spawn(process.execPath, [script], {
		cwd: clone,
		env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, SITE_URL: url, ...env },
		stdio: ['ignore', 'inherit', 'inherit'],
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
		try {
			if ((await fetch(`${url}/healthz`)).ok) break
		} catch {}
		await new Promise((r) => setTimeout(r, 100))
	}
	return { child, seconds: (Date.now() - started) / 1000, peakServerMb, peakAnyMb, peakCommand }
}

async function stop(child: ChildProcess) {
	child.kill('SIGTERM')
	await new Promise((resolve) => child.once('exit', resolve))
}

const loadBefore = os.loadavg()[0]!
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
	await stop(first.child)
	const second = await start()
	const afterBoot = serverRssMb(second.child.pid!)
	await stop(second.child)

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
	const loadAfter = os.loadavg()[0]!

	const body = `
Command: \`npm run bench:start\` (${machine()}; load average ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after). A fresh clone of this commit with \`node_modules\` linked (\`npm install\` itself is timed apart), \`node scripts/start.js\` until \`/healthz\` answers; memory sampled from /proc every 100 ms.

| Measure | Result | Target |
|---|---|---|
| First start (images, build, database, catalogue) | ${first.seconds.toFixed(1)} s | ≤ 90 s |
| Second start | ${second.seconds.toFixed(1)} s | ≤ 5 s |
| Server peak RSS during the first start | ${first.peakServerMb} MB | ≤ 350 MB |
| Largest process during the first start | ${first.peakAnyMb} MB (${first.peakCommand}) | — |
| Server RSS after the second start (demo catalogue) | ${afterBoot} MB | — |
| Server RSS with 50,000 products (loaded, three pages rendered) | ${at50k} MB | ≤ 350 MB |
`
	writeResultsSection('First start', body)
	console.log(body)
	summarise([
		{
			target: '5',
			measure: 'First start (fresh clone, npm start)',
			result: `${first.seconds.toFixed(1)} s`,
			goal: '≤ 90 s',
			met: first.seconds <= 90,
		},
		{
			target: '5',
			measure: 'Second start',
			result: `${second.seconds.toFixed(1)} s`,
			goal: '≤ 5 s',
			met: second.seconds <= 5,
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
