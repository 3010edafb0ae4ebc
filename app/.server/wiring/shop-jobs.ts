import path from 'node:path'
import { z } from 'zod'
import { visitRetention } from '~/.server/analytics/retention'
import { purgeAuditBefore } from '~/.server/audit/audit-log'
import { staffRules } from '~/.server/auth/staff-settings'
import { buildsSummary } from '~/.server/builds/builds-summary'
import { runStageRefunds } from '~/.server/builds/cancellations'
import { sendStageReminder } from '~/.server/builds/stage-account'
import { withStagePayments } from '~/.server/builds/stage-pay'
import { STAGE_REMINDER_JOB } from '~/.server/builds/stages'
import { SURVEY_REMINDER_JOB, sendSurveyReminder } from '~/.server/builds/survey-bookings'
import { runScheduledBackup } from '~/.server/db/backup-schedule'
import type { Database } from '~/.server/db/client'
import { vacuumEmbedded } from '~/.server/db/maintenance'
import { getDeliverySettings } from '~/.server/delivery/settings'
import type { OutboxWorker } from '~/.server/email/worker'
import type { Env } from '~/.server/env'
import { purgeFinishedJobs } from '~/.server/jobs/queue'
import type { EveryInstance, JobHandler, Recurring } from '~/.server/jobs/scheduler'
import type { Logger } from '~/.server/logger'
import { resumeRefunds } from '~/.server/orders/actions/refund-finish'
import type { OrderDeps } from '~/.server/orders/lifecycle/deps'
import {
	planMorningSummary,
	runSummaryJob,
	SUMMARY_JOB,
} from '~/.server/orders/pages/morning-summary'
import { reconcileAndReport } from '~/.server/orders/payments/reconcile'
import {
	expireQuote,
	QUOTE_EXPIRY_JOB,
	QUOTE_REMINDERS_JOB,
} from '~/.server/orders/quotes/quote-follow-up'
import { REMINDER_CHUNK, sendDueReminders } from '~/.server/orders/quotes/quote-reminders'
import { purgeStaleUploads, uploadsDir } from '~/.server/photos/posted-form'
import { purgeOrphanChunks } from '~/.server/photos/store'
import { safeText } from '~/lib/text-safety'

const QuoteJobPayload = z.object({
	orderId: safeText().max(40),
	linkId: safeText().max(100),
})

const SurveyJobPayload = z.object({ bookingId: z.number().int().positive() })
const StageReminderPayload = z.object({
	stageId: z.number().int().positive(),
	kind: z.enum(['before', 'after']),
})

/** Finished one-off jobs (reminder wake-ups, expiries) are kept this long, then deleted. */
const JOB_RETENTION_DAYS = 30

/**
 * Every background job the shop runs, and when (decision 0019). A job for a feature that is off
 * (Stripe, scheduled backups) is simply not scheduled.
 */
