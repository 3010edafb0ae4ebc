// npm run bench:pages: throughput of the pages people see, as a browser asks for them (gzip and
// brotli accepted), against the cheapest static file the server sends. Public pages for a
// signed-in customer (issue 22 target 1) and personal pages: My Account with 20 orders, checkout
// and the admin list (target 2). BENCH_CPU_PROF=dir writes the server's CPU profile there.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { treeCpuMs } from './process-tree'
import {
	BROWSER_HEADERS,
	type LoadResult,
	loadTest,
	machine,
	type SummaryRow,
	startProductionServer,
	summarise,
	writeResultsSection,
} from './support'

const PORT = Number(process.env.BENCH_PORT ?? 4350)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16)
const ORDERS = 20
const ADMIN = { email: 'bench-admin@example.co.uk', password: 'bench admin password' }
const CUSTOMER = { email: 'bench-customer@example.co.uk', password: 'bench customer password' }

async function post(url: string, body: URLSearchParams) {
	const res = await fetch(url, {
		method: 'POST',
		redirect: 'manual',
		headers: { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(url).origin },
		body,
	})
	const cookie = res.headers
		.getSetCookie()
		.map((c) => c.split(';')[0])
		.join('; ')
	if (!cookie.includes('session_token')) throw new Error(`${url}: no session (${res.status})`)
	return cookie
}

async function customerWithOrders(base: string) {
	const cookie = await post(
		`${base}/auth`,
		new URLSearchParams({
			intent: 'register',
			firstName: 'Morag',
			lastName: 'Bench',
			email: CUSTOMER.email,
			password: CUSTOMER.password,
			confirmPassword: CUSTOMER.password,
		}),
	)
	for (let i = 0; i < ORDERS; i++) {
		const res = await fetch(`${base}/api/placeOrder`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', cookie, origin: base },
			body: JSON.stringify({
				data: {
					cartItems: [
						{ id: '1', quantity: 1 + (i % 3), selectedSize: '', selectedOption: 'Standard' },
					],
					deliveryInfo: {
						firstName: 'Morag',
						lastName: 'Bench',
						address1: '1 Loch Road',
						city: 'Inverness',
						postcode: 'IV2 3XY',
						phone: '01463 123456',
					},
					idempotencyKey: `bench-pages-${i}`,
				},
			}),
		})
		if (!res.ok) throw new Error(`order ${i} failed: ${res.status} ${await res.text()}`)
	}
	return cookie
}

/** cpuMs: the server's CPU time (all threads) per request: its cost, whatever the load. */
type Measured = LoadResult & { cpuMs: number }

/** BENCH_ONLY=regex: time only the pages whose name matches (for profiling one page). */
const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : undefined
const skip = (name: string) => only !== undefined && !only.test(name)

/** A page must render what it claims (not a redirect or an error page) before it is timed. */
async function load(url: string, headers: Record<string, string>, expect?: string) {
	if (skip(url) && !url.endsWith('/favicon.svg')) return undefined
	const check = await fetch(url, {
		headers: { ...headers, ...BROWSER_HEADERS },
		redirect: 'manual',
	})
	const html = await check.text()
	if (check.status !== 200 || (expect && !html.includes(expect)))
		throw new Error(`${url} did not render${expect ? ` '${expect}'` : ''}: ${check.status}`)
	const cpuBefore = treeCpuMs(server.child.pid!)
	const result = await loadTest(url, {
		connections: CONNECTIONS,
		seconds: SECONDS,
		headers: { ...BROWSER_HEADERS, ...headers },
	})
	return { ...result, cpuMs: (treeCpuMs(server.child.pid!) - cpuBefore) / result.requests }
}

