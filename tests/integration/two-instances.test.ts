import crypto from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import type { ViteDevServer } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureAdmin } from '~/.server/auth/admin-bootstrap'
import { importCatalog } from '~/.server/catalog/import'
import { parseEnv } from '~/.server/env'
import type * as ServerApp from '../../server/app'
import { testViteServer } from '../support/app'
import {
	ORDER_SUBTOTAL,
	placeOrderRequest,
	registerCustomer,
	startSmtpSink,
} from '../support/process'

// Issue 21 item 4: two instances of the shop on one PostgreSQL database behind a round-robin
// proxy. Each instance is a full runtime (its own pool, catalogue read model, page cache, outbox
// worker and DATA_DIR) booted with the server's own boot(); they share nothing but the database
// and AUTH_SECRET, as two machines would. PostgreSQL only: PGlite is one process's database.
const serverUrl = process.env.DATABASE_URL
const TTL_SECONDS = 2
const OLD_NAME = 'Oase BioSmart 6000 Pond Filter'
const NEW_NAME = 'Two Instance Koi Filter'
const PRODUCT_PAGE = '/pond-products/filters/0'

type Instance = {
	runtime: Awaited<ReturnType<typeof ServerApp.boot>>
	url: string
	server: http.Server
}
let vite: ViteDevServer
let dbName: string
let dbUrl: string
let proxy: http.Server
let base: string
const instances: Instance[] = []
const sinks: Awaited<ReturnType<typeof startSmtpSink>>[] = []
const dataDirs: string[] = []

/** Round robin over the instances, as a load balancer would; says which one answered. */
function roundRobin(targets: () => string[]) {
	let next = 0
	return http.createServer((req, res) => {
		const index = next++ % targets().length
		const target = new URL(targets()[index]!)
		const upstream = http.request(
			{
				host: target.hostname,
				port: target.port,
				method: req.method,
				path: req.url,
				headers: req.headers,
			},
			(answer) => {
				res.writeHead(answer.statusCode!, { ...answer.headers, 'x-instance': String(index) })
				answer.pipe(res)
			},
		)
		upstream.on('error', () => {
			res.statusCode = 502
			res.end()
		})
		req.pipe(upstream)
	})
}

async function query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []) {
	const client = new pg.Client({ connectionString: dbUrl })
	await client.connect()
	try {
		return (await client.query<T>(text, values)).rows
	} finally {
		await client.end()
	}
}

