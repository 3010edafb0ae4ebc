import { and, eq } from 'drizzle-orm'
import { type AuditActor, recordAudit } from '~/.server/audit/audit-log'
import { sellerFor } from '~/.server/business/details'
import type { Db, Tx } from '~/.server/db/client'
import { type BuildProject, type BuildStage, buildQuotes } from '~/.server/db/schema'
import { issueStageInvoice } from '~/.server/documents/issue'
import { enqueueEmail } from '~/.server/email/outbox'
import {
	cleanUpAtProvider,
	linkPayer,
	lockLink,
	markLinkPaid,
	revokeStageLinks,
} from '~/.server/payments/links'
import { type PaymentProvider, payUrl, type VerifiedPayment } from '~/.server/payments/provider'
import { dueDateIn } from '~/lib/builds/stage-payments'
import { formatDate } from '~/lib/dates'
import { formatPence } from '~/lib/money'
import { paymentsStaffEmail, stageDueEmail, stagePaidEmail } from './payment-emails'
import {
	addProjectEvent,
	changeProjectStatus,
	lockProject,
	touchProject,
} from './project-lifecycle'
import { lockStage, makeStageDue, markStagePaid } from './stages'

/**
 * A build's stage payments (issue 59 items 8 and 9, decision 0038): a stage made due with its
 * link and email, a verified payment applied to it exactly once, and a bank transfer staff
 * record (reminders and the final account: stage-account.ts). Each payment gets an
 * advance-payment VAT invoice in the payment's own transaction, through the orders' numbering.
 */
export type StageDeps = {
	db: Db
	provider: PaymentProvider
	siteUrl: string
	vatNumber?: string
	now: () => Date
}

export type StageResult = { ok: true } | { ok: false; status: 400 | 404 | 409; message: string }
const refuse = (status: 400 | 404 | 409, message: string) => ({
	ok: false as const,
	status,
	message,
})

/** Money moves only while the build is on: accepted or in progress (completion makes the rest due). */
export const TAKES_PAYMENT: ReadonlyArray<BuildProject['status']> = [
	'accepted',
	'in_progress',
	'completed',
]

/** Makes a stage due and emails the customer its link, in the caller's transaction. */
export async function dueAndTell(
	tx: Tx,
	deps: Omit<StageDeps, 'db'>,
	project: BuildProject,
	stage: BuildStage,
	dueAt: Date,
) {
	const due = await makeStageDue(tx, deps.provider, stage, dueAt, deps.now())
	await enqueueEmail(tx, stageDueEmail(project, due, payUrl(deps.siteUrl, due.paymentLinkId ?? '')))
	await addProjectEvent(tx, project.id, {
		kind: 'message',
		actor: 'system',
		text: `${stage.label}: ${formatPence(stage.amountPence)} is now due, by ${formatDate(dueAt)}. We have emailed you the link to pay.`,
	})
	return due
}

/** Staff 'Mark stage reached': the stage becomes due in `days` days, its link emailed. */
export async function markStageReached(
	deps: StageDeps,
	projectId: string,
	input: { stageId: number; days: number; version: number; actor: string },
): Promise<StageResult> {
	return deps.db.transaction(async (tx) => {
		const project = await lockProject(tx, projectId)
		if (!project) return refuse(404, 'Project not found')
		if (project.version !== input.version)
			return refuse(
				409,
				'This project has changed since the page was opened. Please check it and try again.',
			)
		if (project.status !== 'accepted' && project.status !== 'in_progress')
			return refuse(409, 'Stages can be marked reached only on an accepted build in progress.')
		const stage = await lockStage(tx, input.stageId)
		if (!stage || stage.projectId !== projectId) return refuse(404, 'Stage not found')
		if (stage.status !== 'upcoming') return refuse(409, 'This stage is already due or paid.')
		await touchProject(tx, projectId)
		await dueAndTell(tx, deps, project, stage, dueDateIn(deps.now(), input.days))
		await addProjectEvent(tx, projectId, {
			kind: 'note',
			actor: input.actor,
			text: `Marked ${stage.label} reached.`,
			visible: false,
		})
		return { ok: true as const }
	})
}

/** Paid (either way): the invoice, the email, the timeline, and the build under way on its deposit. */
async function settleStage(
	tx: Tx,
	deps: Omit<StageDeps, 'db'>,
	project: BuildProject,
	stage: BuildStage,
	payment: { paidBy: 'card' | 'bank_transfer'; reference: string; paidAt: Date; actor: string },
) {
	await markStagePaid(tx, stage.id, payment)
	const invoice = await issueStageInvoice(
		tx,
		{
			id: stage.id,
			projectId: project.id,
			label: stage.label,
			amountPence: stage.amountPence,
			method: payment.paidBy,
		},
		{ name: project.name, address: project.address, postcode: project.postcode },
		await sellerFor(tx, deps.vatNumber),
		payment.paidAt,
	)
	await addProjectEvent(tx, project.id, {
		kind: 'message',
		actor: payment.actor,
		text: `Payment of ${formatPence(stage.amountPence)} received for ${stage.label} (${payment.paidBy === 'card' ? 'card' : 'bank transfer'}); invoice ${invoice.number}.`,
	})
	await enqueueEmail(tx, stagePaidEmail(project, stage, invoice.number))
	await touchProject(tx, project.id)
	if (stage.position === 0 && project.status === 'accepted')
		await changeProjectStatus(tx, project.id, {
			to: 'in_progress',
			actor: 'system',
			note: 'Deposit received.',
		})
	return invoice
}

