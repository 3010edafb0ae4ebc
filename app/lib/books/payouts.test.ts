import { describe, expect, it } from 'vitest'
import { matchPayout, PayoutPageSchema, type ProviderTransaction } from './payouts'

const txn = (t: Partial<ProviderTransaction> & Pick<ProviderTransaction, 'id' | 'type'>) => ({
	amountPence: 0,
	feePence: 0,
	netPence: 0,
	description: null,
	paymentId: null,
	refundId: null,
	...t,
})
// £45.00 sale (fee 1.5% + 20p = 88p), £9.99 refunded, the payout's own line.
const sale = txn({
	id: 'txn_1',
	type: 'charge',
	amountPence: 4500,
	feePence: 88,
	netPence: 4412,
	paymentId: 'pi_1',
})
const refund = txn({
	id: 'txn_2',
	type: 'refund',
	amountPence: -999,
	netPence: -999,
	paymentId: 'pi_1',
	refundId: 're_1',
})
const own = txn({ id: 'txn_3', type: 'payout', amountPence: -3413, netPence: -3413 })
const payout = (amountPence: number, transactions: ProviderTransaction[]) => ({
	id: 'po_1',
	amountPence,
	currency: 'gbp',
	status: 'paid',
	arrivalAt: '2026-12-04T00:00:00.000Z',
	createdAt: '2026-12-02T00:00:00.000Z',
	transactions,
})
const records = {
	payments: new Map([['pi_1', { orderId: 'KP-1', document: 'INV-000001' }]]),
	refunds: new Map([['re_1', { orderId: 'KP-1', document: 'CN-000001' }]]),
}

describe('matching a payout to the shop’s orders', () => {
	it('matches sales by payment and refunds by refund id, and adds up to the payout', () => {
		const matched = matchPayout(payout(3413, [sale, refund, own]), records)
		expect(matched.lines.map((l) => [l.kind, l.match?.document])).toEqual([
			['sale', 'INV-000001'],
			['refund', 'CN-000001'],
		])
		expect(matched).toMatchObject({
			salesPence: 4500,
			refundsPence: 999,
			feesPence: 88,
			netPence: 3413,
			problems: [],
		})
	})

	it('says a payout without refunds refunded £0.00, not −£0.00', () => {
		expect(matchPayout(payout(4412, [sale]), records).refundsPence).toBe(0)
	})

	it('flags a payout whose nets do not add up to the amount paid out', () => {
		expect(matchPayout(payout(3400, [sale, refund, own]), records).problems).toEqual([
			'Does not add up: the transactions come to £34.13 after fees, but the payout is £34.00.',
		])
	})

	it('flags a payment no order explains, and a transaction that is no order’s', () => {
		const stranger = txn({ ...sale, id: 'txn_9', paymentId: 'pi_other' })
		const dispute = txn({ id: 'txn_8', type: 'adjustment', amountPence: -1500, netPence: -1500 })
		const matched = matchPayout(
			payout(4412 * 2 - 999 - 1500, [sale, stranger, refund, dispute]),
			records,
		)
		expect(matched.problems).toEqual([
			'1 payment or refund in it matches no order in this shop (txn_9).',
			'1 transaction in it is not an order’s payment or refund (adjustment: -£15.00): check it in Stripe.',
		])
		expect(matched.lines.find((l) => l.id === 'txn_9')?.match).toBeNull()
	})

	it('falls back to the payment for a refund the shop did not record by its id', () => {
		const matched = matchPayout(payout(-999, [{ ...refund, refundId: 're_unknown' }]), records)
		expect(matched.lines[0]?.match).toEqual({ orderId: 'KP-1', document: 'INV-000001' })
	})

	it('reads only Stripe payout ids from the page’s query', () => {
		expect(PayoutPageSchema.parse({ after: 'po_abc123', before: "po_'; drop" })).toEqual({
			after: 'po_abc123',
			before: undefined,
		})
	})
})