export function shopJobs(services: {
	env: Env
	database: Database
	logger: Logger
	outbox: OutboxWorker
	orderDeps: OrderDeps
}): {
	handlers: Record<string, JobHandler>
	recurring: Recurring[]
	everyInstance: EveryInstance[]
	leases: Record<string, number>
} {
	const { env, database, logger, outbox } = services
	// Reconciliation finds pond build stage payments too (decision 0038).
	const orderDeps = withStagePayments(services.orderDeps)
	const stageDeps = {
		db: database.db,
		provider: orderDeps.provider,
		siteUrl: env.SITE_URL,
		vatNumber: orderDeps.vatNumber,
	}
	const handlers: Record<string, JobHandler> = {
		'deliver-emails': async () => {
			await outbox.runOnce()
		},
		retention: async (_payload, { now }) => {
			await outbox.purge()
			const jobs = await purgeFinishedJobs(database.db, now(), JOB_RETENTION_DAYS)
			if (jobs) logger.info({ count: jobs }, 'finished jobs purged')
			const chunks = await purgeOrphanChunks(database.db, now())
			if (chunks) logger.info({ count: chunks }, 'photo chunks of failed uploads purged')
			const uploads = await purgeStaleUploads(uploadsDir(env), now())
			if (uploads) logger.info({ count: uploads }, 'upload folders of interrupted uploads purged')
		},
		// Issue 60: audit entries older than the owner's setting (two years by default) are deleted.
		'audit-retention': async (_payload, { now }) => {
			const { auditRetentionMonths } = await staffRules(database.db)
			const before = new Date(now())
			before.setUTCMonth(before.getUTCMonth() - auditRetentionMonths)
			const purged = await purgeAuditBefore(database.db, before)
			if (purged) logger.info({ count: purged }, 'old audit entries purged')
		},
		// Decision 0020: yesterday's salt destroyed, finished days totalled, raw views over 13 months gone.
		'visit-totals': async (_payload, { now }) => {
			const done = await visitRetention(database.db, now())
			if (done.purged || done.salts) logger.info(done, 'visit counts rolled up')
		},
		// A refund whose steps stopped part-way (a crash, an instance gone) is finished (decision 0030).
		'resume-refunds': async (_payload, { now }) => {
			const done = await resumeRefunds(orderDeps, logger, now())
			if (done.found) logger.info(done, 'stopped refunds resumed')
			const stages = await runStageRefunds({ ...stageDeps, now })
			if (stages) logger.info({ stages }, 'stopped build refunds finished')
		},
		'reconcile-payments': async () => {
			await reconcileAndReport(orderDeps, logger)
		},
		// Woken at a reminder time: sends every reminder due by now, not only that moment's.
		[QUOTE_REMINDERS_JOB]: async (_payload, { job, now }) => {
			const { sent, skipped } = await sendDueReminders(
				{ ...orderDeps, now },
				REMINDER_CHUNK[database.driver],
				{ dueAt: job.runAt },
			)
			logger.info({ sent, skipped }, 'quote reminders')
		},
		[QUOTE_EXPIRY_JOB]: async (payload, { now }) => {
			const job = QuoteJobPayload.parse(payload)
			const { expired, cleanupError } = await expireQuote({ ...orderDeps, now }, job)
			if (expired) logger.info({ orderId: job.orderId }, 'quote expired')
			if (cleanupError)
				logger.warn(
					{ orderId: job.orderId, cleanupError },
					'expired quote: checkout not closed yet',
				)
		},
		'plan-morning-summary': async (_payload, { now }) => {
			await planMorningSummary(database.db, now())
		},
		[SUMMARY_JOB]: async (_payload, { job, now }) => {
			// Turned off since it was planned: nothing to send.
			if (!(await getDeliverySettings(database.db)).summaryAt) return
			const done = await runSummaryJob(
				{ db: database.db, siteUrl: env.SITE_URL, builds: buildsSummary },
				job,
				now(),
			)
			logger.info(done, 'morning summary')
		},
		// The day before a site survey (issue 59): once, and nothing for one moved or cancelled since.
		[SURVEY_REMINDER_JOB]: async (payload, { now }) => {
			const { bookingId } = SurveyJobPayload.parse(payload)
			if (await sendSurveyReminder(database.db, bookingId, now()))
				logger.info({ bookingId }, 'survey reminder queued')
		},
		// A build stage's payment reminder, 3 days before or after its due date: once each.
		[STAGE_REMINDER_JOB]: async (payload) => {
			const { stageId, kind } = StageReminderPayload.parse(payload)
			if (await sendStageReminder(stageDeps, stageId, kind))
				logger.info({ stageId, kind }, 'stage payment reminder queued')
		},
		vacuum: async () => {
			const started = performance.now()
			await vacuumEmbedded(database.db)
			logger.info({ ms: Math.round(performance.now() - started) }, 'embedded database tidied')
		},
		backup: async (_payload, { now }) => {
			await runScheduledBackup({
				db: database.db,
				dir: path.resolve(env.BACKUP_DIR),
				keep: env.BACKUP_KEEP,
				logger,
				now: now(),
			})
		},
	}
	const recurring: Recurring[] = [
		{ name: 'retention', everyMs: 60 * 60_000 },
		{ name: 'plan-morning-summary', everyMs: 15 * 60_000 },
		{ name: 'visit-totals', everyMs: 15 * 60_000 },
		{ name: 'resume-refunds', everyMs: 60_000 },
		{ name: 'audit-retention', dailyAt: '04:10' },
	]
	if (env.STRIPE_RECONCILE_MS > 0 && orderDeps.provider.name !== 'test')
		recurring.push({ name: 'reconcile-payments', everyMs: env.STRIPE_RECONCILE_MS })
	// PostgreSQL has its own backup tools (README); the embedded database is backed up here.
	if (env.BACKUP_EVERY_HOURS > 0 && database.driver === 'pglite')
		recurring.push({ name: 'backup', everyMs: env.BACKUP_EVERY_HOURS * 3_600_000 })
	// PostgreSQL vacuums itself; the embedded database (no autovacuum) at night, while it is quiet.
	if (database.driver === 'pglite') recurring.push({ name: 'vacuum', dailyAt: '03:15' })
	// Slow jobs hold their claim longer, so no other instance starts them again meanwhile.
	const leases = {
		'reconcile-payments': 15 * 60_000,
		backup: 30 * 60_000,
		vacuum: 30 * 60_000,
	}
	// Every instance sends from the shared outbox (each email claimed once): two share the load.
	const everyInstance = [{ name: 'deliver-emails', everyMs: env.OUTBOX_POLL_MS }]
	return { handlers, recurring, everyInstance, leases }
}
