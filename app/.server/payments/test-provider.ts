import crypto from 'node:crypto'
import { checkPayableAmount, newLinkToken, type PaymentProvider, payUrl } from './provider'

/**
 * The built-in provider used when no Stripe keys are set: /pay/<token> shows the order and a
 * 'Pay £X' button that records the payment through the same path a provider's webhook uses.
 * No money moves; it exists so the whole quote-to-cash journey runs on a laptop and in tests.
 */
export function createTestProvider(siteUrl: string): PaymentProvider {
	const refunded = new Map<string, string>()
	return {
		name: 'test',
		// Payment is taken on our own page the moment Pay is pressed: no checkout outlives a click.
		checkoutMinutes: 0,
		async createLink({ amountPence }) {
			checkPayableAmount(amountPence)
			const id = newLinkToken()
			return { id, url: payUrl(siteUrl, id) }
		},
		async deactivateLink() {
			// Nothing lives at the provider: revoking the token in our database is the whole job.
		},
		async checkout() {
			return { kind: 'page' }
		},
		async closeCheckouts() {
			// Nothing is ever left open at the provider.
		},
		// As the interface promises: a retry with the same key answers with the first refund (kept
		// for this process's life; no money moves here, and a restart's retry makes a new id).
		async refund({ idempotencyKey }) {
			const first = refunded.get(idempotencyKey)
			if (first) return first
			const id = `test_refund_${crypto.randomBytes(8).toString('hex')}`
			refunded.set(idempotencyKey, id)
			return id
		},
		async findPayments() {
			// Payments are recorded the moment the Pay button is pressed: nothing can be missed.
			return []
		},
	}
}

export function newTestPaymentId() {
	return `test_pay_${crypto.randomBytes(8).toString('hex')}`
}
