import Stripe from 'stripe'
import { z } from 'zod'
import { safeText } from '~/lib/text-safety'
import { type VerifiedPayment, WebhookSignatureError } from './provider'

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

/** Stripe's id shapes: events and Checkout Sessions (test or live mode). */
const EVENT_ID = /^evt_[A-Za-z0-9]{1,250}$/
const SESSION_ID = /^cs_(test|live)_[A-Za-z0-9]{1,250}$/

const SignedEvent = z.object({
	id: safeText().regex(EVENT_ID),
	type: safeText().min(1).max(100),
	data: z
		.object({ object: z.object({ id: z.unknown() }).partial() })
		.partial()
		.optional(),
})

/**
 * A webhook whose signature checks out, read before anything touches the database: the signed
 * timestamp may be at most the tolerance old and never in the future, and the event and any
 * Checkout Session it names must have Stripe's id shapes. Anything else throws
 * WebhookSignatureError (a 400, which Stripe shows in its dashboard), never a server error.
 */
export async function readSignedEvent(
	stripe: Stripe,
	webhook: { rawBody: string; signature: string | null; secret: string; now?: Date },
): Promise<{ id: string; type: string; sessionId: string | null }> {
	const { rawBody, signature, secret } = webhook
	if (!signature) throw new WebhookSignatureError('No Stripe-Signature header')
	const signedAt = Number(/(?:^|,)t=(\d{1,12})(?:,|$)/.exec(signature)?.[1])
	const now = Math.floor((webhook.now ?? new Date()).getTime() / 1000)
	if (signedAt > now + WEBHOOK_TOLERANCE_SECONDS)
		throw new WebhookSignatureError('Webhook timestamp is in the future')
	let event: unknown
	try {
		event = await stripe.webhooks.constructEventAsync(
			rawBody,
			signature,
			secret,
			WEBHOOK_TOLERANCE_SECONDS,
		)
	} catch (error) {
		throw new WebhookSignatureError((error as Error).message)
	}
	const parsed = SignedEvent.safeParse(event)
	if (!parsed.success) throw new WebhookSignatureError('Malformed event')
	const { id, type, data } = parsed.data
	if (!type.startsWith('checkout.session.')) return { id, type, sessionId: null }
	const sessionId = data?.object?.id
	// A genuine event about another account's object (or none) is recorded and ignored.
	if (sessionId === undefined) return { id, type, sessionId: null }
	if (typeof sessionId !== 'string' || !SESSION_ID.test(sessionId))
		throw new WebhookSignatureError('Malformed Checkout Session id')
	return { id, type, sessionId }
}
