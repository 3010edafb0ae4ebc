import { z } from 'zod'
import { formatPence } from '~/lib/money'
import { safeText } from '~/lib/text-safety'

/** A payout to the bank as the provider reports it (Stripe), with the transactions in it. */
export type ProviderPayout = {
	id: string
	amountPence: number
	currency: string
	/** Stripe's: 'paid', 'pending', 'in_transit', 'canceled', 'failed'. */
	status: string
	/** The day it reaches the bank (ISO instant), and when it was made. */
	arrivalAt: string
	createdAt: string
	transactions: ProviderTransaction[]
}

/** One balance transaction in a payout, in pence; a refund's amounts are negative. */
export type ProviderTransaction = {
	id: string
	/** Stripe's type: 'charge', 'refund', 'payout' (the payout's own), 'adjustment', 'stripe_fee' … */
	type: string
	amountPence: number
	feePence: number
	netPence: number
	description: string | null
	/** The payment (Stripe: PaymentIntent) a charge or refund belongs to, as the shop records it. */
	paymentId: string | null
	/** A refund's own id (Stripe: re_…), as the shop records it. */
	refundId: string | null
}

/** What the shop recorded of a payment or refund: the order and its document. */
export type ShopRecord = { orderId: string; document: string | null }

export type PayoutLine = ProviderTransaction & {
	/** 'sale', 'refund' or 'other' (a fee, adjustment or dispute the shop did not make). */
	kind: 'sale' | 'refund' | 'other'
	match: ShopRecord | null
}

export type MatchedPayout = Omit<ProviderPayout, 'transactions'> & {
	lines: PayoutLine[]
	salesPence: number
	refundsPence: number
	feesPence: number
	/** The lines' net amounts added up: what the payout should be. */
	netPence: number
	/** Why the payout does not add up, in words; empty when it does. */
	problems: string[]
}

/**
 * A payout with each transaction matched to the order it came from (a charge by its payment, a
 * refund by its refund id), its totals, and in words whatever would stop the owner matching it
 * to the bank statement: nets that do not add up to the amount paid out, or a transaction no
 * order of ours explains.
 */
export function matchPayout(
	payout: ProviderPayout,
	records: { payments: Map<string, ShopRecord>; refunds: Map<string, ShopRecord> },
): MatchedPayout {
	const { transactions, ...rest } = payout
	// The payout's own transaction (money leaving the balance for the bank) is the payout itself.
	const lines: PayoutLine[] = transactions
		.filter((t) => t.type !== 'payout')
		.map((t) => {
			if (t.type === 'charge' || t.type === 'payment')
				return { ...t, kind: 'sale', match: find(records.payments, t.paymentId) }
			if (t.type === 'refund' || t.type === 'payment_refund')
				return {
					...t,
					kind: 'refund',
					match: find(records.refunds, t.refundId) ?? find(records.payments, t.paymentId),
				}
			return { ...t, kind: 'other', match: null }
		})
	const sum = (pick: (l: PayoutLine) => number, only?: PayoutLine['kind']) =>
		lines.filter((l) => !only || l.kind === only).reduce((total, l) => total + pick(l), 0)
	const netPence = sum((l) => l.netPence)
	const problems: string[] = []
	if (netPence !== payout.amountPence)
		problems.push(
			`Does not add up: the transactions come to ${formatPence(netPence)} after fees, but the payout is ${formatPence(payout.amountPence)}.`,
		)
	const unmatched = lines.filter((l) => l.kind !== 'other' && !l.match)
	if (unmatched.length)
		problems.push(
			`${count(unmatched.length, 'payment or refund')} in it ${unmatched.length === 1 ? 'matches' : 'match'} no order in this shop (${unmatched.map((l) => l.id).join(', ')}).`,
		)
	const other = lines.filter((l) => l.kind === 'other')
	if (other.length)
		problems.push(
			`${count(other.length, 'transaction')} in it ${other.length === 1 ? 'is' : 'are'} not an order’s payment or refund (${other.map((l) => `${l.type}: ${formatPence(l.netPence)}`).join(', ')}): check ${other.length === 1 ? 'it' : 'them'} in Stripe.`,
		)
	return {
		...rest,
		lines,
		salesPence: sum((l) => l.amountPence, 'sale'),
		// A payout without refunds: 0, not −0.
		refundsPence: -sum((l) => l.amountPence, 'refund') || 0,
		feesPence: sum((l) => l.feePence),
		netPence,
		problems,
	}
}

const find = (map: Map<string, ShopRecord>, key: string | null) =>
	key ? (map.get(key) ?? null) : null

const count = (n: number, noun: string) => (n === 1 ? `1 ${noun}` : `${n} ${noun}s`)

/** Stripe's payout ids, for the page's paging links. */
export const PAYOUT_ID = /^po_[A-Za-z0-9]{1,64}$/

/** The payouts page's query: a payout to page after (older) or before (newer); else the first. */
export const PayoutPageSchema = z.object({
	after: safeText().regex(PAYOUT_ID).optional().catch(undefined),
	before: safeText().regex(PAYOUT_ID).optional().catch(undefined),
})

/** How the page names a payout's status. */
export function payoutStatusLabel(status: string) {
	const labels: Record<string, string> = {
		paid: 'Paid into the bank',
		pending: 'Pending',
		in_transit: 'On its way to the bank',
		canceled: 'Cancelled',
		failed: 'Failed',
	}
	return labels[status] ?? status
}
