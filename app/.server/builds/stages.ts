import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { Db, Tx } from '~/.server/db/client'
import { type BuildQuote, type BuildStage, buildStages } from '~/.server/db/schema'
import { enqueueJob } from '~/.server/jobs/queue'
import { issueStageLink } from '~/.server/payments/links'
import type { PaymentProvider } from '~/.server/payments/provider'
import { splitSchedule } from '~/lib/builds/payment-schedule'
import { reminderTimes, type StageReminder } from '~/lib/builds/stage-payments'

/**
 * The one writer of a build's payment stages (issue 59 item 8, decision 0038). Stages are made
 * once, as a quote is accepted, from its schedule and the accepted total (the last stage takes the
 * remainder); the deposit (a first stage due on acceptance) is due at once, with its payment link
 * issued in the same transaction, the rest wait until staff mark them reached.
 */
export const STAGE_REMINDER_JOB = 'build-stage-reminder'

export async function createSchedule(
	tx: Tx,
	quote: Pick<BuildQuote, 'id' | 'projectId' | 'schedule'>,
	acceptedTotalPence: number,
	now: Date,
	deps: { provider: PaymentProvider },
): Promise<BuildStage[]> {
	const amounts = splitSchedule(acceptedTotalPence, quote.schedule)
	const stages = await tx
		.insert(buildStages)
		.values(
			amounts.map((a, position) => ({
				projectId: quote.projectId,
				quoteId: quote.id,
				position,
				label: a.label,
				amountPence: a.amountPence,
				status: 'upcoming' as const,
			})),
		)
		.returning()
	if (amounts[0]?.due !== 'acceptance') return stages
	const deposit = await makeStageDue(tx, deps.provider, stages[0]!, now, now)
	return [deposit, ...stages.slice(1)]
}

/**
 * Makes a stage due: a payment link for its amount, the due date, and its reminder jobs (3 days
 * before and after, each keyed so it is queued once). In the caller's transaction.
 */
export async function makeStageDue(
	tx: Tx,
	provider: PaymentProvider,
	stage: Pick<BuildStage, 'id' | 'projectId' | 'amountPence'>,
	dueAt: Date,
	now: Date,
): Promise<BuildStage> {
	const link = await issueStageLink(tx, provider, stage, stage.amountPence)
	const [due] = await tx
		.update(buildStages)
		.set({ status: 'due', dueAt, paymentLinkId: link.id })
		.where(eq(buildStages.id, stage.id))
		.returning()
	for (const reminder of reminderTimes(dueAt, now))
		await enqueueJob(tx, {
			key: `${STAGE_REMINDER_JOB}:${stage.id}:${reminder.kind}`,
			name: STAGE_REMINDER_JOB,
			runAt: reminder.at,
			payload: { stageId: stage.id, kind: reminder.kind },
		})
	return due!
}

/** The project's stages in schedule order. */
export function stagesOf(db: Db | Tx, projectId: string) {
	return db
		.select()
		.from(buildStages)
		.where(eq(buildStages.projectId, projectId))
		.orderBy(asc(buildStages.quoteId), asc(buildStages.position))
}

/** A stage, locked for the rest of the caller's transaction (a payment is applied once). */
export async function lockStage(tx: Tx, stageId: number) {
	const [stage] = await tx
		.select()
		.from(buildStages)
		.where(eq(buildStages.id, stageId))
		.for('update')
	return stage
}

/** The stage is paid (card or bank transfer): never payable again. */
export async function markStagePaid(
	tx: Tx,
	stageId: number,
	payment: { paidAt: Date; paidBy: 'card' | 'bank_transfer'; reference: string },
) {
	await tx
		.update(buildStages)
		.set({
			status: 'paid',
			paidAt: payment.paidAt,
			paidBy: payment.paidBy,
			paymentReference: payment.reference,
		})
		.where(eq(buildStages.id, stageId))
}

/**
 * Records a reminder as sent, once: true only for the first caller, and only while the stage is
 * still due (a paid stage's reminder job does nothing).
 */
export async function claimReminder(tx: Tx, stageId: number, kind: StageReminder) {
	const claimed = await tx
		.update(buildStages)
		.set({ remindersSent: sql`${buildStages.remindersSent} || ${JSON.stringify([kind])}::jsonb` })
		.where(
			and(
				eq(buildStages.id, stageId),
				eq(buildStages.status, 'due'),
				sql`not (${buildStages.remindersSent} ? ${kind})`,
			),
		)
		.returning()
	return claimed[0]
}

/** A cancellation's refund of these paid stages starts (its amount fixed before money moves). */
export async function markStagesRefunding(tx: Tx, parts: Array<{ id: number; pence: number }>) {
	for (const part of parts)
		await tx
			.update(buildStages)
			.set({ status: 'refunding', refundPence: part.pence })
			.where(and(eq(buildStages.id, part.id), eq(buildStages.status, 'paid')))
}

/** The refund went through: false when another run recorded it first. */
export async function markStageRefunded(tx: Tx, stageId: number, reference: string, at: Date) {
	const done = await tx
		.update(buildStages)
		.set({ status: 'refunded', refundReference: reference, refundedAt: at })
		.where(and(eq(buildStages.id, stageId), eq(buildStages.status, 'refunding')))
		.returning({ id: buildStages.id })
	return done.length > 0
}

/** A cancelled project's stages that were never paid are closed (their links revoked apart). */
export async function cancelUnpaidStages(tx: Tx, projectId: string) {
	return tx
		.update(buildStages)
		.set({ status: 'cancelled', paymentLinkId: null })
		.where(
			and(eq(buildStages.projectId, projectId), inArray(buildStages.status, ['upcoming', 'due'])),
		)
		.returning({ id: buildStages.id })
}

/** Stages whose cancellation refund has not finished (a crash between the steps), oldest first. */
export function stagesRefunding(db: Db, projectId?: string) {
	return db
		.select()
		.from(buildStages)
		.where(
			and(
				eq(buildStages.status, 'refunding'),
				projectId ? eq(buildStages.projectId, projectId) : undefined,
			),
		)
		.orderBy(asc(buildStages.id))
		.limit(50)
}
