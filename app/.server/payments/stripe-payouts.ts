import type Stripe from 'stripe'
import type { ProviderPayout, ProviderTransaction } from '~/lib/books/payouts'
import type { PayoutList, PayoutPage } from './provider'

/**
 * A page of payouts, newest first, each with every balance transaction it paid out (charges and
 * refunds with their source expanded, so each names its PaymentIntent and refund id). Read live
 * from Stripe on each visit (decision 0031): Stripe is the record, and a payout's contents never
 * change once it is made.
 */
export async function listStripePayouts(stripe: Stripe, page: PayoutPage): Promise<PayoutList> {
	const list = await stripe.payouts.list({
		limit: page.limit,
		...(page.after ? { starting_after: page.after } : {}),
		...(page.before ? { ending_before: page.before } : {}),
	})
	const payouts = await Promise.all(
		list.data.map(async (payout): Promise<ProviderPayout> => {
			const transactions: ProviderTransaction[] = []
			for await (const txn of stripe.balanceTransactions.list({
				payout: payout.id,
				limit: 100,
				expand: ['data.source'],
			}))
				transactions.push(transactionOf(txn))
			return {
				id: payout.id,
				amountPence: payout.amount,
				currency: payout.currency,
				status: payout.status,
				arrivalAt: new Date(payout.arrival_date * 1000).toISOString(),
				createdAt: new Date(payout.created * 1000).toISOString(),
				// Stripe lists newest first; the page reads a payout's contents in the order they came.
				transactions: transactions.reverse(),
			}
		}),
	)
	return {
		payouts,
		hasOlder: page.before ? true : list.has_more,
		hasNewer: page.before ? list.has_more : Boolean(page.after),
	}
}

/** A balance transaction in our terms: which payment (PaymentIntent) or refund it came from. */
function transactionOf(txn: Stripe.BalanceTransaction): ProviderTransaction {
	const source = typeof txn.source === 'object' && txn.source !== null ? txn.source : null
	const fields = (source ?? {}) as { object?: string; id?: string; payment_intent?: unknown }
	const intent = fields.payment_intent
	const paymentId =
		typeof intent === 'string'
			? intent
			: typeof intent === 'object' && intent !== null && 'id' in intent
				? String(intent.id)
				: null
	return {
		id: txn.id,
		type: txn.type,
		amountPence: txn.amount,
		feePence: txn.fee,
		netPence: txn.net,
		description: txn.description,
		paymentId,
		refundId: fields.object === 'refund' ? (fields.id ?? null) : null,
	}
}
