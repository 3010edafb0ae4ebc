// npm run bench:orders: N signed-in customers place orders over loopback for a bounded time; then
// every acknowledged order is checked in the database: exists once, right total, one confirmation.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { serverRssMb } from './process-tree'
import {
	machine,
	percentile,
	startProductionServer,
	summarise,
	writeResultsSection,
} from './support'

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 16)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15)
const PORT = Number(process.env.BENCH_PORT ?? 4330)
// Issue 22, target 3 (placement) and 4 (resident memory after this load, on PGlite).
const TARGET_RATE = 250
const TARGET_P99_MS = 100
const TARGET_RSS_MB = 250
// Catalogue unit prices (pence) of the lines ordered, from catalog/products.csv.
const LINES = [
	{ id: '145', quantity: 1, selectedSize: '5 m cable', selectedOption: 'Pump only', unit: 68599 },
	{ id: '1', quantity: 2, selectedSize: '', selectedOption: 'Standard', unit: 17399 },
]
const EXPECTED_SUBTOTAL = LINES.reduce((sum, l) => sum + l.unit * l.quantity, 0)
const delivery = {
	firstName: 'Bench',
	lastName: 'Customer',
	address1: '1 Test Road',
	city: 'Inverness',
	postcode: 'IV2 3XY',
	phone: '01463 123456',
}

async function register(url: string, i: number) {
	const email = `bench-${i}-${Date.now()}@example.co.uk`
	const password = 'bench password 1'
	const res = await fetch(`${url}/auth`, {
		method: 'POST',
		redirect: 'manual',
		headers: { 'content-type': 'application/x-www-form-urlencoded', origin: url },
		body: new URLSearchParams({
			intent: 'register',
			firstName: 'Bench',
			lastName: String(i),
			email,
			password,
			confirmPassword: password,
		}),
	})
	const cookie = res.headers
		.getSetCookie()
		.map((c) => c.split(';')[0])
		.join('; ')
	if (!cookie.includes('session_token')) throw new Error(`registration ${i} failed: ${res.status}`)
	return { email, cookie }
}

async function run(
	label: string,
	env: Record<string, string>,
	verify: (acked: Map<string, string>) => Promise<string[]>,
) {
	// Customers placing orders back to back for seconds on end: no hourly order quota here.
	const server = await startProductionServer(PORT, {
		...env,
		ORDERS_PER_HOUR: '0',
		ORDERS_PER_HOUR_PER_IP: '0',
	})
	let rss = 0
	const acked = new Map<string, string>()
	const latencies: number[] = []
	let errors = 0
	try {
		const customers = await Promise.all(
			Array.from({ length: CUSTOMERS }, (_, i) => register(server.url, i)),
		)
		const deadline = Date.now() + SECONDS * 1000
		await Promise.all(
			customers.map(async (customer, c) => {
				for (let n = 0; Date.now() < deadline; n++) {
					const started = performance.now()
					const res = await fetch(`${server.url}/api/placeOrder`, {
						method: 'POST',
						headers: {
							'content-type': 'application/json',
							cookie: customer.cookie,
							origin: server.url,
						},
						body: JSON.stringify({
							data: {
								cartItems: LINES.map(({ unit: _u, ...l }) => l),
								deliveryInfo: delivery,
								idempotencyKey: `bench-${c}-${n}`,
							},
						}),
					})
					latencies.push(performance.now() - started)
					if (res.ok) acked.set((await res.json()).data.orderId, customer.email)
					else errors++
				}
			}),
		)
		// Resident memory once the load is over, from /proc (issue 22 target 4).
		rss = serverRssMb(server.child.pid!)
	} finally {
		await server.stop({ keepData: true })
	}
	const problems = await verify(acked)
	const pct = (p: number) => percentile(latencies, p)
	const rate = Math.round(acked.size / SECONDS)
	return {
		label,
		rate,
		p99: pct(0.99),
		rss,
		verified: problems.length === 0 && errors === 0,
		row: `| ${label} | ${rate} | ${pct(0.5)} ms | ${pct(0.99)} ms | ${errors} | ${acked.size} | ${rss} MB | ${problems.length === 0 ? 'all present once, totals right, one confirmation each' : problems.slice(0, 3).join('; ')} |`,
	}
}

