import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ensureAdmin } from '~/.server/auth/admin-bootstrap'
import { importCatalog } from '~/.server/catalog/import'
import { ORDER_SUBTOTAL, placeOrderRequest, registerCustomer } from '../support/process'
import { setUpTwoInstances } from '../support/two-instances'

// Issue 21 item 4: two instances of the shop on one PostgreSQL database behind a round-robin
// proxy. Each instance is a full runtime (its own pool, catalogue read model, page cache, outbox
// worker and DATA_DIR) booted with the server's own boot(); they share nothing but the database
// and AUTH_SECRET, as two machines would. PostgreSQL only: PGlite is one process's database.
const serverUrl = process.env.DATABASE_URL
const TTL_SECONDS = 2
const OLD_NAME = 'Oase BioSmart 6000 Pond Filter'
const NEW_NAME = 'Two Instance Koi Filter'
const PRODUCT_PAGE = '/pond-products/filters/0'

const { cluster, query, signIn, adminPost } = setUpTwoInstances(serverUrl, {
	ttlSeconds: TTL_SECONDS,
})

describe.skipIf(!serverUrl)('two instances on one PostgreSQL behind a round-robin proxy', () => {
	const orderIds: string[] = []

	it('both started at once on an empty database, and both answer', async () => {
		const answers = await Promise.all(
			[0, 1, 2, 3].map(() =>
				fetch(`${cluster.base}/healthz`).then((r) => r.headers.get('x-instance')),
			),
		)
		expect(new Set(answers)).toEqual(new Set(['0', '1']))
		const [state] = await query<{ version: number }>('select version from catalog_state')
		expect(state?.version).toBe(1)
	})

	it('places concurrent orders once each, even when a submit reaches both cluster.instances', async () => {
		const customers = await Promise.all(
			[0, 1, 2].map((i) => registerCustomer(cluster.base, `two-${i}-${Date.now()}@example.co.uk`)),
		)
		const keys = Array.from({ length: 60 }, (_, i) => `two-cluster.instances-${i}`)
		// Each key is sent twice at once (a double submit): consecutive requests go to both cluster.instances.
		const answers = await Promise.all(
			keys.flatMap((key, i) =>
				[0, 1].map(async () => {
					const res = await placeOrderRequest(cluster.base, customers[i % 3]!, key)
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
			cluster.instances[0]!.runtime.database.db,
			cluster.instances[0]!.runtime.auth,
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
		const received = cluster.sinks.flatMap((sink) => sink.received.map((e) => e.messageId))
		expect(received.sort()).toEqual(outbox.map((e) => `<${e.id}@koi-shop>`).sort())
		for (const sink of cluster.sinks) expect(sink.received.length).toBeGreaterThan(0)
	}, 60_000)

	it('serves a catalogue imported through one instance from the other within a second, and no stale cached page past the TTL', async () => {
		const csv = fs
			.readFileSync('catalog/products.csv', 'utf8')
			.replace(`${OLD_NAME},`, `${NEW_NAME},`)
		expect(csv).toContain(NEW_NAME)
		const customer = await registerCustomer(cluster.base, `two-reader-${Date.now()}@example.co.uk`)
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
			poll('cached-0', cluster.instances[0]!.url),
			poll('cached-1', cluster.instances[1]!.url),
			poll('signed-in-1', cluster.instances[1]!.url, customer),
		]
		await new Promise((r) => setTimeout(r, 1500))
		// What an upload through instance 0 does: import, then drop its own read model and pages.
		const { runtime } = cluster.instances[0]!
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
