import type { Catalog } from '~/.server/catalog/catalog'
import type { Db, Tx } from '~/.server/db/client'
import type { Env } from '~/.server/env'
import type { PaymentProvider, VerifiedPayment } from '~/.server/payments/provider'

/**
 * What the order functions need: placing an order, the admin's actions, /pay, the Stripe webhook
 * and reconciliation all take this one type (or a Pick of it), so a new dependency is added once.
 */
export type OrderDeps = {
	db: Db
	catalog: Catalog
	provider: PaymentProvider
	siteUrl: string
	/** With it, paid orders get VAT invoices; without, receipts (decision 0022). */
	vatNumber?: string
	/** The clock quotes are dated and expired by (tests move it). */
	now?: () => Date
	/**
	 * Applies a verified payment on a pond build stage's link, in the caller's transaction
	 * (decision 0038). The builds area sits above orders, so the wiring and the routes hand it in;
	 * without it such a payment is flagged rather than lost.
	 */
	stagePayments?: StagePaymentApplier
}

export type StagePaymentApplier = (
	tx: Tx,
	payment: VerifiedPayment,
) => Promise<{ outcome: 'applied' | 'already_applied' | 'refused'; message?: string }>

/** What staff actions (and the quote jobs) need: orders hold their own copy of every line. */
export type ActionDeps = Omit<OrderDeps, 'catalog'>

/** The services a request (or the server at start) has, as the order functions want them. */
export function orderDeps(services: {
	db: Db
	catalog: Catalog
	payments: PaymentProvider
	env: Pick<Env, 'SITE_URL' | 'VAT_NUMBER'>
}): OrderDeps {
	return {
		db: services.db,
		catalog: services.catalog,
		provider: services.payments,
		siteUrl: services.env.SITE_URL,
		vatNumber: services.env.VAT_NUMBER,
	}
}

/** The deps' clock, for code that dates or expires things. */
export const nowOf = (deps: Pick<OrderDeps, 'now'>) => deps.now?.() ?? new Date()
