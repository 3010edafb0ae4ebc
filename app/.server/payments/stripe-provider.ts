import type { Db } from '~/.server/db/client'
import type { PaymentLink } from '~/.server/db/schema'
import { formatDateTime } from '~/lib/dates'
import { claimCheckoutLease, releaseCheckoutLease } from './links'
import {
	type CheckoutPayer,
	checkPayableAmount,
	newLinkToken,
	PaymentLinkError,
	type PaymentProvider,
	payUrl,
	type VerifiedPayment,
} from './provider'
import {
	createStripeClient,
	PAID_EVENTS,
	paymentOf,
	readSignedEvent,
	type StripeSettings,
} from './stripe-client'
import { listStripePayouts } from './stripe-payouts'
import {
	markSession,
	openSessionIds,
	openSessionsToCheck,
	reusableSession,
	storeSession,
} from './stripe-sessions'

/**
 * Card payments through Stripe Checkout (DESIGN decision 13, docs/decisions/0009 and 0018). Our
 * link /pay/<token> stays the credential. Pressing Pay on it opens one Checkout Session for the
 * link's exact amount, which we store with its URL and hand out again while it has time left:
 * two tabs share one session, so a second payment is impossible. Applying a payment expires the
 * order's other open sessions; revoking a link expires its own; reconciliation asks Stripe about
 * the rest. Card data only ever reaches Stripe's page (PCI SAQ-A).
 */

/** Stripe allows a session to live 30 minutes to 24 hours; an hour is enough to pay. */
export const SESSION_MINUTES = 60
/** Stripe's floor for a session's life: a quote ending sooner gets no new session. */
export const MIN_SESSION_MINUTES = 30
/** How long one request may hold a link's checkout lease (the SDK gives up within ~45 s). */
const LEASE_MS = 60_000
/** How long a request waits for the session another instance is opening for the same link. */
const WAIT_FOR_OTHER_MS = 10_000

/** Where Stripe posts events (register this URL in the Stripe dashboard). */
export const STRIPE_WEBHOOK_PATH = '/webhooks/stripe'

