// npm run bench:insights (issue 33): `/` from the page cache with visit counting on and off, how
// many views one instance records a second, the /admin/insights dashboard over 1,000,000 stored
// views for each period, and the server's memory while it counts.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { count } from 'drizzle-orm'
import { VisitRecorder } from '~/.server/analytics/recorder'
import { openDatabase } from '~/.server/db/client'
import { pageViews } from '~/.server/db/schema'
import { createLogger } from '~/.server/logger'
import { seedOrders, seedVisits } from './insights-seed'
import { serverRssMb } from './process-tree'
import {
	machine,
	signInCookie,
	startProductionServer,
	summarise,
	writeResultsSection,
} from './support'

const PORT = Number(process.env.BENCH_PORT ?? 4370)
const VIEWS = Number(process.env.BENCH_VIEWS ?? 1_000_000)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8)
const ROUNDS = 2
const DASHBOARD_REQUESTS = Number(process.env.BENCH_REQUESTS ?? 40)
const ADMIN = { email: 'bench-admin@example.co.uk', password: 'bench admin password' }
const UA = (i: number) =>
	`Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.${i % 997}.${i} Safari/537.36`

/** `/` for a crowd: each request another address (one proxy trusted) and browser build. */
async function homeLoad(url: string) {
	let i = 0
	const result = await autocannon({
		url: `${url}/`,
		connections: 32,
		duration: SECONDS,
		requests: [
			{
				setupRequest: (req) => {
					i++
					req.headers = {
						...req.headers,
						'accept-encoding': 'gzip',
						accept: 'text/html',
						'user-agent': UA(i),
						'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
					}
					return req
				},
			},
		],
	})
	return {
		rps: result.requests.average,
		errors: result.errors + result.non2xx,
		total: result.requests.total,
	}
}

async function throughput(dataDir: string) {
	const figures: Record<'on' | 'off', number[]> = { on: [], off: [] }
	let rss = { idle: 0, peak: 0 }
	let recorded = { rows: 0, requests: 0, seconds: 0 }
	for (let round = 0; round < ROUNDS; round++) {
		for (const counting of ['off', 'on'] as const) {
			const dir = path.join(dataDir, `${counting}-${round}`)
			const server = await startProductionServer(PORT, {
				DATA_DIR: dir,
				VISIT_COUNTING: counting,
				TRUST_PROXY: '1',
				OUTBOX_POLL_MS: '60000',
			})
			try {
				// Warm-up as a bot (never counted), so the rows afterwards are the measured run's alone.
				await autocannon({
					url: `${server.url}/`,
					connections: 4,
					duration: 2,
					headers: { 'user-agent': 'curl/8.5.0' },
				})
				const idle = serverRssMb(server.child.pid!)
				let peak = idle
				const sampler = setInterval(() => {
					peak = Math.max(peak, serverRssMb(server.child.pid!))
				}, 200)
				const load = await homeLoad(server.url)
				await new Promise((r) => setTimeout(r, 1500))
				clearInterval(sampler)
				if (load.errors) throw new Error(`${load.errors} errors with counting ${counting}`)
				figures[counting].push(load.rps)
				if (counting === 'on' && round === ROUNDS - 1) {
					rss = { idle, peak }
					recorded = { rows: 0, requests: load.total, seconds: SECONDS }
				}
			} finally {
				await server.stop({ keepData: counting === 'on' && round === ROUNDS - 1 })
			}
			if (counting === 'on' && round === ROUNDS - 1) {
				const database = await openDatabase({ dataDir: path.join(dir, 'db') })
				const counted = await database.db.select({ n: count() }).from(pageViews)
				recorded.rows = counted[0]?.n ?? 0
				await database.close()
			}
		}
	}
	const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length
	return { off: mean(figures.off), on: mean(figures.on), rss, recorded }
}

/** How fast one recorder writes: 60,000 views from 50,000 visitors, flushed as the timer would. */
async function recorderRate() {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'koi-bench-recorder-'))
	const database = await openDatabase({ dataDir: path.join(dir, 'db') })
	const recorder = new VisitRecorder({
		db: database.db,
		siteHost: 'localhost',
		logger: createLogger('silent'),
	})
	const total = 60_000
	const started = performance.now()
	for (let i = 0; i < total; i++) {
		recorder.record({
			kind: 'view',
			at: Date.now(),
			ip: `10.0.${(i >> 8) & 255}.${i & 255}`,
			userAgent: UA(i % 50_000),
			path: `/pond-products/pumps/${i % 250}`,
			search: i % 7 ? '' : '?utm_source=facebook',
			referrer: i % 3 ? undefined : 'https://www.google.co.uk/',
		})
		if (i % 5000 === 4999) await recorder.flush()
	}
	await recorder.flush()
	const seconds = (performance.now() - started) / 1000
	await database.close()
	fs.rmSync(dir, { recursive: true, force: true })
	return total / seconds
}

const PERIODS: Array<[string, string]> = [
	['7 days', 'period=7d'],
	['30 days', 'period=30d'],
	['90 days', 'period=90d'],
	['12 months', 'period=12m'],
	[
		'Custom, 6 months',
		`period=custom&from=${new Date(Date.now() - 182 * 86_400_000).toISOString().slice(0, 10)}&to=${new Date().toISOString().slice(0, 10)}`,
	],
	['CSV, 12 months', 'period=12m'],
]

