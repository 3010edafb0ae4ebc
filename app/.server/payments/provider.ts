import crypto from 'node:crypto'
import type { OrderRow, PaymentLink } from '~/.server/db/schema'
import type { ProviderPayout } from '~/lib/books/payouts'

/**
 * What the shop needs from a card payment provider (DESIGN's Payments contract and DESIGN decision 13).
 * The link a customer receives is always ours, /pay/<token>; a provider decides what a visit to
 * it does and turns its own callbacks into verified payments. Chosen once at start.
 */
export interface PaymentProvider {
	readonly name: 'test' | 'stripe'
	/**
	 * The least time, in minutes, a checkout opened now stays open (Stripe: 30). A quote closer
	 * than that to its held-until time gets no new checkout (linkState 'ending').
	 */
	readonly checkoutMinutes: number
	/**
	 * Checks the provider can take this amount and issues a link token; throws PaymentLinkError.
	 * `orderId` is the order's id, or a build project's for a stage's link (a reference only).
	 */
	createLink(input: { orderId: string; amountPence: number }): Promise<{ id: string; url: string }>
	/** Provider-side clean-up when a link is revoked (e.g. expire an open Checkout Session). */
	deactivateLink(link: PaymentLink): Promise<void>
	/**
	 * The customer pressed Pay on an active link: pay on our page, or hand over to the provider's
	 * page. A provider with hosted checkouts keeps at most one open per link and hands it out again
	 * while it has time left, so two tabs never hold two ways to pay (issue 28).
	 */
	checkout(
		link: PaymentLink,
		payer: CheckoutPayer,
	): Promise<{ kind: 'page' } | { kind: 'redirect'; url: string }>
	/** After a payment is applied: expire the order's other open checkouts, so none can take money. */
	closeCheckouts(scope: { orderId: string; except?: string }): Promise<void>
	/**
	 * Refunds all or part of a payment; returns the provider's refund reference. A retry with the
	 * same idempotency key answers with the first refund, never a second one.
	 */
	refund(payment: {
		providerPaymentId: string
		amountPence: number
		idempotencyKey: string
	}): Promise<string>
	/**
	 * Payments the provider took on checkouts we still think are open (a dropped webhook), for
	 * reconciliation; limited to one order when given. The test provider has none.
	 */
	findPayments(scope: { orderId?: string; linkId?: string }): Promise<VerifiedPayment[]>
	/**
	 * Payouts to the bank, newest first, with the transactions in each (issue 61 item 4); absent
	 * where the provider pays nothing out (the test provider). Throws on the provider's errors.
	 */
	payouts?(page: PayoutPage): Promise<PayoutList>
	/** Verifies a signed callback (raw body); throws WebhookSignatureError when it is not genuine. */
	verifyWebhook?(rawBody: string, signature: string | null): Promise<ProviderEvent>
}

/**
 * Who a checkout is for: an order, or a build project's stage (decision 0038), whose `id` is the
 * project's and `productName` says which stage.
 */
export type CheckoutPayer = Pick<OrderRow, 'id' | 'quoteExpiresAt'> & {
	deliveryInfo: Pick<OrderRow['deliveryInfo'], 'email'>
	productName?: string
}

/** A page of payouts: the first, or those older than `after` or newer than `before`. */
export type PayoutPage = { limit: number; after?: string; before?: string }
export type PayoutList = { payouts: ProviderPayout[]; hasOlder: boolean; hasNewer: boolean }

/** A payment the provider confirmed, in our terms (integer pence, our link token). */
export type VerifiedPayment = {
	linkId: string
	amountPence: number
	provider: string
	providerPaymentId: string
	/** The provider's checkout (e.g. a Stripe Checkout Session id) it was taken on. */
	checkoutId?: string
}

/** A verified provider callback: its id (for de-duplication) and the payment it reports, if any. */
export type ProviderEvent = {
	id: string
	provider: string
	type: string
	payment: VerifiedPayment | null
	/** A checkout the provider reports closed without payment (Stripe: session expired). */
	closedCheckoutId?: string
}

export class WebhookSignatureError extends Error {
	override name = 'WebhookSignatureError'
}

export class PaymentLinkError extends Error {}

/**
 * Card providers' limits for a single GBP payment (Stripe: at least 30p, at most £999,999.99).
 * The built-in test provider keeps the same limits, so a quote that would be refused by Stripe is
 * refused while testing too (issue 57 item 4a).
 */
export const MIN_PAYMENT_PENCE = 30
export const MAX_PAYMENT_PENCE = 99_999_999

/** Why a card payment of this amount cannot be taken, or null when it can. */
export function payableAmountProblem(amountPence: number): string | null {
	if (!Number.isSafeInteger(amountPence) || amountPence < MIN_PAYMENT_PENCE)
		return 'The total is below the £0.30 a card payment can take.'
	if (amountPence > MAX_PAYMENT_PENCE)
		return 'The total is above the £999,999.99 a card payment can take.'
	return null
}

export function checkPayableAmount(amountPence: number) {
	const problem = payableAmountProblem(amountPence)
	if (problem) throw new PaymentLinkError(problem)
}

/** What newLinkToken() makes: 22 URL-safe base64 characters. */
export const LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/

/** 128 random bits, URL-safe: the unguessable part of /pay/<token>. */
export function newLinkToken() {
	return crypto.randomBytes(16).toString('base64url')
}

export function payUrl(siteUrl: string, token: string) {
	return `${siteUrl}/pay/${token}`
}