type Row = { id: string; subtotal_pence: number; n: number; emails: number }
function check(rows: Row[], acked: Map<string, string>) {
	const problems: string[] = []
	const byId = new Map(rows.map((r) => [r.id, r]))
	for (const id of acked.keys()) {
		const row = byId.get(id)
		if (!row) problems.push(`${id} missing`)
		else if (Number(row.n) !== 1) problems.push(`${id} stored ${row.n} times`)
		else if (Number(row.subtotal_pence) !== EXPECTED_SUBTOTAL)
			problems.push(`${id} total ${row.subtotal_pence}`)
		else if (Number(row.emails) !== 1) problems.push(`${id} has ${row.emails} confirmation emails`)
	}
	if (rows.length !== acked.size)
		problems.push(`${rows.length} orders stored for ${acked.size} acknowledged`)
	return problems
}

const QUERY = `select o.id, o.subtotal_pence, count(*) over (partition by o.id) as n,
	(select count(*) from email_outbox e where e.kind = 'order-confirmation' and e.subject like '%' || o.id) as emails
	from orders o`

const loadBefore = os.loadavg()[0]!
const results: Array<Awaited<ReturnType<typeof run>>> = []
const dataDir = fs.mkdtempSync(path.join('/tmp', 'koi-bench-orders-'))
results.push(
	await run('PGlite (embedded)', { DATA_DIR: dataDir, OUTBOX_POLL_MS: '60000' }, async (acked) => {
		const db = new PGlite(path.join(dataDir, 'db'))
		const { rows } = await db.query<Row>(QUERY)
		await db.close()
		return check(rows, acked)
	}),
)
const pgName = `koi_bench_${Date.now()}`
const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/test' })
await admin.connect()
await admin.query(`create database ${pgName}`)
const pgUrl = `postgres://postgres@127.0.0.1:5432/${pgName}`
results.push(
	await run(
		'PostgreSQL 15',
		{
			DATABASE_URL: pgUrl,
			DATA_DIR: fs.mkdtempSync(path.join('/tmp', 'koi-bench-orders-pg-')),
			OUTBOX_POLL_MS: '60000',
		},
		async (acked) => {
			const client = new pg.Client({ connectionString: pgUrl })
			await client.connect()
			const { rows } = await client.query<Row>(QUERY)
			await client.end()
			return check(rows, acked)
		},
	),
)
await admin.query(`drop database ${pgName} with (force)`)
await admin.end()

const [pglite, postgres] = results as [(typeof results)[0], (typeof results)[0]]
const placementMet = (r: typeof pglite) =>
	r.rate >= TARGET_RATE && r.p99 <= TARGET_P99_MS && r.verified
const postgresNotSlower = postgres.rate >= pglite.rate
summarise([
	...results.map((r) => ({
		target: '3',
		measure: `Order placement, ${r.label} (${CUSTOMERS} customers)`,
		result: `${r.rate} orders/s, p99 ${r.p99} ms${r.verified ? '' : ', verification failed'}`,
		goal: `≥ ${TARGET_RATE} orders/s, p99 ≤ ${TARGET_P99_MS} ms, every order once`,
		met: placementMet(r),
	})),
	{
		target: '3',
		measure: 'Order placement: PostgreSQL not slower than PGlite',
		result: `${postgres.rate} vs ${pglite.rate} orders/s`,
		goal: 'PostgreSQL ≥ PGlite',
		met: postgresNotSlower,
	},
	{
		target: '4',
		measure: 'Resident memory after the PGlite order load (demo catalogue)',
		result: `${pglite.rss} MB`,
		goal: `≤ ${TARGET_RSS_MB} MB`,
		met: pglite.rss <= TARGET_RSS_MB,
	},
])

const body = `
Command: \`npm run bench:orders\` (${machine()}; load average ${loadBefore.toFixed(1)} before, ${os.loadavg()[0]?.toFixed(1)} after, from other work on the machine; ${CUSTOMERS} signed-in customers, each placing orders back to back through \`POST /api/placeOrder\` for ${SECONDS} s; every acknowledged order then checked in the database; server memory (RSS) read from /proc after the load).

| Database | orders/s | p50 | p99 | errors | acknowledged | RSS after | verification |
|---|---|---|---|---|---|---|---|
${results.map((r) => r.row).join('\n')}

Targets (issue 22): ≥ ${TARGET_RATE} orders/s with p99 ≤ ${TARGET_P99_MS} ms on both databases (${results.map((r) => `${r.label}: ${placementMet(r) ? 'met' : 'not met'}`).join(', ')}), PostgreSQL not the slower one (${postgresNotSlower ? 'met' : 'not met'}); zero errors, zero lost or duplicated orders; RSS ≤ ${TARGET_RSS_MB} MB after the PGlite load (${pglite.rss <= TARGET_RSS_MB ? 'met' : 'not met'}).
`
writeResultsSection('Order placement', body)
console.log(body)
