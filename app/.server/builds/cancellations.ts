import { and, eq, isNull } from 'drizzle-orm'
import { type AuditActor, recordAudit } from '~/.server/audit/audit-log'
import type { Db, Tx } from '~/.server/db/client'
import { type BuildCancellation, type BuildProject, buildCancellations } from '~/.server/db/schema'
import { issueStageCreditNote } from '~/.server/documents/issue'
import { enqueueEmail } from '~/.server/email/outbox'
import { cleanUpAtProvider, markLinkRefunded, revokeStageLinks } from '~/.server/payments/links'
import { allocateRefund, canCancelAt } from '~/lib/builds/stage-payments'
import { formatPence } from '~/lib/money'
import { refundLimitMessage } from '~/lib/staff-forms'
import { cancellationEmail, paymentsStaffEmail, stageRefundedEmail } from './payment-emails'
import { addProjectEvent, changeProjectStatus, lockProject } from './project-lifecycle'
import { acceptanceOf, type StageDeps, type StageResult } from './stage-payments'
import {
	cancelUnpaidStages,
	lockStage,
	markStageRefunded,
	markStagesRefunding,
	stagesOf,
	stagesRefunding,
} from './stages'

/**
 * Cancelling a build within the 14 days (Consumer Contracts Regulations 2013; issue 59 item 5,
 * decision 0038), the one writer of `build_cancellations`. Without an early start the project is
 * cancelled at once and everything paid is refunded; with one, the cancellation is a request that
 * staff settle with the value of the work done, kept back from the refund. Refunds are steps:
 * the amounts are fixed on the stages ('refunding') in the cancellation's transaction, then each
 * goes to the provider with a key of its own (a retry answers with the first refund: money leaves
 * once) and is recorded with its credit note; a run cut short is finished by the next.
 */
const ON: ReadonlyArray<BuildProject['status']> = ['accepted', 'in_progress']

export async function cancellationOf(db: Db | Tx, projectId: string) {
	const [row] = await db
		.select()
		.from(buildCancellations)
		.where(eq(buildCancellations.projectId, projectId))
	return row as BuildCancellation | undefined
}

/** Cancels in the caller's transaction: project cancelled, unpaid stages closed, refunds fixed. */
async function cancelNow(
	tx: Tx,
	project: BuildProject,
	refundPence: number,
	who: { actor: string; reason: string },
) {
	const moved = await changeProjectStatus(tx, project.id, {
		to: 'cancelled',
		actor: who.actor,
		reason: who.reason,
	})
	if (!moved.ok) return moved
	const stages = await stagesOf(tx, project.id)
	const revoked = []
	for (const stage of stages.filter((s) => s.status === 'due'))
		revoked.push(...(await revokeStageLinks(tx, stage.id)))
	await cancelUnpaidStages(tx, project.id)
	const paid = stages.filter((s) => s.status === 'paid')
	await markStagesRefunding(tx, allocateRefund(paid, refundPence))
	await enqueueEmail(tx, cancellationEmail(project, 'cancelled', refundPence))
	return { ok: true as const, revoked }
}

const paidTotal = async (tx: Tx, projectId: string) =>
	(await stagesOf(tx, projectId))
		.filter((s) => s.status === 'paid')
		.reduce((sum, s) => sum + s.amountPence, 0)

/** The customer's 'Cancel my build' (after the confirm step). */
export async function requestCancellation(
	deps: StageDeps,
	projectId: string,
	input: { reason: string },
): Promise<StageResult & { settled?: boolean }> {
	const done = await deps.db.transaction(async (tx) => {
		const project = await lockProject(tx, projectId)
		if (!project) return { ok: false as const, status: 404 as const, message: 'Project not found' }
		const acceptance = await acceptanceOf(tx, projectId)
		if (!ON.includes(project.status) || !acceptance)
			return {
				ok: false as const,
				status: 409 as const,
				message: 'This build cannot be cancelled online.',
			}
		if (!canCancelAt(acceptance.acceptedAt, deps.now()))
			return {
				ok: false as const,
				status: 409 as const,
				message:
					'The 14 days to cancel have passed. Please call us if you need to talk about your build.',
			}
		const inserted = await tx
			.insert(buildCancellations)
			.values({
				projectId,
				requestedAt: deps.now(),
				reason: input.reason,
				earlyStart: acceptance.earlyStart,
			})
			.onConflictDoNothing()
			.returning()
		if (!inserted.length)
			return {
				ok: false as const,
				status: 409 as const,
				message: 'We already have your cancellation.',
			}
		const why = `Cancelled by the customer within the 14 days${input.reason ? `: ${input.reason}` : '.'}`
		if (acceptance.earlyStart) {
			await addProjectEvent(tx, projectId, {
				kind: 'message',
				actor: 'customer',
				text: `Cancellation requested within the 14 days. As work was asked to start early, we will deduct the work done from the refund.${input.reason ? ` Reason given: ${input.reason}` : ''}`,
			})
			await enqueueEmail(tx, cancellationEmail(project, 'requested', 0))
			await enqueueEmail(
				tx,
				paymentsStaffEmail(
					project,
					'the customer cancelled within the 14 days after asking for an early start: enter the value of the work done to settle it',
					deps.siteUrl,
				),
			)
			return { ok: true as const, settled: false, revoked: [] }
		}
		const cancelled = await cancelNow(tx, project, await paidTotal(tx, projectId), {
			actor: 'customer',
			reason: why,
		})
		if (!cancelled.ok) return cancelled
		await tx
			.update(buildCancellations)
			.set({ settledAt: deps.now(), settledBy: 'customer', workDonePence: 0 })
			.where(eq(buildCancellations.projectId, projectId))
		return { ok: true as const, settled: true, revoked: cancelled.revoked }
	})
	if (!done.ok) return done
	await cleanUpAtProvider(deps.provider, done.revoked)
	if (done.settled) await runStageRefunds(deps, projectId)
	return { ok: true, settled: done.settled }
}

