import type { Logger } from '~/.server/logger'
import type { OrderDeps } from './deps'
import { type RecordOutcome, recordPayment } from './record-payment'

/**
 * Reconciliation: asks the provider about checkouts we still think are open and records any
 * payment it took, so a dropped webhook still ends in paid (or in a flag for the admin).
 */
export async function reconcilePayments(deps: OrderDeps, scope: { orderId?: string } = {}) {
	const payments = await deps.provider.findPayments(scope)
	const outcomes: RecordOutcome[] = []
	for (const payment of payments) outcomes.push((await recordPayment(deps, { payment })).outcome)
	return outcomes
}

/** Runs reconcilePayments every `intervalMs` (started in boot(); off when 0). */
export class ReconcileJob {
	#timer: ReturnType<typeof setTimeout> | undefined
	#running: Promise<unknown> | undefined
	#stopped = true

	constructor(
		private readonly deps: OrderDeps,
		private readonly logger: Logger,
		private readonly intervalMs: number,
	) {}

	start() {
		if (this.intervalMs <= 0 || this.deps.provider.name === 'test') return
		this.#stopped = false
		const tick = async () => {
			this.#running = reconcilePayments(this.deps)
				.then((outcomes) => {
					const applied = outcomes.filter((o) => o === 'applied').length
					const flagged = outcomes.filter((o) => o === 'flagged').length
					if (applied || flagged)
						this.logger.warn({ applied, flagged }, 'reconciliation found missed payments')
				})
				.catch((error) => this.logger.error({ err: error }, 'payment reconciliation failed'))
			await this.#running
			if (!this.#stopped) this.#timer = setTimeout(tick, this.intervalMs)
		}
		this.#timer = setTimeout(tick, this.intervalMs)
	}

	async stop() {
		this.#stopped = true
		clearTimeout(this.#timer)
		await this.#running
	}
}
