import type { Db } from '~/.server/db/client'
import type { Logger } from '~/.server/logger'
import { claimDueEmails, markFailed, markSent, purgeDeliveredEmails } from './outbox'
import type { MailTransport } from './transport'

/** Delivers queued emails: polls, claims a batch, sends each, records the outcome. */
export class OutboxWorker {
	#timer: ReturnType<typeof setTimeout> | undefined
	#running: Promise<number> | undefined
	#stopped = false
	#purgedAt = 0

	constructor(
		private readonly db: Db,
		private readonly transport: MailTransport,
		private readonly logger: Logger,
		private readonly pollMs = 2000,
		/** Delivered emails older than this are deleted (checked at most once an hour). */
		private readonly retentionDays = 30,
	) {}

	start() {
		this.#stopped = false
		const tick = async () => {
			await this.runOnce().catch((error) => this.logger.error({ err: error }, 'outbox poll failed'))
			if (Date.now() - this.#purgedAt > 60 * 60_000) {
				this.#purgedAt = Date.now()
				await this.purge().catch((error) =>
					this.logger.error({ err: error }, 'outbox purge failed'),
				)
			}
			if (!this.#stopped) this.#timer = setTimeout(tick, this.pollMs)
		}
		this.#timer = setTimeout(tick, 0)
	}

	/** Sends everything due now; resolves to the number sent. Safe to call concurrently. */
	runOnce(): Promise<number> {
		this.#running ??= this.#drain().finally(() => {
			this.#running = undefined
		})
		return this.#running
	}

	async #drain() {
		let sent = 0
		for (;;) {
			const batch = await claimDueEmails(this.db)
			if (batch.length === 0) return sent
			for (const email of batch) {
				try {
					await this.transport.send(email)
					await markSent(this.db, email.id)
					sent++
					this.logger.info(
						{ emailId: email.id, kind: email.kind, attempts: email.attempts },
						'email sent',
					)
				} catch (error) {
					const final = await markFailed(this.db, email, (error as Error).message)
					this.logger[final ? 'error' : 'warn'](
						{
							emailId: email.id,
							kind: email.kind,
							attempts: email.attempts,
							err: error,
						},
						final ? 'email failed permanently' : 'email send failed; will retry',
					)
				}
			}
		}
	}

	/** Deletes delivered emails past the retention period; resolves to how many went. */
	async purge() {
		const ids = await purgeDeliveredEmails(this.db, this.retentionDays)
		if (ids.length) this.logger.info({ count: ids.length }, 'delivered emails purged')
		return ids.length
	}

	async stop() {
		this.#stopped = true
		clearTimeout(this.#timer)
		await this.#running
		this.transport.close()
	}
}