beforeAll(async () => {
	if (!serverUrl) return
	// An empty database: both instances start at once and race to migrate and load the catalogue.
	dbName = `koi_two_${crypto.randomBytes(6).toString('hex')}`
	const admin = new pg.Client({ connectionString: serverUrl })
	await admin.connect()
	await admin.query(`create database ${dbName}`)
	await admin.end()
	const url = new URL(serverUrl)
	url.pathname = `/${dbName}`
	dbUrl = url.toString()

	const upstreams: string[] = []
	proxy = roundRobin(() => upstreams)
	await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
	base = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`

	vite = await testViteServer()
	const { boot, createApp } = (await vite.ssrLoadModule('./server/app.ts')) as typeof ServerApp
	const secret = crypto.randomBytes(32).toString('hex')
	for (let i = 0; i < 2; i++) {
		sinks.push(await startSmtpSink())
		dataDirs.push(fs.mkdtempSync(path.join(os.tmpdir(), `koi-two-${i}-`)))
	}
	const runtimes = await Promise.all(
		[0, 1].map((i) =>
			boot(
				parseEnv({
					// Production settings where they matter: the page cache is on.
					NODE_ENV: 'production',
					LOG_LEVEL: 'silent',
					DATA_DIR: dataDirs[i],
					DATABASE_URL: dbUrl,
					DATABASE_POOL_SIZE: '5',
					SITE_URL: base,
					AUTH_SECRET: secret,
					SMTP_URL: `${sinks[i]!.url}?pool=true`,
					OUTBOX_POLL_MS: '100',
					HTML_CACHE_SECONDS: String(TTL_SECONDS),
					// Three customers place sixty orders twice over: no hourly order quota here.
					ORDERS_PER_HOUR: '0',
					ORDERS_PER_HOUR_PER_IP: '0',
				}),
			),
		),
	)
	for (const runtime of runtimes) {
		const server = http.createServer(
			createApp(runtime, { dev: true, devMiddleware: vite.middlewares }),
		)
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
		const instanceUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
		instances.push({ runtime, url: instanceUrl, server })
		upstreams.push(instanceUrl)
	}
}, 120_000)

afterAll(async () => {
	proxy?.close()
	for (const { runtime, server } of instances) {
		server.closeAllConnections()
		await new Promise((resolve) => server.close(resolve))
		await runtime.close()
	}
	await vite?.close()
	for (const sink of sinks) await sink.close()
	for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true })
	if (dbName) {
		const admin = new pg.Client({ connectionString: serverUrl })
		await admin.connect()
		await admin.query(`drop database if exists ${dbName} with (force)`)
		await admin.end()
	}
}, 60_000)

async function signIn(email: string, password: string) {
	const res = await fetch(`${base}/auth`, {
		method: 'POST',
		redirect: 'manual',
		headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
		body: new URLSearchParams({ intent: 'signin', email, password }).toString(),
	})
	expect(res.status).toBe(302)
	return res.headers
		.getSetCookie()
		.map((line) => line.split(';')[0])
		.join('; ')
}

function adminPost(cookie: string, orderId: string, fields: Record<string, string>) {
	return fetch(`${base}/admin/orders/${orderId}`, {
		method: 'POST',
		redirect: 'manual',
		headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base, cookie },
		body: new URLSearchParams(fields).toString(),
	})
}

describe.skipIf(!serverUrl)('two instances on one PostgreSQL behind a round-robin proxy', () => {
	const orderIds: string[] = []

	it('both started at once on an empty database, and both answer', async () => {
		const answers = await Promise.all(
			[0, 1, 2, 3].map(() => fetch(`${base}/healthz`).then((r) => r.headers.get('x-instance'))),
		)
		expect(new Set(answers)).toEqual(new Set(['0', '1']))
		const [state] = await query<{ version: number }>('select version from catalog_state')
		expect(state?.version).toBe(1)
	})

	it('places concurrent orders once each, even when a submit reaches both instances', async () => {
		const customers = await Promise.all(
			[0, 1, 2].map((i) => registerCustomer(base, `two-${i}-${Date.now()}@example.co.uk`)),
		)
		const keys = Array.from({ length: 60 }, (_, i) => `two-instances-${i}`)
		// Each key is sent twice at once (a double submit): consecutive requests go to both instances.
		const answers = await Promise.all(
			keys.flatMap((key, i) =>
				[0, 1].map(async () => {
					const res = await placeOrderRequest(base, customers[i % 3]!, key)
					expect(res.status).toBe(200)
					return [key, (await res.json()).data.orderId as string] as const
				}),
			),
		)
		const byKey = new Map<string, Set<string>>()
		for (const [key, id] of answers) byKey.set(key, (byKey.get(key) ?? new Set()).add(id))
		for (const ids of byKey.values()) expect(ids.size).toBe(1)
		const rows = await query<{
			id: string
			subtotal_pence: number
			events: number
			emails: number
		}>(
			`select o.id, o.subtotal_pence,
				(select count(*)::int from order_events e where e.order_id = o.id) as events,
				(select count(*)::int from email_outbox m where m.subject like '%' || o.id || '%') as emails
			from orders o`,
		)
		expect(rows).toHaveLength(keys.length)
		for (const row of rows) {
			expect(row.subtotal_pence).toBe(ORDER_SUBTOTAL)
			expect(row.events).toBe(1)
			expect(row.emails).toBe(2)
		}
		orderIds.push(...rows.map((r) => r.id))
	}, 60_000)

	it('lets one of several concurrent admin updates win and refuses the stale ones (409)', async () => {
		const email = `owner-${Date.now()}@example.co.uk`
		await ensureAdmin(
			instances[0]!.runtime.database.db,
			instances[0]!.runtime.auth,
			email,
			'owner password 1',
		)
		const cookie = await signIn(email, 'owner password 1')
		const targets = orderIds.slice(0, 10)
		// Four admins set four different costs on version 1 of the same order at the same moment.
		const rounds = await Promise.all(
			targets.map(async (orderId) => {
				const costs = ['10', '20', '30', '40']
				const statuses = await Promise.all(
					costs.map((deliveryCost) =>
						adminPost(cookie, orderId, {
							intent: 'set-delivery-cost',
							version: '1',
							deliveryCost,
						}).then((r) => r.status),
					),
				)
				return { orderId, costs, statuses }
			}),
		)
		for (const { orderId, costs, statuses } of rounds) {
			expect(
				statuses.filter((s) => s === 200),
				orderId,
			).toHaveLength(1)
			expect(
				statuses.filter((s) => s === 409),
				orderId,
			).toHaveLength(3)
			const winner = Number(costs[statuses.indexOf(200)]) * 100
			const [order] = await query<{ delivery_cost_pence: number; version: number; status: string }>(
				'select delivery_cost_pence, version, status from orders where id = $1',
				[orderId],
			)
			expect(order).toEqual({ delivery_cost_pence: winner, version: 2, status: 'payment_pending' })
			const links = await query('select 1 from payment_links where order_id = $1', [orderId])
			expect(links).toHaveLength(1)
		}
		// Then three admins mark each as paid from version 2: one event, one set of emails.
		await Promise.all(
			targets.map(async (orderId) => {
				const statuses = await Promise.all(
					[0, 1, 2].map(() =>
						adminPost(cookie, orderId, { intent: 'mark-paid', version: '2', note: '' }).then(
							(r) => r.status,
						),
					),
				)
				expect(statuses.sort()).toEqual([200, 409, 409])
			}),
		)
		const events = await query<{ to_status: string; n: number }>(
			`select to_status, count(*)::int as n from order_events where order_id = any($1) group by to_status`,
			[targets],
		)
		expect(Object.fromEntries(events.map((e) => [e.to_status, e.n]))).toEqual({
			pending: 10,
			payment_pending: 10,
			paid: 10,
		})
	}, 60_000)

	it('delivers every queued email exactly once, with both workers taking a share', async () => {
		const deadline = Date.now() + 30_000
		for (;;) {
			const [left] = await query<{ n: number }>(
				`select count(*)::int as n from email_outbox where status <> 'sent'`,
			)
			if (left?.n === 0 || Date.now() > deadline) break
			await new Promise((r) => setTimeout(r, 100))
		}
		// A few more polls by both workers: a second delivery would show up now.
		await new Promise((r) => setTimeout(r, 500))
		const outbox = await query<{ id: string; status: string }>(
			'select id, status from email_outbox',
		)
		expect(outbox.filter((e) => e.status !== 'sent')).toEqual([])
		const received = sinks.flatMap((sink) => sink.received.map((e) => e.messageId))
		expect(received.sort()).toEqual(outbox.map((e) => `<${e.id}@koi-shop>`).sort())
		for (const sink of sinks) expect(sink.received.length).toBeGreaterThan(0)
	}, 60_000)

	it('serves a catalogue imported through one instance from the other within a second, and no stale cached page past the TTL', async () => {
		const csv = fs
			.readFileSync('catalog/products.csv', 'utf8')
			.replace(`${OLD_NAME},`, `${NEW_NAME},`)
		expect(csv).toContain(NEW_NAME)
		const customer = await registerCustomer(base, `two-reader-${Date.now()}@example.co.uk`)
		type Seen = { who: string; started: number; stale: boolean }
		const seen: Seen[] = []
		let importedAt = Number.POSITIVE_INFINITY
		let stopAt = Number.POSITIVE_INFINITY
		// Cookie-less visitors (page cache) on each instance, and a signed-in one (read model only)
		// on the instance that did not import, polling before, during and after the import.
		const poll = async (who: string, url: string, cookie?: string) => {
			while (Date.now() < stopAt) {
				const started = Date.now()
				const html = await fetch(`${url}${PRODUCT_PAGE}`, {
					headers: cookie ? { cookie } : {},
				}).then((r) => r.text())
				if (!html.includes(OLD_NAME) && !html.includes(NEW_NAME)) throw new Error('no product name')
				seen.push({ who, started, stale: !html.includes(NEW_NAME) })
				await new Promise((r) => setTimeout(r, 50))
			}
		}
		const pollers = [
			poll('cached-0', instances[0]!.url),
			poll('cached-1', instances[1]!.url),
			poll('signed-in-1', instances[1]!.url, customer),
		]
		await new Promise((r) => setTimeout(r, 1500))
		// What an upload through instance 0 does: import, then drop its own read model and pages.
		const { runtime } = instances[0]!
		const report = await importCatalog(runtime.database.db, csv)
		expect(report.status).toBe('imported')
		runtime.catalog.invalidate()
		runtime.pageCache.clear()
		importedAt = Date.now()
		stopAt = importedAt + TTL_SECONDS * 1000 + 1500
		await Promise.all(pollers)

		const lastStale = (who: string) =>
			Math.max(...seen.filter((s) => s.who === who && s.stale).map((s) => s.started - importedAt))
		// Each poller saw the old name before the import and the new one at the end.
		for (const who of ['cached-0', 'cached-1', 'signed-in-1']) {
			expect(seen.some((s) => s.who === who && s.stale && s.started < importedAt)).toBe(true)
			expect(seen.filter((s) => s.who === who).at(-1)?.stale).toBe(false)
		}
		// A request begun after the import never sees the old catalogue on the importing instance,
		// within a second on the other, and never from a page cached longer than the TTL.
		expect(lastStale('cached-0')).toBeLessThan(0)
		expect(lastStale('signed-in-1')).toBeLessThan(1000)
		expect(lastStale('cached-1')).toBeLessThan(TTL_SECONDS * 1000)
	}, 60_000)
})
