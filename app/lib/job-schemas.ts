import { z } from 'zod'
import { safeText } from './text-safety'

/** /admin/jobs: staff retry a job that failed for good (its key, as listed there). */
export const RetryJobSchema = z.object({
	key: safeText()
		.trim()
		.min(1, 'Choose a job to retry.')
		.max(200, 'Choose a job to retry.')
		.regex(/^[\w:.-]+$/, 'Choose a job to retry.'),
})

/** What each job does, in the words staff see. */
export const JOB_LABELS: Record<string, string> = {
	'deliver-emails': 'Sending queued emails',
	retention: 'Deleting delivered emails and finished jobs past their retention',
	'reconcile-payments': 'Checking Stripe for payments whose webhook never arrived',
	backup: 'Backing up the embedded database',
	'quote-reminder': 'Reminding a customer that their quoted price ends soon',
	'quote-expiry': 'Switching off the payment link of a quote that has ended',
}
