import Stripe from 'stripe'
import type { VerifiedPayment } from './provider'

/** The Stripe SDK as this shop uses it, and how its objects read in our terms (decision 0009). */

/** The API version this code is written and tested against: upgrade it deliberately. */
export const STRIPE_API_VERSION = '2026-10-28.endive'

/** Stripe's own default tolerance for a webhook's signed timestamp, in seconds. */
export const WEBHOOK_TOLERANCE_SECONDS = 300

/** The events that can complete a payment (cards complete at once; the other is for safety). */
export const PAID_EVENTS = new Set([
	'checkout.session.completed',
	'checkout.session.async_payment_succeeded',
])

export type StripeSettings = {
	secretKey: string
	webhookSecret: string
	/** A Stripe-compatible server (the test suite's fake, stripe-mock) instead of api.stripe.com. */
	apiBase?: string
	siteUrl: string
}

export function createStripeClient({
	secretKey,
	apiBase,
}: Pick<StripeSettings, 'secretKey' | 'apiBase'>) {
	const base = apiBase ? new URL(apiBase) : undefined
	const https = base?.protocol === 'https:'
	return new Stripe(secretKey, {
		apiVersion: STRIPE_API_VERSION,
		maxNetworkRetries: 2,
		// An admin or a customer is waiting on every call: fail in seconds, not Stripe's 80 s.
		timeout: 15_000,
		appInfo: { name: 'koi-pond-shop' },
		...(base
			? {
					host: base.hostname,
					port: base.port || (https ? 443 : 80),
					protocol: https ? ('https' as const) : ('http' as const),
				}
			: {}),
	})
}

/** A completed, paid GBP session on one of our links, in our terms; anything else is null. */
export function paymentOf(session: Stripe.Checkout.Session): VerifiedPayment | null {
	const linkId = session.metadata?.link_id
	if (session.status !== 'complete' || session.payment_status !== 'paid' || !linkId) return null
	if (session.currency !== 'gbp' || session.amount_total === null) return null
	const intent = session.payment_intent
	return {
		linkId,
		amountPence: session.amount_total,
		provider: 'stripe',
		providerPaymentId: (typeof intent === 'string' ? intent : intent?.id) ?? session.id,
		checkoutId: session.id,
	}
}
