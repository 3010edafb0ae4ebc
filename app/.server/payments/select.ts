import type { Env } from '~/.server/env'
import type { PaymentProvider } from './provider'
import { createTestProvider } from './test-provider'

/** The provider for this instance, chosen once at start (Stripe arrives with its own issue). */
export function createPaymentProvider(env: Pick<Env, 'SITE_URL'>): PaymentProvider {
	return createTestProvider(env.SITE_URL)
}
