import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'

export const RESULTS_FILE = 'bench/RESULTS.md'

/** Starts the production server (build must exist) on its own port and data directory. */
export async function startProductionServer(
	port: number,
	env: Record<string, string> = {},
	nodeArgs: string[] = [],
) {
	requireBuild()
	const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'koi-bench-'))
	const child = spawn(process.execPath, [...nodeArgs, 'server.js'], {
		env: {
			...process.env,
			NODE_ENV: 'production',
			STAFF_SECOND_FACTOR: 'relaxed-for-tests',
			PORT: String(port),
			DATA_DIR: dataDir,
			LOG_LEVEL: 'warn',
			SITE_URL: `http://localhost:${port}`,
			...env,
		},
		stdio: ['ignore', 'inherit', 'inherit'],
	})
	const url = `http://localhost:${port}`
	await waitForHealthy(url, child)
	return {
		url,
		child,
		dataDir,
		async stop({ keepData = false } = {}) {
			child.kill('SIGTERM')
			await new Promise((resolve) => child.once('exit', resolve))
			if (!keepData) fs.rmSync(dataDir, { recursive: true, force: true })
		},
	}
}

/** Benches measure the production build; without one, server.js would fail on an import. */
export function requireBuild() {
	if (!fs.existsSync('build/server/index.js')) {
		throw new Error('No production build: run `npm run build` first.')
	}
}

/** Resolves once the server answers /healthz; throws if it exits or is not up within 60 s. */
export async function waitForHealthy(url: string, child: ChildProcess) {
	for (let i = 0; i < 300; i++) {
		if (child.exitCode !== null) throw new Error('server exited during start-up')
		try {
			if ((await fetch(`${url}/healthz`)).ok) return
		} catch {}
		await new Promise((r) => setTimeout(r, 200))
	}
	throw new Error('server did not become healthy')
}

/** Replaces (or appends) one `## heading` section of bench/RESULTS.md, leaving the others alone. */
export function writeResultsSection(heading: string, body: string) {
	const existing = fs.existsSync(RESULTS_FILE)
		? fs.readFileSync(RESULTS_FILE, 'utf8')
		: '# Benchmark results\n\nFigures from `npm run bench*` on the development machine (2 cores, loopback). Each section names the command that produced it. The figures of 23 Nov 2026 were taken while other work kept the machine at a load average of 4–9, which lowers throughput and Lighthouse scores; rerun on an idle machine before comparing.\n'
	const section = `## ${heading}\n\n${body.trim()}\n`
	const pattern = new RegExp(
		`## ${heading.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\n[\\s\\S]*?(?=\\n## |$)`,
	)
	const next = pattern.test(existing)
		? existing.replace(pattern, section)
		: `${existing.trimEnd()}\n\n${section}`
	fs.writeFileSync(RESULTS_FILE, `${next.trimEnd()}\n`)
}

export type LoadResult = {
	rps: number
	p50: number
	p99: number
	errors: number
	bytes: number
	requests: number
}

/** The p-th percentile (0–1) of `values` to a tenth of a millisecond, nearest rank; 0 when empty. */
export function percentile(values: number[], p: number) {
	if (values.length === 0) return 0
	const sorted = Float64Array.from(values).sort()
	const value = sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)]!
	return Math.round(value * 10) / 10
}

/** What every browser sends with a page request: pages are measured as customers receive them. */
export const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br', accept: 'text/html' }

/** autocannon for a fixed time: requests a second, latency percentiles, errors, bytes a response. */
export async function loadTest(
	url: string,
	{
		connections,
		seconds,
		headers = {},
	}: { connections: number; seconds: number; headers?: Record<string, string> },
): Promise<LoadResult> {
	// autocannon's own percentiles are whole milliseconds (its histogram keeps integers), so a page
	// answered in 4–5 ms reads +25 % for a few tenths of a millisecond: each 2xx's time is kept here.
	const times: number[] = []
	const result = await new Promise<autocannon.Result>((resolve, reject) => {
		const options = { url, connections, duration: seconds, headers }
		const run = autocannon(options, (error, done) => (error ? reject(error) : resolve(done)))
		run.on('response', (_client, status, _bytes, ms) => {
			if (status >= 200 && status < 300) times.push(ms)
		})
	})
	return {
		rps: Math.round(result.requests.average),
		p50: percentile(times, 0.5),
		p99: percentile(times, 0.99),
		errors: result.errors + result.non2xx,
		bytes: Math.round(result.throughput.total / Math.max(1, result.requests.total)),
		requests: result.requests.total,
	}
}

