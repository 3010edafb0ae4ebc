import crypto from 'node:crypto'

/**
 * The fake Stripe's balance: a charge for each paid session, a refund's negative transaction, and
 * payouts that sweep what is not yet paid out, answered as Stripe's `GET /v1/payouts` and
 * `GET /v1/balance_transactions?payout=…` (newest first, cursor paging, `expand[]=data.source`).
 * Fees as Stripe's UK standard card price: 1.5% + 20p a charge, none on a refund.
 */
type Txn = {
	id: string
	object: 'balance_transaction'
	amount: number
	currency: 'gbp'
	created: number
	available_on: number
	description: string | null
	fee: number
	net: number
	reporting_category: string
	source: string
	status: 'available'
	type: string
	/** Not Stripe's: which payout took it (Stripe answers this through the payout filter). */
	payout?: string
}
type Obj = Record<string, unknown> & { id: string }

export function fakeBalance() {
	const transactions: Txn[] = []
	const payouts: Obj[] = []
	const sources = new Map<string, Obj>()
	const id = (prefix: string) => `${prefix}_${crypto.randomBytes(10).toString('hex')}`
	const now = () => Math.floor(Date.now() / 1000)

	function record(type: string, source: Obj, amount: number, fee: number, description: string) {
		sources.set(source.id, source)
		const txn: Txn = {
			id: id('txn'),
			object: 'balance_transaction',
			amount,
			currency: 'gbp',
			created: now(),
			available_on: now(),
			description,
			fee,
			net: amount - fee,
			reporting_category: type === 'adjustment' ? 'other_adjustment' : type,
			source: source.id,
			status: 'available',
			type,
		}
		transactions.push(txn)
		return txn
	}

	/** A page of a list, newest first, as Stripe pages: limit, starting_after, ending_before. */
	function list<T extends { id: string }>(all: T[], query: URLSearchParams, url: string) {
		const newestFirst = [...all].reverse()
		const limit = Math.min(100, Math.max(1, Number(query.get('limit') ?? 10)))
		const after = query.get('starting_after')
		const before = query.get('ending_before')
		let start = 0
		let end = newestFirst.length
		if (after) start = newestFirst.findIndex((o) => o.id === after) + 1
		if (before)
			end = Math.max(
				0,
				newestFirst.findIndex((o) => o.id === before),
			)
		const data = before
			? newestFirst.slice(Math.max(start, end - limit), end)
			: newestFirst.slice(start, start + limit)
		const hasMore = before ? end - limit > start : start + limit < end
		return { object: 'list', url, has_more: hasMore, data }
	}

	return {
		transactions,
		payouts,
		/** A paid session's charge (the source Stripe names on its balance transaction). */
		charge(paymentIntent: string, amount: number) {
			const charge = { id: id('ch'), object: 'charge', amount, payment_intent: paymentIntent }
			record('charge', charge, amount, Math.round(amount * 0.015) + 20, 'Koi & pond order')
			return charge
		},
		refund(refund: Obj & { amount: number; payment_intent?: unknown }) {
			const charge = [...sources.values()].find(
				(c) => c.object === 'charge' && c.payment_intent === refund.payment_intent,
			)
			refund.charge = charge?.id ?? null
			record('refund', refund, -refund.amount, 0, 'REFUND FOR CHARGE')
		},
		/** Something Stripe took that is no order's (a dispute's fee, say): a test's odd line. */
		adjustment(amount: number, description: string) {
			record('adjustment', { id: id('du'), object: 'dispute' }, amount, 0, description)
		},
		/** Pays out everything not yet paid out, as an automatic daily payout would. */
		payout({ status = 'paid', arrival = now() + 2 * 86_400 } = {}) {
			const due = transactions.filter((t) => !t.payout && t.type !== 'payout')
			const amount = due.reduce((sum, t) => sum + t.net, 0)
			const payout: Obj = {
				id: id('po'),
				object: 'payout',
				amount,
				arrival_date: arrival,
				automatic: true,
				created: now(),
				currency: 'gbp',
				description: 'STRIPE PAYOUT',
				method: 'standard',
				status,
				type: 'bank_account',
			}
			payouts.push(payout)
			for (const t of due) t.payout = payout.id
			const own = record('payout', payout, -amount, 0, 'STRIPE PAYOUT')
			own.payout = payout.id
			return payout
		},
		/** GET /v1/payouts and GET /v1/balance_transactions, or null for another path. */
		answer(pathname: string, query: URLSearchParams) {
			if (pathname === '/v1/payouts') return list(payouts, query, '/v1/payouts')
			if (pathname !== '/v1/balance_transactions') return null
			const payout = query.get('payout')
			const found = transactions.filter((t) => !payout || t.payout === payout)
			const page = list(found, query, '/v1/balance_transactions')
			// The SDK writes `expand[0]=data.source`; curl users write `expand[]=…`.
			const expand = [...query].some(([k, v]) => k.startsWith('expand') && v === 'data.source')
			return {
				...page,
				data: page.data.map(({ payout: _, ...t }) =>
					expand ? { ...t, source: sources.get(t.source) ?? t.source } : t,
				),
			}
		},
	}
}
