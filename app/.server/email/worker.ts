import type { Db } from '~/.server/db/client'
import { documentByNumber } from '~/.server/documents/issue'
import { renderDocumentPdf } from '~/.server/documents/pdf'
import type { Logger } from '~/.server/logger'
import { addressEmail, businessMailFor, type MailOverrides } from './business-mail'
import {
	type ClaimedEmail,
	claimDueEmails,
	dropEmail,
	markFailed,
	markSent,
	purgeDeliveredEmails,
} from './outbox'
import type { MailAttachment, MailTransport } from './transport'

export type OutboxWorkerOptions = {
	/** Delivered emails older than this are deleted. */
	retentionDays?: number
	/**
	 * Last touches as an email leaves, e.g. its private order link (`fillOrderLink`); null when
	 * it no longer applies (a reminder for an order paid since it was queued), to drop it.
	 */
	prepare?: (email: ClaimedEmail) => Promise<ClaimedEmail | null>
	/** BUSINESS_EMAIL and MAIL_FROM, when the deployment sets them. */
	overrides?: MailOverrides
}

/**
 * Delivers queued emails: claims a batch, sends each, records the outcome. The job scheduler runs
 * it (job 'deliver-emails', every OUTBOX_POLL_MS) and the purge (job 'retention', hourly).
 */
export class OutboxWorker {
	#running: Promise<number> | undefined
	private readonly retentionDays: number
	private readonly prepare: NonNullable<OutboxWorkerOptions['prepare']>
	private readonly overrides: MailOverrides

	constructor(
		private readonly db: Db,
		private readonly transport: MailTransport,
		private readonly logger: Logger,
		{ retentionDays = 30, prepare = async (e) => e, overrides = {} }: OutboxWorkerOptions = {},
	) {
		this.retentionDays = retentionDays
		this.prepare = prepare
		this.overrides = overrides
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
					const ready = await this.prepare(email)
					if (!ready) {
						await dropEmail(this.db, email.id)
						this.logger.info({ emailId: email.id, kind: email.kind }, 'email no longer applies')
						continue
					}
					// Who the business is now, not when the email was queued (issue 32 item 7).
					const mail = await businessMailFor(this.db, this.overrides)
					await this.transport.send(addressEmail(ready, mail), await this.#attachments(email))
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

	/** The email's documents as PDFs, made now from the stored document (never stored twice). */
	async #attachments(email: ClaimedEmail): Promise<MailAttachment[]> {
		const files: MailAttachment[] = []
		for (const number of email.attachments) {
			if (typeof number !== 'string') {
				files.push({ ...number, content: Buffer.from(number.content, 'utf8') })
				continue
			}
			const document = await documentByNumber(this.db, number)
			// Its order was deleted (an erased account) since: the email goes without it.
			if (!document) continue
			files.push({
				filename: `${document.number}.pdf`,
				content: await renderDocumentPdf(document.content),
				contentType: 'application/pdf',
			})
		}
		return files
	}

	/** Deletes delivered emails past the retention period; resolves to how many went. */
	async purge() {
		const ids = await purgeDeliveredEmails(this.db, this.retentionDays)
		if (ids.length) this.logger.info({ count: ids.length }, 'delivered emails purged')
		return ids.length
	}

	async stop() {
		await this.#running
		this.transport.close()
	}
}