async function dashboard(dataDir: string) {
	const database = await openDatabase({ dataDir: path.join(dataDir, 'db') })
	const seeded = await seedVisits(database, VIEWS)
	await seedOrders(database, 5000)
	await database.close()
	execFileSync(
		'npx',
		['tsx', 'cli/admin-create.ts', '--email', ADMIN.email, '--password', ADMIN.password],
		{
			env: { ...process.env, DATA_DIR: dataDir },
			stdio: 'ignore',
		},
	)
	const server = await startProductionServer(PORT, {
		DATA_DIR: dataDir,
		OUTBOX_POLL_MS: '60000',
		VISIT_COUNTING: 'off',
	})
	const rows: Array<{ name: string; p50: number; p95: number }> = []
	try {
		const cookie = await signInCookie(server.url, ADMIN)
		for (const [name, query] of PERIODS) {
			const target = `${server.url}/admin/insights${name.startsWith('CSV') ? '.csv' : ''}?${query}`
			const times: number[] = []
			for (let i = 0; i < DASHBOARD_REQUESTS + 3; i++) {
				const start = performance.now()
				const res = await fetch(target, { headers: { cookie } })
				await res.arrayBuffer()
				if (res.status !== 200) throw new Error(`${target}: ${res.status}`)
				if (i >= 3) times.push(performance.now() - start)
			}
			times.sort((a, b) => a - b)
			const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!
			rows.push({ name, p50: at(0.5), p95: at(0.95) })
		}
	} finally {
		await server.stop({ keepData: true })
	}
	return { rows, seeded }
}

const loadBefore = os.loadavg()[0]?.toFixed(1)
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'koi-bench-insights-'))
try {
	// BENCH_ONLY=dashboard skips the throughput runs (while working on the dashboard's queries).
	const only = process.env.BENCH_ONLY
	const home =
		only === 'dashboard'
			? { off: 1, on: 1, rss: { idle: 0, peak: 0 }, recorded: { rows: 0, requests: 0, seconds: 1 } }
			: await throughput(dataDir)
	const rate = only === 'dashboard' ? 0 : await recorderRate()
	const dash = await dashboard(path.join(dataDir, 'dashboard'))
	const change = ((home.on - home.off) / home.off) * 100
	const growth = home.rss.peak - home.rss.idle
	const worst = Math.max(...dash.rows.map((r) => r.p95))
	const body = `
Command: \`npm run bench:insights\` (${machine()}; PGlite; load average ${loadBefore} before, ${os.loadavg()[0]?.toFixed(1)} after).

| Measure | Result | Target |
|---|---|---|
| \`/\` page-cache hits, counting off (32 connections, ${SECONDS} s × ${ROUNDS}, every request another address and browser) | ${Math.round(home.off)} req/s | — |
| \`/\` page-cache hits, counting on | ${Math.round(home.on)} req/s (${change >= 0 ? '+' : ''}${change.toFixed(1)} %) | within 5 % |
| Views recorded by the server in that run (the server also counts the 32 requests still in flight when autocannon stops) | ${home.recorded.rows.toLocaleString('en-GB')} of ${home.recorded.requests.toLocaleString('en-GB')} requests (${Math.round(home.recorded.rows / home.recorded.seconds)} a second) | all |
| One recorder's write rate (60,000 views, 50,000 visitors, batches as the timer makes them) | ${Math.round(rate).toLocaleString('en-GB')} views/s | ≥ 2,000 |
| Server RSS while counting (idle → peak) | ${home.rss.idle} → ${home.rss.peak} MB (+${growth} MB) | ≤ 20 MB |
| Seeding ${VIEWS.toLocaleString('en-GB')} views / rolling 365 days into daily totals | ${(dash.seeded.seedMs / 1000).toFixed(1)} s / ${(dash.seeded.rollupMs / 1000).toFixed(1)} s | — |

Dashboard \`/admin/insights\` over ${VIEWS.toLocaleString('en-GB')} stored views and 5,000 orders (${DASHBOARD_REQUESTS} requests each, one at a time, signed-in admin):

| Period | p50 | p95 (target ≤ 300 ms) |
|---|---|---|
${dash.rows.map((r) => `| ${r.name} | ${r.p50.toFixed(0)} ms | ${r.p95.toFixed(0)} ms |`).join('\n')}
`
	if (!only) writeResultsSection('Visit counting and the insights dashboard (issue 33)', body)
	summarise([
		{
			target: '33',
			measure: '`/` cache hits, counting on vs off',
			result: `${change.toFixed(1)} %`,
			goal: 'within 5 %',
			met: change >= -5,
		},
		{
			target: '33',
			measure: 'Views recorded a second',
			result: `${Math.round(rate)}`,
			goal: '≥ 2,000',
			met: rate >= 2000,
		},
		{
			target: '33',
			measure: 'Insights p95, worst period',
			result: `${worst.toFixed(0)} ms`,
			goal: '≤ 300 ms',
			met: worst <= 300,
		},
		{
			target: '33',
			measure: 'RSS growth while counting',
			result: `${growth} MB`,
			goal: '≤ 20 MB',
			met: growth <= 20,
		},
	])
	console.log(body)
} finally {
	fs.rmSync(dataDir, { recursive: true, force: true })
}
