import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MALFORMED_TEXT_MESSAGE } from '~/lib/text-safety'
import { startTestApp, type TestApp } from '../support/app'
import { createAdmin, createCustomer, insertOrder } from '../support/factories'
import type { TestClient } from '../support/session'

// Requests the second security review (issue 28) answered with a 500, a dropped connection or a
// personal page without `private, no-store`; the fuzz suite (tests/fuzz) looks for more of them.

const logLines: Array<Record<string, unknown>> = []
let app: TestApp
let admin: TestClient
let customer: TestClient
beforeAll(async () => {
	app = await startTestApp({}, { logLines })
	admin = (await createAdmin(app)).client
	customer = (await createCustomer(app)).client
})
afterAll(async () => {
	await app?.close()
})

const errorLines = () => logLines.filter((line) => Number(line.level) >= 50)

/** One request written byte for byte (fetch would normalise the path and refuse odd methods). */
function raw(request: string) {
	const { port } = new URL(app.url)
	return new Promise<{ status: number; head: string; body: string }>((resolve, reject) => {
		// Written, not ended: a client that half-closes first has its request aborted by Node's
		// server (httpAllowHalfOpen is off), which raced pages that wait on the database.
		const socket = net.connect(Number(port), '127.0.0.1', () => socket.write(request))
		let text = ''
		socket.on('data', (chunk) => {
			text += chunk
		})
		socket.on('error', reject)
		socket.on('close', () => {
			const [head = '', body = ''] = text.split('\r\n\r\n')
			const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0)
			resolve({ status, head, body })
		})
	})
}
const header = (head: string, name: string) =>
	new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1]?.trim() ?? null

describe('NUL in the address (L1)', () => {
	it('answers 400 for %00 in any path or query, before a route can pass it to the database', async () => {
		const order = await insertOrder(app.database.db, { siteUrl: app.url })
		const before = errorLines().length
		for (const [client, path] of [
			[customer, '/pay/abc%00def'],
			[customer, '/pay/abc%00def.data'],
			[customer, `/order-confirmation?order=${order.id}%00`],
			[customer, '/auth/reset-password?token=x%00y'],
			[admin, '/admin/orders/KP%00'],
			[admin, '/admin/enquiries/1%00'],
			[admin, `/admin?orderId=${order.id}%00`],
			[customer, '/about?utm=%00'],
		] as const) {
			const res = await client.request(path)
			expect(res.status, path).toBe(400)
		}
		expect(errorLines().slice(before)).toEqual([])
	})
})

describe('lone surrogates in JSON (L2)', () => {
	it('refuses "\\udc00" in an order with 400 and a clear message, not a 500 from JSONB', async () => {
		const res = await customer.request('/api/placeOrder', {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			// JSON.stringify writes a lone surrogate as the escape `\udc00`, as an attacker would.
			body: JSON.stringify({
				cartItems: [{ id: '145', quantity: 1, selectedSize: '5 m cable', selectedOption: '' }],
				deliveryInfo: {
					firstName: 'Morag',
					lastName: 'Mackenzie',
					address1: '12 Loch Road',
					city: 'Inverness',
					postcode: 'IV2 3XY',
					phone: '01463 123456',
					notes: '\udc00',
				},
			}),
		})
		expect(res.status).toBe(400)
		const { error } = await res.json()
		expect(error.fieldErrors).toEqual({ notes: MALFORMED_TEXT_MESSAGE })
	})
})

describe('dashboard filters (L4)', () => {
	const queries = ['min=99999999999', 'max=99999999999', 'from=9999-99-99', 'to=9999-12-31']

	it('ignores impossible dates and bounds amounts instead of failing the query', async () => {
		for (const query of [...queries, 'from=2026-02-30', 'to=0000-01-01']) {
			const res = await admin.request(`/admin?${query}`)
			expect(res.status, query).toBe(200)
		}
	})

	it('exports the CSV whole for the same filters, never cutting the connection', async () => {
		await insertOrder(app.database.db, { siteUrl: app.url })
		for (const query of queries) {
			const res = await admin.request(`/admin/orders.csv?${query}`)
			expect(res.status, query).toBe(200)
			// text() drops the byte-order mark.
			expect(await res.text(), query).toMatch(/^Order ID,/)
		}
	})
})