export type StageApplied = 'applied' | 'already_applied' | 'refused'

/**
 * A verified card payment on a stage's link (the test provider's Pay, Stripe's webhook or
 * reconciliation), in the caller's transaction. Applied once: the stage row is locked, then the
 * link; a payment id already recorded is 'already_applied'; a payment for a stage no longer due
 * (paid from another tab, by bank transfer, or cancelled) took real money, so staff are told.
 */
export async function applyStagePayment(
	tx: Tx,
	deps: Omit<StageDeps, 'db'>,
	payment: Pick<VerifiedPayment, 'linkId' | 'amountPence' | 'provider' | 'providerPaymentId'>,
): Promise<{ outcome: StageApplied; message?: string }> {
	// The stage first, then its link: the bank transfer's order too, so the two never deadlock.
	const payer = await linkPayer(tx, payment.linkId)
	if (!payer?.buildStageId) return { outcome: 'refused', message: 'Payment link not found.' }
	const stage = await lockStage(tx, payer.buildStageId)
	const current = await lockLink(tx, payment.linkId)
	if (!stage || !current) return { outcome: 'refused', message: 'Payment link not found.' }
	if (current.status === 'paid' && current.providerPaymentId === payment.providerPaymentId)
		return { outcome: 'already_applied' }
	const project = await lockProject(tx, stage.projectId)
	if (!project) return { outcome: 'refused', message: 'Project not found.' }
	const problem =
		current.status !== 'active' || stage.status !== 'due' || stage.paymentLinkId !== current.id
			? 'This stage is no longer waiting for this payment.'
			: payment.amountPence !== current.amountPence
				? 'The amount paid does not match the stage.'
				: !TAKES_PAYMENT.includes(project.status)
					? 'The build is no longer going ahead.'
					: null
	// The test provider moves no money: a second tab's press is simply refused, nothing to refund.
	if (problem && payment.provider === 'test') return { outcome: 'refused', message: problem }
	if (problem) {
		await addProjectEvent(tx, project.id, {
			kind: 'note',
			actor: payment.provider,
			visible: false,
			text: `Payment received on an inactive link — refund or reconcile: ${formatPence(payment.amountPence)} (${payment.providerPaymentId}) not applied: ${problem}`,
		})
		await enqueueEmail(
			tx,
			paymentsStaffEmail(
				project,
				`a card payment of ${formatPence(payment.amountPence)} arrived for a stage that was not waiting for it: refund it at the provider`,
				deps.siteUrl,
			),
		)
		return { outcome: 'refused', message: problem }
	}
	await markLinkPaid(tx, current.id, payment.providerPaymentId)
	await settleStage(tx, deps, project, stage, {
		paidBy: 'card',
		reference: payment.providerPaymentId,
		paidAt: deps.now(),
		actor: payment.provider,
	})
	return { outcome: 'applied' }
}

/** Staff record a stage paid by bank transfer (reference, date): the same invoice; audited. */
export async function recordBankTransfer(
	deps: StageDeps,
	projectId: string,
	input: { stageId: number; reference: string; paidOn: Date; version: number },
	staff: NonNullable<AuditActor>,
): Promise<StageResult> {
	const result = await deps.db.transaction(async (tx) => {
		const project = await lockProject(tx, projectId)
		if (!project) return refuse(404, 'Project not found')
		if (project.version !== input.version)
			return refuse(
				409,
				'This project has changed since the page was opened. Please check it and try again.',
			)
		if (!TAKES_PAYMENT.includes(project.status))
			return refuse(409, 'This build is not taking payments.')
		const stage = await lockStage(tx, input.stageId)
		if (!stage || stage.projectId !== projectId) return refuse(404, 'Stage not found')
		if (stage.status !== 'due' && stage.status !== 'upcoming')
			return refuse(409, 'This stage has already been paid.')
		// Its card link can no longer take money: a payment there would be a second one.
		const revoked = await revokeStageLinks(tx, stage.id)
		await settleStage(tx, deps, project, stage, {
			paidBy: 'bank_transfer',
			reference: input.reference,
			paidAt: input.paidOn,
			actor: staff.email,
		})
		await recordAudit(tx, {
			actor: staff,
			kind: 'build.payment',
			subject: projectId,
			detail: `${stage.label}: ${formatPence(stage.amountPence)} by bank transfer, reference ${input.reference}, received ${formatDate(input.paidOn)}`,
		})
		return { ok: true as const, revoked }
	})
	if (!result.ok) return result
	await cleanUpAtProvider(deps.provider, result.revoked)
	return { ok: true }
}

/** The accepted quote's acceptance facts (the cancellation period and early start). */
export async function acceptanceOf(db: Db | Tx, projectId: string) {
	const [quote] = await db
		.select({ acceptedAt: buildQuotes.acceptedAt, earlyStart: buildQuotes.earlyStart })
		.from(buildQuotes)
		.where(and(eq(buildQuotes.projectId, projectId), eq(buildQuotes.status, 'accepted')))
	return quote
}