/** One line of `npm run bench`'s table: a figure beside its target (issue 22's numbering). */
export type SummaryRow = {
	/** The target's number in issue 22 (1–7), or '—' for context figures. */
	target: string
	measure: string
	result: string
	goal: string
	/** null: a context figure with no target of its own. */
	met: boolean | null
}

/**
 * Adds rows to the table `npm run bench` prints (bench/run.ts runs each bench as a child process
 * with BENCH_SUMMARY naming a JSON-lines file). Run alone, a bench only writes its own section.
 */
export function summarise(rows: SummaryRow[]) {
	const file = process.env.BENCH_SUMMARY
	if (!file) return
	fs.appendFileSync(file, rows.map((row) => `${JSON.stringify(row)}\n`).join(''))
}

export const machine = () =>
	`${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`

export type LighthouseResult = {
	performance: number
	accessibility: number
	bestPractices: number
	seo: number
	metrics: string
	/** Audits that lost points, by category, for the bench's notes. */
	failing: string[]
}

/**
 * Lighthouse (mobile, its default simulated throttling) with Debian's Chromium. A run that failed
 * to record the page (Lighthouse's own runtime error, e.g. NO_NAVSTART) is run once more.
 */
export function lighthouseRun(
	url: string,
	categories = ['performance', 'accessibility', 'best-practices', 'seo'],
): LighthouseResult | string {
	const first = lighthouseOnce(url, categories)
	return typeof first === 'string' && first.startsWith('failed:')
		? lighthouseOnce(url, categories)
		: first
}

function lighthouseOnce(url: string, categories: string[]): LighthouseResult | string {
	const out = path.join(os.tmpdir(), `lh-${Date.now()}.json`)
	try {
		execFileSync(
			'npx',
			[
				'lighthouse',
				url,
				'--quiet',
				'--output=json',
				`--output-path=${out}`,
				`--only-categories=${categories.join(',')}`,
				'--form-factor=mobile',
				'--chrome-flags=--headless=new --no-sandbox --disable-gpu',
			],
			{
				env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
				stdio: 'ignore',
				timeout: 240_000,
			},
		)
	} catch (error) {
		// Lighthouse can exit non-zero after writing a complete report (e.g. a Chrome shutdown warning).
		if (!fs.existsSync(out)) return `not run: ${(error as Error).message.split('\n')[0]}`
	}
	const report = JSON.parse(fs.readFileSync(out, 'utf8'))
	fs.rmSync(out, { force: true })
	// A run that went wrong (the page did not load, no paint was seen) scores 0: say why.
	if (report.runtimeError)
		return `failed: ${report.runtimeError.code} (${report.runtimeError.message})`
	const score = (id: string) => Math.round((report.categories[id]?.score ?? 0) * 100)
	const audit = (id: string) => report.audits[id]?.displayValue ?? 'n/a'
	const failing: string[] = []
	for (const [id, category] of Object.entries<{ auditRefs: Array<{ id: string; weight: number }> }>(
		report.categories,
	)) {
		for (const ref of category.auditRefs) {
			const a = report.audits[ref.id]
			if (ref.weight > 0 && a && a.score !== null && a.score < 1)
				failing.push(
					`${id}: ${ref.id} (${Math.round(a.score * 100)}${a.displayValue ? `, ${a.displayValue}` : ''})`,
				)
		}
	}
	return {
		performance: score('performance'),
		accessibility: score('accessibility'),
		bestPractices: score('best-practices'),
		seo: score('seo'),
		metrics: `LCP ${audit('largest-contentful-paint')}, CLS ${audit('cumulative-layout-shift')}, TBT ${audit('total-blocking-time')}`,
		failing,
	}
}

/** Lighthouse performance and accessibility on one URL as a summary line (older benches). */
export function lighthouse(url: string) {
	const result = lighthouseRun(url, ['performance', 'accessibility'])
	if (typeof result === 'string') return result
	return `performance ${result.performance}, accessibility ${result.accessibility} (${result.metrics})`
}

/** Signs in through the real form (as a browser would) and returns the session cookie header. */
export async function signInCookie(url: string, account: { email: string; password: string }) {
	const res = await fetch(`${url}/auth`, {
		method: 'POST',
		redirect: 'manual',
		headers: { 'content-type': 'application/x-www-form-urlencoded', origin: url },
		body: new URLSearchParams({ intent: 'signin', ...account }),
	})
	const cookie = res.headers
		.getSetCookie()
		.map((c) => c.split(';')[0])
		.join('; ')
	if (!cookie.includes('session_token')) throw new Error(`sign-in failed: ${res.status}`)
	return cookie
}
