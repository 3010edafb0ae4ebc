import type { Logger } from '~/.server/logger'
import type { OrderDeps } from '../lifecycle/deps'
import { type RecordOutcome, recordPayment } from './record-payment'

/**
 * Reconciliation: asks the provider about checkouts we still think are open and records any
 * payment it took, so a dropped webhook still ends in paid (or in a flag for the admin).
 */
export async function reconcilePayments(
	deps: OrderDeps,
	scope: { orderId?: string; linkId?: string } = {},
) {
	const payments = await deps.provider.findPayments(scope)
	const outcomes: RecordOutcome[] = []
	for (const payment of payments) outcomes.push((await recordPayment(deps, { payment })).outcome)
	return outcomes
}

/** The scheduled run (job 'reconcile-payments'): logs only when it found something. */
export async function reconcileAndReport(deps: OrderDeps, logger: Logger) {
	const outcomes = await reconcilePayments(deps)
	const applied = outcomes.filter((o) => o === 'applied').length
	const flagged = outcomes.filter((o) => o === 'flagged').length
	if (applied || flagged) logger.warn({ applied, flagged }, 'reconciliation found missed payments')
	return outcomes
}