export function createStripeProvider(db: Db, settings: StripeSettings): PaymentProvider {
	const stripe = createStripeClient(settings)
	const { siteUrl, webhookSecret } = settings

	/**
	 * Expires a session at Stripe and here. Only an open session can be expired: one that turns
	 * out complete stays open here, so reconciliation records (or flags) its payment.
	 */
	async function expireSession(id: string): Promise<'expired' | 'complete'> {
		try {
			await stripe.checkout.sessions.expire(id)
		} catch (error) {
			const session = await stripe.checkout.sessions.retrieve(id).catch(() => null)
			if (session?.status === 'complete') return 'complete'
			if (session?.status !== 'expired')
				throw new Error(`Stripe could not expire the checkout: ${(error as Error).message}`)
		}
		await markSession(db, id, 'expired')
		return 'expired'
	}

	/** Expires each session; the first failure is reported after trying them all. */
	async function expireAll(ids: string[]) {
		let failure: Error | undefined
		let paid = false
		for (const id of ids) {
			try {
				if ((await expireSession(id)) === 'complete') paid = true
			} catch (error) {
				failure ??= error as Error
			}
		}
		if (paid) throw new Error('the customer paid on this link just before it was deactivated')
		if (failure) throw failure
	}

	/**
	 * Opens the link's one session. A lease on the link row (one short UPDATE, no transaction held
	 * across the call to Stripe) makes the instances take turns; a request that finds the lease
	 * taken waits for the session the holder stores.
	 */
	async function openSession(link: PaymentLink, order: CheckoutPayer) {
		const now = new Date()
		const claimed = await claimCheckoutLease(db, link.id, now, new Date(now.getTime() + LEASE_MS))
		if (!claimed) {
			for (let waited = 0; waited < WAIT_FOR_OTHER_MS; waited += 250) {
				await new Promise((resolve) => setTimeout(resolve, 250))
				const url = await reusableSession(db, link.id)
				if (url) return url
			}
			throw new Error('Another request is still opening the checkout for this link.')
		}
		try {
			const ready = await reusableSession(db, link.id)
			if (ready) return ready
			// Sessions too near their end to hand out are closed first: a link never has two open.
			await expireAll(await openSessionIds(db, { linkId: link.id }))
			// DESIGN decision 15: a session must not outlive the quote's held-until date.
			const nowSeconds = Math.floor(Date.now() / 1000)
			const heldUntil = order.quoteExpiresAt
				? Math.floor(new Date(order.quoteExpiresAt).getTime() / 1000)
				: Number.POSITIVE_INFINITY
			const expiresAt = Math.min(nowSeconds + SESSION_MINUTES * 60, heldUntil)
			if (expiresAt < nowSeconds + MIN_SESSION_MINUTES * 60)
				throw new PaymentLinkError('The quote ends too soon for a card payment to be opened.')
			const metadata = { order_id: order.id, link_id: link.id }
			// Issue 31 item 2: the held-until date travels with the payment, on Stripe's page too.
			const held = order.quoteExpiresAt
				? `, price held until ${formatDateTime(order.quoteExpiresAt)}`
				: ''
			const session = await stripe.checkout.sessions.create({
				mode: 'payment',
				client_reference_id: order.id,
				metadata,
				payment_intent_data: {
					metadata,
					description: order.productName ?? `Order ${order.id}${held}`,
				},
				line_items: [
					{
						quantity: 1,
						price_data: {
							currency: 'gbp',
							unit_amount: link.amountPence,
							product_data: order.productName
								? { name: order.productName }
								: {
										name: `Order ${order.id} (pond equipment and delivery)`,
										description: `Total including delivery${held}`,
									},
						},
					},
				],
				customer_email: order.deliveryInfo.email || undefined,
				success_url: `${siteUrl}/pay/${link.id}?paid=1`,
				cancel_url: payUrl(siteUrl, link.id),
				expires_at: expiresAt,
			})
			if (!session.url) throw new Error('Stripe did not return a checkout page.')
			await storeSession(db, {
				id: session.id,
				linkId: link.id,
				// A build stage's link has no order (its link names the stage).
				orderId: link.orderId,
				expiresAt: new Date(expiresAt * 1000),
				url: session.url,
			})
			return session.url
		} finally {
			await releaseCheckoutLease(db, link.id)
		}
	}

	/** Requests on this instance for the same link share one opening. */
	const opening = new Map<string, Promise<string>>()

	return {
		name: 'stripe',
		checkoutMinutes: MIN_SESSION_MINUTES,
		async createLink({ amountPence }) {
			// Nothing is created at Stripe until the customer presses Pay on the link's page.
			checkPayableAmount(amountPence)
			const id = newLinkToken()
			return { id, url: payUrl(siteUrl, id) }
		},

		async checkout(link, order) {
			const stored = await reusableSession(db, link.id)
			if (stored) return { kind: 'redirect', url: stored }
			let pending = opening.get(link.id)
			if (!pending) {
				pending = openSession(link, order).finally(() => opening.delete(link.id))
				opening.set(link.id, pending)
			}
			return { kind: 'redirect', url: await pending }
		},

		async closeCheckouts({ orderId, except }) {
			await expireAll(await openSessionIds(db, { orderId, except }))
		},

		async deactivateLink(link) {
			await expireAll(await openSessionIds(db, { linkId: link.id }))
		},

		async refund({ providerPaymentId, amountPence, idempotencyKey }) {
			const refund = await stripe.refunds.create(
				{ payment_intent: providerPaymentId, amount: amountPence, reason: 'requested_by_customer' },
				// A retry after a lost answer returns the same refund, never a second one.
				// The amount is part of the key: a refused refund may be retried for less.
				{ idempotencyKey: `refund-${idempotencyKey}-${amountPence}` },
			)
			if (refund.status === 'failed' || refund.status === 'canceled')
				throw new Error(`Stripe reported the refund as ${refund.status}`)
			return refund.id
		},

		async findPayments(scope) {
			const open = await openSessionsToCheck(db, scope)
			const found: VerifiedPayment[] = []
			for (const { id, linkStatus } of open) {
				const session = await stripe.checkout.sessions.retrieve(id).catch((error) => {
					// Unknown to this Stripe account (keys changed): nothing can be paid on it.
					if ((error as { statusCode?: number }).statusCode === 404) return null
					throw error
				})
				if (!session || session.status === 'expired') await markSession(db, id, 'expired')
				if (!session) continue
				// Still open at Stripe on a link that can no longer take money (paid, replaced or
				// revoked while Stripe was unreachable): close it now, so it never can.
				if (session.status === 'open' && linkStatus !== 'active')
					await expireSession(id).catch(() => undefined)
				const payment = paymentOf(session)
				if (payment) found.push(payment)
			}
			return found
		},

		payouts: (page) => listStripePayouts(stripe, page),

		async verifyWebhook(rawBody, signature) {
			const event = await readSignedEvent(stripe, { rawBody, signature, secret: webhookSecret })
			const ignored = { id: event.id, provider: 'stripe', type: event.type, payment: null }
			if (!event.sessionId) return ignored
			// Recorded by recordPayment with the event, so verifying writes nothing.
			if (event.type === 'checkout.session.expired')
				return { ...ignored, closedCheckoutId: event.sessionId }
			if (!PAID_EVENTS.has(event.type)) return ignored
			// Events can be old, repeated or out of order: Stripe's current state decides.
			const session = await stripe.checkout.sessions.retrieve(event.sessionId).catch((error) => {
				if ((error as { statusCode?: number }).statusCode === 404) return null // not ours
				throw error
			})
			return { ...ignored, payment: session ? paymentOf(session) : null }
		},
	}
}