/** Staff settle an early-start cancellation: the work done is kept, the rest refunded. */
export async function settleCancellation(
	deps: StageDeps,
	projectId: string,
	input: { workDonePence: number; version: number; refundLimitPence?: number },
	staff: NonNullable<AuditActor>,
): Promise<StageResult> {
	const done = await deps.db.transaction(async (tx) => {
		const project = await lockProject(tx, projectId)
		if (!project) return { ok: false as const, status: 404 as const, message: 'Project not found' }
		if (project.version !== input.version)
			return {
				ok: false as const,
				status: 409 as const,
				message:
					'This project has changed since the page was opened. Please check it and try again.',
			}
		const [request] = await tx
			.select()
			.from(buildCancellations)
			.where(and(eq(buildCancellations.projectId, projectId), isNull(buildCancellations.settledAt)))
			.for('update')
		if (!request)
			return {
				ok: false as const,
				status: 409 as const,
				message: 'There is no cancellation to settle.',
			}
		const paid = await paidTotal(tx, projectId)
		if (input.workDonePence > paid)
			return {
				ok: false as const,
				status: 400 as const,
				message: `The work done cannot be more than the ${formatPence(paid)} paid.`,
			}
		const refund = paid - input.workDonePence
		if (input.refundLimitPence !== undefined && refund > input.refundLimitPence)
			return {
				ok: false as const,
				status: 400 as const,
				message: refundLimitMessage(input.refundLimitPence),
			}
		const cancelled = await cancelNow(tx, project, refund, {
			actor: staff.email,
			reason: `Cancelled by the customer within the 14 days; work done ${formatPence(input.workDonePence)} kept.`,
		})
		if (!cancelled.ok) return cancelled
		await tx
			.update(buildCancellations)
			.set({ settledAt: deps.now(), settledBy: staff.email, workDonePence: input.workDonePence })
			.where(eq(buildCancellations.projectId, projectId))
		await recordAudit(tx, {
			actor: staff,
			kind: 'build.refund',
			subject: projectId,
			detail: `Cancellation settled: ${formatPence(refund)} refunded, ${formatPence(input.workDonePence)} kept for work done`,
		})
		return { ok: true as const, revoked: cancelled.revoked }
	})
	if (!done.ok) return done
	await cleanUpAtProvider(deps.provider, done.revoked)
	await runStageRefunds(deps, projectId)
	return { ok: true }
}

/**
 * The refunds' second step for each stage still 'refunding': the provider's refund (a card
 * payment; its key is the stage's, so a retry answers with the first refund), then the stage
 * marked refunded with its credit note and email, in one transaction. A bank transfer is paid
 * back by staff from the bank: recorded the same way, and staff are told.
 */
export async function runStageRefunds(deps: StageDeps, projectId?: string) {
	let done = 0
	for (const stage of await stagesRefunding(deps.db, projectId)) {
		const pence = stage.refundPence ?? 0
		const card = stage.paidBy === 'card' && stage.paymentReference
		let reference = 'bank transfer back to the customer'
		try {
			if (card)
				reference = await deps.provider.refund({
					providerPaymentId: stage.paymentReference!,
					amountPence: pence,
					idempotencyKey: `build-stage-${stage.id}`,
				})
		} catch {
			// Left 'refunding': the resume job tries again with the same key.
			continue
		}
		await deps.db.transaction(async (tx) => {
			const locked = await lockStage(tx, stage.id)
			if (!locked || !(await markStageRefunded(tx, stage.id, reference, deps.now()))) return
			if (card && pence === stage.amountPence && stage.paymentLinkId)
				await markLinkRefunded(tx, stage.paymentLinkId)
			const note = await issueStageCreditNote(tx, stage.id, {
				amountPence: pence,
				reason: 'Build cancelled within the 14-day cancellation period',
				at: deps.now(),
			})
			const project = await lockProject(tx, stage.projectId)
			if (!project) return
			await addProjectEvent(tx, project.id, {
				kind: 'message',
				actor: 'system',
				text: `Refunded ${formatPence(pence)} of the payment for ${stage.label}${note ? `; credit note ${note.number}` : ''}.`,
			})
			if (note) await enqueueEmail(tx, stageRefundedEmail(project, stage, pence, note.number))
			if (!card)
				await enqueueEmail(
					tx,
					paymentsStaffEmail(
						project,
						`pay back ${formatPence(pence)} for ${stage.label} by bank transfer (it was paid that way)`,
						deps.siteUrl,
					),
				)
			done++
		})
	}
	return done
}
