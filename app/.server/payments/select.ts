import type { Db } from '~/.server/db/client'
import { type Env, paymentsMode } from '~/.server/env'
import type { PaymentProvider } from './provider'
import { createStripeProvider } from './stripe-provider'
import { createTestProvider } from './test-provider'

/**
 * The provider for this instance, chosen once at start: PAYMENTS when set, otherwise Stripe when
 * its keys are set. env.ts has already refused a public production shop with neither.
 */
export function createPaymentProvider(
	env: Pick<
		Env,
		'SITE_URL' | 'PAYMENTS' | 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_API_BASE'
	>,
	db: Db,
): PaymentProvider {
	if (paymentsMode(env) === 'stripe' && env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET)
		return createStripeProvider(db, {
			secretKey: env.STRIPE_SECRET_KEY,
			webhookSecret: env.STRIPE_WEBHOOK_SECRET,
			apiBase: env.STRIPE_API_BASE,
			siteUrl: env.SITE_URL,
		})
	return createTestProvider(env.SITE_URL)
}
