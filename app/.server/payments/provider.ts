import crypto from 'node:crypto'
import type { PaymentLink } from './links'

/**
 * What the shop needs from a card payment provider (DESIGN Payments contract and decision 13).
 * The link a customer receives is always ours, /pay/<token>; a provider decides what a visit to
 * it does and turns its own callbacks into verified payments. Chosen once at start.
 */
export interface PaymentProvider {
	readonly name: 'test' | 'stripe'
	/** Checks the provider can take this amount and issues a link token; throws PaymentLinkError. */
	createLink(input: { orderId: string; amountPence: number }): Promise<{ id: string; url: string }>
	/** Provider-side clean-up when a link is revoked (e.g. expire an open Checkout Session). */
	deactivateLink(link: PaymentLink): Promise<void>
	/** A customer opened an active link: pay on our page, or hand over to the provider's page. */
	checkout(link: PaymentLink): Promise<{ kind: 'page' } | { kind: 'redirect'; url: string }>
	/** Refunds a payment in full; returns the provider's refund reference. */
	refund(payment: { providerPaymentId: string; amountPence: number }): Promise<string>
}

export class PaymentLinkError extends Error {}

/** Card providers' limits for a single GBP payment (Stripe: at least 30p, at most £999,999.99). */
export const MIN_PAYMENT_PENCE = 30
export const MAX_PAYMENT_PENCE = 99_999_999

export function checkPayableAmount(amountPence: number) {
	if (!Number.isSafeInteger(amountPence) || amountPence < MIN_PAYMENT_PENCE)
		throw new PaymentLinkError('The total is below the £0.30 a card payment can take.')
	if (amountPence > MAX_PAYMENT_PENCE)
		throw new PaymentLinkError('The total is above the £999,999.99 a card payment can take.')
}

/** 128 random bits, URL-safe: the unguessable part of /pay/<token>. */
export function newLinkToken() {
	return crypto.randomBytes(16).toString('base64url')
}

export function payUrl(siteUrl: string, token: string) {
	return `${siteUrl}/pay/${token}`
}