const loadBefore = os.loadavg()[0]?.toFixed(1)
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'koi-bench-pages-'))
execFileSync(
	'npx',
	['tsx', 'cli/admin-create.ts', '--email', ADMIN.email, '--password', ADMIN.password],
	{ env: { ...process.env, DATA_DIR: dataDir }, stdio: 'ignore' },
)
const profileDir = process.env.BENCH_CPU_PROF
const server = await startProductionServer(
	PORT,
	{ DATA_DIR: dataDir, OUTBOX_POLL_MS: '60000' },
	profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`] : [],
)
type Row = { name: string; m: Measured; kind: 'static' | 'public' | 'personal' | 'visitor' }
const rows: Row[] = []
const add = (name: string, kind: Row['kind'], m: Measured | undefined) => {
	if (m) rows.push({ name, kind, m })
}
try {
	const base = server.url
	const customer = await customerWithOrders(base)
	const admin = await post(`${base}/auth`, new URLSearchParams({ intent: 'signin', ...ADMIN }))
	const categoryHtml = await (await fetch(`${base}/pond-products/pumps`)).text()
	const productPath = /href="(\/pond-products\/pumps\/[^"?#]+)"/.exec(categoryHtml)?.[1]
	if (!productPath) throw new Error('no product link on /pond-products/pumps')
	const cookie = { cookie: customer }
	// Warm-up: JIT, read models and the page cache.
	await autocannon({ url: `${base}/`, connections: 4, duration: 2, headers: cookie })

	add('Static file `/favicon.svg`', 'static', await load(`${base}/favicon.svg`, {}))
	add('`/`, visitor (no cookie)', 'visitor', await load(`${base}/`, {}))
	for (const [name, page] of [
		['`/`', '/'],
		['`/pond-products`', '/pond-products'],
		['Category `/pond-products/pumps`', '/pond-products/pumps'],
		[`Product \`${productPath}\``, productPath],
		['`/portfolio/pond3`', '/portfolio/pond3'],
	] as const) {
		add(`${name}, signed in`, 'public', await load(`${base}${page}`, cookie))
	}
	add('My Account `/auth`, profile', 'personal', await load(`${base}/auth`, cookie, 'My Account'))
	add(
		`My Account orders \`/auth?tab=orders\`, ${ORDERS} orders`,
		'personal',
		await load(`${base}/auth?tab=orders`, cookie, 'Your orders'),
	)
	add('Checkout `/checkout`', 'personal', await load(`${base}/checkout`, cookie, 'Checkout'))
	add(
		`Admin list \`/admin\`, ${ORDERS} orders`,
		'personal',
		await load(`${base}/admin`, { cookie: admin }, 'Recent Orders'),
	)
} finally {
	await server.stop()
}

const staticRps = rows.find((r) => r.kind === 'static')?.m.rps ?? 1
const share = (m: Measured) => Math.round((m.rps / staticRps) * 100)
const goal = (kind: string) =>
	kind === 'public'
		? '≥ 40 % of static'
		: kind === 'personal'
			? '≥ 10 % of static, p99 ≤ 60 ms'
			: '—'
const met = (kind: string, m: Measured) =>
	kind === 'public'
		? share(m) >= 40 && m.errors === 0
		: kind === 'personal'
			? share(m) >= 10 && m.p99 <= 60 && m.errors === 0
			: null
const table = rows
	.map(
		({ name, kind, m }) =>
			`| ${name} | ${m.rps} | ${m.p50} ms | ${m.p99} ms | ${share(m)} % | ${m.cpuMs.toFixed(2)} ms | ${(m.bytes / 1024).toFixed(1)} KB | ${m.errors} | ${goal(kind)} |`,
	)
	.join('\n')
const body = `
Command: \`npm run bench:pages\` (${machine()}; autocannon, ${CONNECTIONS} connections, ${SECONDS} s a page, \`Accept-Encoding: gzip, deflate, br\`; PGlite; load average ${loadBefore} before, ${os.loadavg()[0]?.toFixed(1)} after).

| Request | req/s | p50 | p99 | share of static | server CPU a request | bytes sent | errors | target |
|---|---|---|---|---|---|---|---|---|
${table}
`
if (!only) writeResultsSection('Pages for visitors, customers and staff', body)
console.log(body)
summarise(
	rows
		.filter((r) => r.kind === 'public' || r.kind === 'personal')
		.map(
			({ name, kind, m }): SummaryRow => ({
				target: kind === 'public' ? '1' : '2',
				measure: name,
				result: `${share(m)} % of static (${m.rps} req/s), p99 ${m.p99} ms, ${m.cpuMs.toFixed(1)} ms CPU`,
				goal: goal(kind),
				met: met(kind, m),
			}),
		),
)
