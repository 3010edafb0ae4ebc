import { sellerFor } from '~/.server/business/details'
import type { Tx } from '~/.server/db/client'
import type { BuildProject } from '~/.server/db/schema'
import { issueFinalAccount } from '~/.server/documents/issue'
import { stageInvoicesOf } from '~/.server/documents/project-documents'
import { enqueueEmail } from '~/.server/email/outbox'
import { revokeStageLinks } from '~/.server/payments/links'
import { payUrl } from '~/.server/payments/provider'
import { DEFAULT_DAYS_TO_PAY, dueDateIn, type StageReminder } from '~/lib/builds/stage-payments'
import { formatPence } from '~/lib/money'
import { finalAccountEmail, stageReminderEmail } from './payment-emails'
import { addProjectEvent, lockProject } from './project-lifecycle'
import { dueAndTell, type StageDeps, TAKES_PAYMENT } from './stage-payments'
import { cancelUnpaidStages, claimReminder, stagesOf } from './stages'

/**
 * A build's stage payments over time (decision 0038): the reminders before and after a due date,
 * the final account at completion, and closing the stages when staff cancel the build.
 */

/**
 * The reminder job (3 days before and after the due date): once each, and nothing for a stage
 * paid, cancelled or refunded since it was queued.
 */
export async function sendStageReminder(
	deps: Pick<StageDeps, 'db' | 'siteUrl'>,
	stageId: number,
	kind: StageReminder,
) {
	return deps.db.transaction(async (tx) => {
		const stage = await claimReminder(tx, stageId, kind)
		if (!stage?.paymentLinkId) return false
		const project = await lockProject(tx, stage.projectId)
		if (!project || !TAKES_PAYMENT.includes(project.status)) return false
		await enqueueEmail(
			tx,
			stageReminderEmail(project, stage, payUrl(deps.siteUrl, stage.paymentLinkId), kind),
		)
		await addProjectEvent(tx, project.id, {
			kind: 'note',
			actor: 'system',
			visible: false,
			text: `Payment reminder (${kind} the due date) emailed for ${stage.label}.`,
		})
		return true
	})
}

/**
 * At completion, in the move's transaction: the final account (contract total, each payment
 * with its invoice, the balance), emailed; any stage not yet reached becomes due now.
 */
export async function closeAccount(tx: Tx, deps: StageDeps, project: BuildProject) {
	const stages = await stagesOf(tx, project.id)
	if (!stages.length) return undefined
	const invoices = await stageInvoicesOf(tx, project.id)
	const stageOf = new Map(stages.map((s) => [s.id, s]))
	const payments = invoices.map((inv) => ({
		number: inv.number,
		paidAt: inv.issuedAt.toISOString(),
		label: stageOf.get(inv.stageId ?? -1)?.label ?? 'Payment',
		amountPence: inv.totalPence,
	}))
	const contractPence = stages.reduce((sum, s) => sum + s.amountPence, 0)
	const balancePence = contractPence - payments.reduce((sum, p) => sum + p.amountPence, 0)
	const document = await issueFinalAccount(
		tx,
		{ id: project.id, name: project.name, address: project.address, postcode: project.postcode },
		await sellerFor(tx, deps.vatNumber),
		{ contractPence, payments, balancePence },
		deps.now(),
	)
	for (const stage of stages.filter((s) => s.status === 'upcoming'))
		await dueAndTell(tx, deps, project, stage, dueDateIn(deps.now(), DEFAULT_DAYS_TO_PAY))
	await enqueueEmail(tx, finalAccountEmail(project, document.number, balancePence))
	await addProjectEvent(tx, project.id, {
		kind: 'message',
		actor: 'system',
		text: `Final account ${document.number}: ${formatPence(contractPence)} contract, ${formatPence(contractPence - balancePence)} paid, ${formatPence(balancePence)} balance.`,
	})
	return document
}

/**
 * Staff cancelled the project by its status: no stage link may take money any more (an open
 * Stripe session on one is expired by reconciliation, decision 0018). Refunds, if any, are staff's
 * call at the provider; the customer's own 14-day cancellation refunds through cancellations.ts.
 */
export async function closeStages(tx: Tx, projectId: string) {
	for (const stage of await stagesOf(tx, projectId))
		if (stage.status === 'due') await revokeStageLinks(tx, stage.id)
	await cancelUnpaidStages(tx, projectId)
}
