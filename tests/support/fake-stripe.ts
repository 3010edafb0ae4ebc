import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import Stripe from 'stripe'
import { fakeBalance } from './fake-stripe-payouts'

/**
 * A local stand-in for api.stripe.com speaking the few endpoints the shop uses (Checkout
 * Sessions create/retrieve/list/expire, Refunds create, Payouts and Balance Transactions list)
 * in Stripe's JSON shapes. The app's real
 * SDK talks to it through STRIPE_API_BASE; tests drive the customer's side (complete a session)
 * and sign webhooks with the SDK's test-header helper.
 */
export const FAKE_SECRET_KEY = 'sk_test_fake_koi'
export const FAKE_WEBHOOK_SECRET = 'whsec_fake_koi'

type Session = Record<string, unknown> & {
	id: string
	status: 'open' | 'complete' | 'expired'
	payment_status: 'paid' | 'unpaid'
	amount_total: number
	currency: string
	metadata: Record<string, string>
	payment_intent: string | null
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>

export async function startFakeStripe({
	port = 0,
	webhookUrl,
}: {
	port?: number
	/** Where the hosted checkout page delivers its signed event (the browser test's app). */
	webhookUrl?: string
} = {}) {
	const sessions = new Map<string, Session>()
	const refunds: Array<Record<string, unknown>> = []
	const balance = fakeBalance()
	const idempotent = new Map<string, string>()
	const requests: Array<{ method: string; path: string; version?: string }> = []
	/** 'up', answer 503 ('down'), or drop the connection ('reset') — provider outages. */
	let mode: 'up' | 'down' | 'reset' = 'up'
	const id = (prefix: string) => `${prefix}_${crypto.randomBytes(10).toString('hex')}`

	const server = http.createServer(async (req, res) => {
		const url = new URL(req.url ?? '/', 'http://fake')
		requests.push({
			method: req.method ?? '',
			path: url.pathname,
			version: req.headers['stripe-version'] as string | undefined,
		})
		if (mode === 'reset') return req.socket.destroy()
		const send = (status: number, body: unknown) => {
			res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') })
			res.end(JSON.stringify(body))
		}
		const fail = (status: number, message: string, type = 'invalid_request_error') =>
			send(status, { error: { type, message } })
		if (mode === 'down') return fail(503, 'Stripe is unavailable (fake outage).', 'api_error')
		if (url.pathname === '/health') return send(200, { ok: true })
		const page = url.pathname.match(/^\/c\/pay\/([^/]+)$/)
		if (page) return hostedCheckout(req, res, sessions.get(page[1]!))
		if (req.headers.authorization !== `Bearer ${FAKE_SECRET_KEY}`)
			return fail(401, 'Invalid API Key provided.')
		const chunks: Buffer[] = []
		for await (const chunk of req) chunks.push(chunk as Buffer)
		const params = parseForm(Buffer.concat(chunks).toString('utf8'))
		const key = req.headers['idempotency-key'] as string | undefined
		if (key && idempotent.has(key)) {
			res.writeHead(200, { 'content-type': 'application/json' })
			return res.end(idempotent.get(key))
		}
		const match = url.pathname.match(/^\/v1\/checkout\/sessions(?:\/([^/]+))?(\/expire)?$/)
		if (match && req.method === 'POST' && !match[1]) {
			const lines = Object.values(obj(params.line_items))
			const amount = lines.reduce<number>(
				(sum, l) => sum + Number(at(l, 'price_data', 'unit_amount')) * Number(at(l, 'quantity')),
				0,
			)
			const session: Session = {
				id: id('cs_test'),
				object: 'checkout.session',
				mode: at(params, 'mode'),
				status: 'open',
				payment_status: 'unpaid',
				amount_total: amount,
				currency: at(lines[0], 'price_data', 'currency') ?? '',
				client_reference_id: at(params, 'client_reference_id') ?? null,
				metadata: obj(params.metadata) as Record<string, string>,
				customer_email: at(params, 'customer_email') ?? null,
				line_item_name: at(lines[0], 'price_data', 'product_data', 'name'),
				line_item_description: at(lines[0], 'price_data', 'product_data', 'description'),
				payment_description: at(params, 'payment_intent_data', 'description'),
				line_items_count: lines.length,
				success_url: at(params, 'success_url'),
				cancel_url: at(params, 'cancel_url'),
				expires_at: Number(at(params, 'expires_at')),
				payment_intent: null,
				url: '',
			}
			session.url = `${baseUrl}/c/pay/${session.id}`
			sessions.set(session.id, session)
			return send(200, session)
		}
		if (match && req.method === 'GET' && !match[1]) {
			return send(200, {
				object: 'list',
				url: '/v1/checkout/sessions',
				has_more: false,
				data: [...sessions.values()].reverse(),
			})
		}
		const session = match?.[1] ? sessions.get(match[1]) : undefined
		if (match?.[1] && !session) return fail(404, `No such checkout.session: '${match[1]}'`)
		if (session && req.method === 'GET' && !match?.[2]) return send(200, session)
		if (session && req.method === 'POST' && match?.[2]) {
			if (session.status !== 'open')
				return fail(400, 'Only Checkout Sessions with a status in ["open"] can be expired.')
			session.status = 'expired'
			return send(200, session)
		}
		if (url.pathname === '/v1/refunds' && req.method === 'POST') {
			const intent = at(params, 'payment_intent')
			const paid = [...sessions.values()].find((s) => s.payment_intent === intent)
			if (!paid) return fail(404, `No such payment_intent: '${intent}'`)
			const amount = Number(at(params, 'amount') ?? paid.amount_total)
			// As Stripe does: never more back than the payment had left.
			const before = refunds
				.filter((r) => r.payment_intent === intent)
				.reduce((sum, r) => sum + Number(r.amount), 0)
			if (amount + before > Number(paid.amount_total))
				return fail(
					400,
					`Refund amount (£${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge (£${((Number(paid.amount_total) - before) / 100).toFixed(2)})`,
				)
			const refund = {
				id: id('re'),
				object: 'refund',
				amount,
				currency: 'gbp',
				payment_intent: intent,
				reason: at(params, 'reason') ?? null,
				status: 'succeeded',
			}
			refunds.push(refund)
			balance.refund(refund)
			const body = JSON.stringify(refund)
			if (key) idempotent.set(key, body)
			res.writeHead(200, { 'content-type': 'application/json' })
			return res.end(body)
		}
		const listed = req.method === 'GET' ? balance.answer(url.pathname, url.searchParams) : null
		if (listed) return send(200, listed)
		fail(404, `Unrecognized request URL (${req.method}: ${url.pathname}).`)
	})
	await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
	const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

	/** Stripe's hosted page, reduced to a Pay button: pays, sends the webhook, returns. */
	async function hostedCheckout(
		req: http.IncomingMessage,
		res: http.ServerResponse,
		session: Session | undefined,
	) {
		if (session?.status !== 'open') {
			res.writeHead(410, { 'content-type': 'text/html' })
			return res.end('<!doctype html><title>Expired</title><h1>This checkout has expired</h1>')
		}
		if (req.method === 'POST') {
			complete(session.id)
			if (webhookUrl) {
				const event = signedEvent('checkout.session.completed', session)
				await fetch(webhookUrl, {
					method: 'POST',
					headers: { 'content-type': 'application/json', 'stripe-signature': event.header },
					body: event.payload,
				})
			}
			res.writeHead(303, { location: String(session.success_url) })
			return res.end()
		}
		const amount = `£${(session.amount_total / 100).toFixed(2)}`
		res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
		res.end(
			`<!doctype html><html lang="en"><title>Fake Stripe Checkout</title><main><h1>Fake Stripe Checkout</h1><p>${String(session.line_item_name)}</p><p>${String(session.line_item_description ?? '')}</p><form method="post"><button>Pay ${amount}</button></form></main></html>`,
		)
	}

	function complete(sessionId: string) {
		const session = sessions.get(sessionId)
		if (!session) throw new Error(`no session ${sessionId}`)
		Object.assign(session, {
			status: 'complete',
			payment_status: 'paid',
			payment_intent: id('pi'),
		})
		balance.charge(String(session.payment_intent), session.amount_total)
		return session
	}

	function signedEvent(
		type: string,
		object: Record<string, unknown>,
		{
			eventId = id('evt'),
			timestamp = Math.floor(Date.now() / 1000),
			secret = FAKE_WEBHOOK_SECRET,
		} = {},
	) {
		const payload = JSON.stringify({
			id: eventId,
			object: 'event',
			type,
			api_version: '2026-10-28.endive',
			created: timestamp,
			livemode: false,
			pending_webhooks: 1,
			request: { id: null, idempotency_key: null },
			data: { object },
		})
		const header = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp })
		return { payload, header, eventId }
	}

	return {
		url: baseUrl,
		sessions,
		refunds,
		/** Charges, refunds and payouts as Stripe's balance holds them; `payout()` pays out. */
		balance,
		requests,
		setMode(next: typeof mode) {
			mode = next
		},
		/** The customer pays on Stripe's page. */
		complete,
		/** The newest session opened for an order. */
		latestFor(orderId: string) {
			return [...sessions.values()].reverse().find((s) => s.metadata.order_id === orderId)
		},
		/** A webhook body and its Stripe-Signature header, as Stripe would send them. */
		signedEvent,
		/** Settings that point the app's SDK at this server. */
		env: {
			STRIPE_SECRET_KEY: FAKE_SECRET_KEY,
			STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
			STRIPE_API_BASE: baseUrl,
		},
		async close() {
			server.closeAllConnections()
			await new Promise<void>((resolve) => server.close(() => resolve()))
		},
	}
}

/** Stripe's form encoding: `a[b][0][c]=1` → { a: { b: { 0: { c: '1' } } } } (lists as objects). */
type Params = { [key: string]: string | Params }
function parseForm(body: string): Params {
	const root: Params = {}
	for (const [name, value] of new URLSearchParams(body)) {
		const keys = name.replace(/\]/g, '').split('[')
		const last = keys.pop()!
		let node = root
		for (const key of keys) {
			if (typeof node[key] !== 'object') node[key] = {}
			node = node[key] as Params
		}
		node[last] = value
	}
	return root
}

/** Reads a nested string parameter: at(params, 'metadata', 'order_id'). */
const at = (params: Params | string | undefined, ...keys: string[]): string | undefined => {
	let node = params
	for (const key of keys) node = typeof node === 'object' ? node[key] : undefined
	return typeof node === 'string' ? node : undefined
}
const obj = (value: Params | string | undefined): Params => (typeof value === 'object' ? value : {})
