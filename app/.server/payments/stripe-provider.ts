import { and, asc, eq } from 'drizzle-orm'
import Stripe from 'stripe'
import type { Db } from '~/.server/db/client'
import { checkoutSessions, orders } from '~/.server/db/schema'
import {
	checkPayableAmount,
	newLinkToken,
	type PaymentProvider,
	payUrl,
	type VerifiedPayment,
	WebhookSignatureError,
} from './provider'

/**
 * Card payments through Stripe Checkout (DESIGN decision 13, docs/decisions/0009). Our link
 * /pay/<token> stays the credential; each visit opens a Checkout Session for the link's exact
 * amount and we remember it, so revoking the link can expire it and reconciliation can ask
 * Stripe about it. Card data only ever reaches Stripe's page (PCI SAQ-A).
 */

/** The API version this code is written and tested against: upgrade it deliberately. */
export const STRIPE_API_VERSION = '2026-10-28.endive'

/** Stripe allows a session to live 30 minutes to 24 hours; an hour is enough to pay. */
export const SESSION_MINUTES = 60

/** Where Stripe posts events (register this URL in the Stripe dashboard). */
export const STRIPE_WEBHOOK_PATH = '/webhooks/stripe'

/** Stripe's own default tolerance for a webhook's signed timestamp, in seconds. */
export const WEBHOOK_TOLERANCE_SECONDS = 300

/** The events that can complete a payment (cards complete at once; the other is for safety). */
const PAID_EVENTS = new Set([
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

export function createStripeProvider(db: Db, settings: StripeSettings): PaymentProvider {
	const stripe = createStripeClient(settings)
	const { siteUrl, webhookSecret } = settings

	async function markSession(id: string, status: 'complete' | 'expired') {
		await db
			.update(checkoutSessions)
			.set({ status, closedAt: new Date() })
			.where(eq(checkoutSessions.id, id))
	}

	return {
		name: 'stripe',
		async createLink({ amountPence }) {
			// Nothing is created at Stripe until the customer opens the link (one session a visit).
			checkPayableAmount(amountPence)
			const id = newLinkToken()
			return { id, url: payUrl(siteUrl, id) }
		},

		async checkout(link) {
			const [order] = await db.select().from(orders).where(eq(orders.id, link.orderId))
			if (!order) throw new Error('The order for this payment link is missing.')
			// Decision 15: a session must not outlive the quote's held-until date; Stripe's floor is
			// 30 minutes, so a quote closer to expiry than that keeps the floor.
			const now = Math.floor(Date.now() / 1000)
			const heldUntil = order.quoteExpiresAt
				? Math.floor(new Date(order.quoteExpiresAt).getTime() / 1000)
				: Number.POSITIVE_INFINITY
			const expiresAt = Math.max(now + 30 * 60, Math.min(now + SESSION_MINUTES * 60, heldUntil))
			const metadata = { order_id: order.id, link_id: link.id }
			const session = await stripe.checkout.sessions.create({
				mode: 'payment',
				client_reference_id: order.id,
				metadata,
				payment_intent_data: { metadata, description: `Order ${order.id}` },
				line_items: [
					{
						quantity: 1,
						price_data: {
							currency: 'gbp',
							unit_amount: link.amountPence,
							product_data: { name: `Order ${order.id} (pond equipment and delivery)` },
						},
					},
				],
				customer_email: order.deliveryInfo.email || undefined,
				success_url: `${siteUrl}/auth?tab=orders`,
				cancel_url: payUrl(siteUrl, link.id),
				expires_at: expiresAt,
			})
			if (!session.url) throw new Error('Stripe did not return a checkout page.')
			await db.insert(checkoutSessions).values({
				id: session.id,
				linkId: link.id,
				orderId: order.id,
				expiresAt: new Date(expiresAt * 1000),
			})
			return { kind: 'redirect', url: session.url }
		},

		async deactivateLink(link) {
			const open = await db
				.select({ id: checkoutSessions.id })
				.from(checkoutSessions)
				.where(and(eq(checkoutSessions.linkId, link.id), eq(checkoutSessions.status, 'open')))
			for (const { id } of open) {
				try {
					await stripe.checkout.sessions.expire(id)
					await markSession(id, 'expired')
				} catch (error) {
					// Only an open session can be expired: learn what it became instead.
					const session = await stripe.checkout.sessions.retrieve(id).catch(() => null)
					if (session?.status === 'expired') await markSession(id, 'expired')
					else if (session?.status === 'complete')
						// Left open here so reconciliation records (and flags) the payment.
						throw new Error('the customer paid on this link just before it was deactivated')
					else throw new Error(`Stripe could not expire the checkout: ${(error as Error).message}`)
				}
			}
		},

		async refund({ providerPaymentId, amountPence }) {
			const refund = await stripe.refunds.create(
				{ payment_intent: providerPaymentId, amount: amountPence, reason: 'requested_by_customer' },
				// A retry after a lost answer returns the same refund, never a second one.
				{ idempotencyKey: `refund-${providerPaymentId}` },
			)
			if (refund.status === 'failed' || refund.status === 'canceled')
				throw new Error(`Stripe reported the refund as ${refund.status}`)
			return refund.id
		},

		async findPayments({ orderId }) {
			const open = await db
				.select({ id: checkoutSessions.id })
				.from(checkoutSessions)
				.where(
					and(
						eq(checkoutSessions.status, 'open'),
						orderId ? eq(checkoutSessions.orderId, orderId) : undefined,
					),
				)
				.orderBy(asc(checkoutSessions.createdAt))
				.limit(100)
			const found: VerifiedPayment[] = []
			for (const { id } of open) {
				const session = await stripe.checkout.sessions.retrieve(id).catch((error) => {
					// Unknown to this Stripe account (keys changed): nothing can be paid on it.
					if ((error as { statusCode?: number }).statusCode === 404) return null
					throw error
				})
				if (!session || session.status === 'expired') await markSession(id, 'expired')
				if (!session) continue
				const payment = paymentOf(session)
				if (payment) found.push(payment)
			}
			return found
		},

		async verifyWebhook(rawBody, signature) {
			if (!signature) throw new WebhookSignatureError('No Stripe-Signature header')
			let event: Stripe.Event
			try {
				event = await stripe.webhooks.constructEventAsync(
					rawBody,
					signature,
					webhookSecret,
					WEBHOOK_TOLERANCE_SECONDS,
				)
			} catch (error) {
				throw new WebhookSignatureError((error as Error).message)
			}
			const ignored = { id: event.id, provider: 'stripe', type: event.type, payment: null }
			const sentId = (event.data?.object as { id?: unknown } | undefined)?.id
			if (typeof sentId !== 'string') return ignored
			if (event.type === 'checkout.session.expired') await markSession(sentId, 'expired')
			if (!PAID_EVENTS.has(event.type)) return ignored
			// Events can be old, repeated or out of order: Stripe's current state decides.
			const session = await stripe.checkout.sessions.retrieve(sentId).catch((error) => {
				if ((error as { statusCode?: number }).statusCode === 404) return null // not ours
				throw error
			})
			return { ...ignored, payment: session ? paymentOf(session) : null }
		},
	}
}

/** A completed, paid GBP session on one of our links, in our terms; anything else is null. */
function paymentOf(session: Stripe.Checkout.Session): VerifiedPayment | null {
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
