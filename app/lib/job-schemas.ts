import { z } from 'zod'
import { safeText } from './text-safety'

/**
 * /admin/jobs: staff retry a job that failed for good (its key, as listed there), or send the
 * morning summary now as a preview.
 */
export const JobsActionSchema = z.discriminatedUnion('intent', [
	z.object({ intent: z.literal('send-summary') }),
	z.object({ intent: z.literal('retry'), key: jobKey() }),
])

function jobKey() {
	return safeText()
		.trim()
		.min(1, 'Choose a job to retry.')
		.max(200, 'Choose a job to retry.')
		.regex(/^[\w:.-]+$/, 'Choose a job to retry.')
}

/** What each job does, in the words staff see. */
export const JOB_LABELS: Record<string, string> = {
	retention: 'Deleting delivered emails and finished jobs past their retention',
	'resume-refunds': 'Finishing refunds that stopped part-way (a restart between their steps)',
	'reconcile-payments': 'Checking Stripe for payments whose webhook never arrived',
	backup: 'Backing up the embedded database',
	vacuum:
		'Tidying the embedded database: reclaiming deleted rows’ space, refreshing its statistics',
	'quote-reminders': 'Reminding customers that their quoted price ends soon',
	'plan-morning-summary': "Planning the owner's morning summary",
	'morning-summary': "Sending the owner's morning summary",
	'quote-expiry': 'Switching off the payment link of a quote that has ended',
	'audit-retention':
		'Deleting audit log entries older than the owner’s setting (two years by default)',
	'visit-totals':
		'Totalling visit counts by day, destroying past days’ salts, deleting views over 13 months old',
}
