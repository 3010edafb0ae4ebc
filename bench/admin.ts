// npm run bench:admin: 10,000 generated orders in mixed statuses; a signed-in admin's list page,
// each dashboard filter and opening one order, on PGlite and on PostgreSQL (server-side latency,
// one connection, so the figure is the server's own time per request).
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import pg from 'pg'
import { openDatabase } from '~/.server/db/client'
import { orders } from '~/.server/db/schema'
import { ORDER_STATUSES } from '~/lib/order-status'
import { sampleDelivery } from '../tests/support/factories'
import { BENCH_LINE } from './sample-order'
import { machine, signInCookie, startProductionServer, writeResultsSection } from './support'

const ORDERS = Number(process.env.BENCH_ORDERS ?? 10_000)
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300)
const PORT = 4340
const ADMIN = { email: 'bench-admin@example.co.uk', password: 'bench admin password' }
const FIRST = ['Morag', 'Hamish', 'Isla', 'Callum', 'Eilidh', 'Fraser', 'Ailsa', 'Ewan', 'Kirsty']
const LAST = ['Mackenzie', 'Ross', 'Fraser', 'Munro', 'Campbell', 'Grant', 'Macleod', 'Stewart']

/** Orders spread over two years, every status, priced as the status implies. */
async function seed(options: { url?: string; dataDir?: string }) {
	const database = await openDatabase({ ...options, poolSize: 2 })
	const now = Date.now()
	for (let start = 0; start < ORDERS; start += 500) {
		const batch = Array.from({ length: Math.min(500, ORDERS - start) }, (_, k) => {
			const i = start + k
			const status = ORDER_STATUSES[i % ORDER_STATUSES.length]!
			const quantity = 1 + (i % 5)
			const subtotalPence = BENCH_LINE.unitPricePence * quantity
			const priced = status !== 'pending' && !(status === 'cancelled' && i % 2)
			const delivery = priced ? 1_500 + (i % 40) * 100 : null
			const createdAt = new Date(now - (i * 2 * 365 * 86_400_000) / ORDERS)
			return {
				id: `KP-${i.toString(36).toUpperCase().padStart(6, '0')}`,
				status,
				createdAt,
				updatedAt: createdAt,
				userId: null,
				deliveryInfo: sampleDelivery({
					firstName: FIRST[i % FIRST.length]!,
					lastName: LAST[(i * 7) % LAST.length]!,
					email: `customer${i}@example.co.uk`,
					address1: `${i} Loch Road`,
				}),
				cartItems: [{ ...BENCH_LINE, quantity }],
				subtotalPence,
				deliveryCostPence: delivery,
				totalCostPence: delivery === null ? null : subtotalPence + delivery,
			}
		})
		await database.db.insert(orders).values(batch)
	}
	await database.close()
}

const PAGES: Array<[string, string]> = [
	['List, newest 50', '/admin'],
	['List, page 20 (orders 951–1,000)', '/admin?page=20'],
	['Filter: order ID substring', '/admin?orderId=b1'],
	['Filter: status', '/admin?status=paid'],
	['Filter: customer name', '/admin?name=mack'],
	['Filter: cost range', '/admin?min=300&max=400'],
	['Filter: date range', '/admin?from=2026-01-01&to=2026-03-31'],
	['All filters together', '/admin?status=shipped&name=ross&min=100&from=2025-06-01'],
	['Open an order (modal route)', '/admin/orders/KP-0002S0'],
]

async function measure(url: string, cookie: string) {
	const check = await fetch(url, { headers: { cookie } })
	const html = await check.text()
	if (check.status !== 200 || html.includes('Failed to load'))
		throw new Error(`${url} did not render: ${check.status}`)
	const result = await autocannon({ url, connections: 1, amount: REQUESTS, headers: { cookie } })
	return {
		p50: result.latency.p50,
		p99: result.latency.p99,
		errors: result.errors + result.non2xx,
	}
}

async function run(label: string, env: Record<string, string>) {
	execFileSync(
		'npx',
		['tsx', 'cli/admin-create.ts', '--email', ADMIN.email, '--password', ADMIN.password],
		{
			env: { ...process.env, ...env },
			stdio: 'ignore',
		},
	)
	const server = await startProductionServer(PORT, { ...env, OUTBOX_POLL_MS: '60000' })
	try {
		const cookie = await signInCookie(server.url, ADMIN)
		const rows: string[] = []
		for (const [name, page] of PAGES) {
			const m = await measure(`${server.url}${page}`, cookie)
			rows.push(`| ${label} | ${name} (\`${page}\`) | ${m.p50} ms | ${m.p99} ms | ${m.errors} |`)
		}
		return rows
	} finally {
		await server.stop()
	}
}

const loadBefore = os.loadavg()[0]?.toFixed(1)
const rows: string[] = []
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'koi-bench-admin-'))
await seed({ dataDir: path.join(dataDir, 'db') })
rows.push(...(await run('PGlite', { DATA_DIR: dataDir })))

const pgName = `koi_bench_admin_${Date.now()}`
const server = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/test' })
await server.connect()
await server.query(`create database ${pgName}`)
const pgUrl = `postgres://postgres@127.0.0.1:5432/${pgName}`
try {
	await seed({ url: pgUrl })
	rows.push(
		...(await run('PostgreSQL 15', {
			DATABASE_URL: pgUrl,
			DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'koi-bench-admin-pg-')),
		})),
	)
} finally {
	await server.query(`drop database ${pgName} with (force)`)
	await server.end()
}

const body = `
Command: \`npm run bench:admin\` (${machine()}; ${ORDERS.toLocaleString('en-GB')} generated orders in all seven statuses over two years; a signed-in admin; ${REQUESTS} requests per page, one connection; load average ${loadBefore} before, ${os.loadavg()[0]?.toFixed(1)} after).

| Database | Page | p50 | p99 | errors |
|---|---|---|---|---|
${rows.join('\n')}

Targets: p50 ≤ 15 ms, p99 ≤ 60 ms.
`
writeResultsSection('Admin dashboard at 10,000 orders', body)
console.log(body)