describe('Host header, methods and the error log (L5)', () => {
	it('answers a request with an invalid Host header from SITE_URL, not with a 500', async () => {
		for (const host of ['[', 'a b', 'exa%mple', '[::1', ':::', 'evil.example', 'x'.repeat(300)]) {
			const res = await raw(`GET /about HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`)
			expect(res.status, host).toBe(200)
			expect(res.body, host).not.toContain(`//${host}`)
		}
	})

	it('answers 405 to methods the site does not use (TRACE made new Request() throw)', async () => {
		for (const method of ['TRACE', 'PROPFIND', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'CONNECT']) {
			const res = await raw(`${method} /about HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`)
			expect(res.status, method).toBe(405)
			expect(header(res.head, 'allow'), method).toBe('GET, HEAD, POST')
		}
		// Node's parser itself answers 400 to a method it does not know.
		const track = await raw('TRACK /about HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')
		expect(track.status).toBe(400)
		const api = await raw('PUT /api/placeOrder HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')
		expect(header(api.head, 'allow')).toBe('POST')
	})

	it('logs a 404 or 405 below error level: the client asked for something that is not there', async () => {
		const before = errorLines().length
		expect((await customer.request('/no-such-page')).status).toBe(404)
		expect((await customer.request('/no-such-page.data')).status).toBe(404)
		expect((await customer.post('/about', { a: 'b' })).status).toBe(405)
		expect((await customer.post('/services.data', { a: 'b' })).status).toBe(405)
		expect(errorLines().slice(before)).toEqual([])
	})
})

describe('payment-link tokens in the request log (L8)', () => {
	it('logs /pay/:token, never the token', async () => {
		const token = 'secret-token-0123456789'
		await customer.request(`/pay/${token}`)
		await customer.request(`/pay/${token}.data`)
		const lines = logLines.filter((line) => line.msg === 'request')
		expect(lines.some((line) => line.path === '/pay/:token')).toBe(true)
		expect(JSON.stringify(logLines)).not.toContain(token)
	})
})

describe('unnormalised paths (M3)', () => {
	const cookie = () => [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ')

	it('redirects a path the router would read differently to the one it reads, before any route', async () => {
		for (const [path, location] of [
			['//x/auth', '/x/auth'],
			['/./auth', '/auth'],
			['/x/../auth', '/auth'],
			['/%2e/auth', '/auth'],
			['/%2E%2E/auth?mode=register', '/auth?mode=register'],
			['/\\auth', '/auth'],
			['//x/admin/orders/a.css', '/x/admin/orders/a.css'],
			['/admin//orders', '/admin/orders'],
			['/a//../admin', '/admin'],
		]) {
			const res = await raw(
				`GET ${path} HTTP/1.1\r\nHost: x\r\nCookie: ${cookie()}\r\nConnection: close\r\n\r\n`,
			)
			expect(res.status, path).toBe(308)
			expect(header(res.head, 'location'), path).toBe(location)
			expect(res.body, path).not.toContain('customer-')
		}
	})

	it('answers an absolute-form target by redirecting to its path on this site', async () => {
		const res = await raw(
			'GET http://evil.example/auth HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
		)
		expect(res.status).toBe(308)
		expect(header(res.head, 'location')).toBe('/auth')
	})

	it('makes private, no-store the default for anything rendered with credentials', async () => {
		const signedIn = await admin.request('/no-such-page')
		expect(signedIn.status).toBe(404)
		expect(signedIn.headers.get('cache-control')).toBe('private, no-store')
		// Public caching is an opt-in (robots.txt says `public`), and a visitor's 404 is no one's.
		expect((await admin.request('/robots.txt')).headers.get('cache-control')).toContain('public')
		const anonymous = await app.request('/no-such-page')
		expect(anonymous.headers.get('cache-control') ?? '').not.toContain('private')
	})
})

describe('out-of-range numbers and user mistakes (issue 57 item 10)', () => {
	it('answers 400 to a catalogue version beyond PostgreSQL’s integer, logging no error', async () => {
		const before = errorLines().length
		for (const version of ['2147483648', '99999999999999999999', '-1']) {
			const res = await admin.post('/admin/catalogue', { intent: 'restore', version })
			expect(res.status, version).toBe(400)
		}
		expect(errorLines().slice(before)).toEqual([])
	})

	it('logs a sign-in with an over-long password below error level, and says it is wrong', async () => {
		const before = errorLines().length
		const res = await customer.post('/auth', {
			intent: 'signin',
			email: 'someone@example.co.uk',
			password: 'p'.repeat(200),
		})
		expect(res.status).toBeLessThan(500)
		const text = await res.text()
		expect(errorLines().slice(before)).toEqual([])
		expect(
			text.match(/Invalid email or password|Password is too weak|Failed to sign in[^"<]*/g),
		).toEqual(['Invalid email or password'])
	})
})
