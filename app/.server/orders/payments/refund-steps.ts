import type { Tx } from '~/.server/db/client'
import type { OrderRow, Refund, RefundPlan } from '~/.server/db/schema'
import { refundLimitMessage } from '~/lib/staff-forms'
import type { ActionDeps } from '../lifecycle/deps'
import {
	type Actor,
	type Change,
	type Refusal,
	type TransitionResult,
	transition,
	withOrderLocked,
} from '../lifecycle/lifecycle'
import {
	dropReservation,
	markTaken,
	type RefundInput,
	recordRefund,
	refundById,
	refundByKey,
	reserveRefund,
} from './refund'

/**
 * Every flow that sends money back through the provider — cancelling a paid order, a refund of
 * part of it, a return's or a problem report's refund — runs these named steps (issue 58 item 3;
 * decision 0030), each committed before the next, as Medusa's workflows do:
 *
 * 1. `reserve`: with the order locked, the amount is checked and held by a refund row.
 * 2. `take`: the provider refunds it, keyed by the row's key, so a retry answers with the first
 *    refund and never makes a second; a refusal drops the reservation and nothing happened.
 * 3. `record`: with the order locked, the credit note, the refund finished and the order's change
 *    (cancelled, a note, the request resolved) with its emails, in one transaction.
 *
 * A process that dies between steps leaves the row at its last step; `continueRefund` takes it
 * from there (the same form sent again, or the resume job a minute later), and each step checks
 * the row's step first, so running one twice changes nothing.
 */
export const REFUND_STEPS = ['reserve', 'take', 'record'] as const
export type RefundStep = (typeof REFUND_STEPS)[number]

export type StepDeps = ActionDeps & {
	/** Called once a step has committed; a test stops the flow there, as a crash would. */
	afterStep?: (step: RefundStep, refund: Refund) => Promise<void> | void
}

/** The order's change that goes with a recorded refund, by its plan's kind. */
export type Finish = (
	order: OrderRow,
	tx: Tx,
	refund: Refund,
	leftPence: number,
) => Promise<Change> | Change
export type Finishers = Record<RefundPlan['kind'], Finish>

export type RefundOutcome =
	| { ok: true; order: OrderRow; refund: Refund; repeated: boolean }
	| (Extract<TransitionResult, { ok: false }> & { refused?: 'provider' })

/**
 * Starts a refund (or continues the one this key already started). `prepare` sees the order
 * locked and says what to refund, or why not; `failed` words a refusal of the refund itself.
 */
export async function runRefund(
	deps: StepDeps,
	target: { orderId: string; actor: Actor; expectedVersion?: number; refundLimitPence?: number },
	finishers: Finishers,
	key: string,
	prepare: (order: OrderRow, tx: Tx) => Promise<Omit<RefundInput, 'idempotencyKey'> | Refusal>,
): Promise<RefundOutcome> {
	let started = false
	const reserved = await withOrderLocked(deps.db, target, async (order, tx) => {
		const same = await refundByKey(tx, order.id, key)
		if (same) return same
		const input = await prepare(order, tx)
		if ('refuse' in input) return input
		// Staff refund up to the owner's limit (issue 60): over it, nothing is reserved or taken.
		const limit = target.refundLimitPence
		if (limit !== undefined && input.amountPence > limit)
			return { refuse: refundLimitMessage(limit) }
		started = true
		return reserveRefund(deps, tx, order, target.actor, { ...input, idempotencyKey: key })
	})
	if (!reserved.ok) return reserved
	const refund = reserved.value
	if (refund.step === 'recorded') return { ok: true, order: reserved.order, refund, repeated: true }
	if (started) await deps.afterStep?.('reserve', refund)
	return continueRefund(deps, finishers, refund)
}

/** Takes a refund from its last finished step to the end. */
export async function continueRefund(
	deps: StepDeps,
	finishers: Finishers,
	from: Refund,
): Promise<RefundOutcome> {
	let refund = from
	const plan = refund.plan
	if (!plan) throw new Error(`Refund ${refund.id} has no plan to finish it by`)
	if (refund.step === 'reserved') {
		try {
			const providerRefundId = await deps.provider.refund({
				providerPaymentId: plan.providerPaymentId,
				amountPence: refund.amountPence,
				idempotencyKey: refund.idempotencyKey,
			})
			refund = (await markTaken(deps.db, refund.id, providerRefundId))!
		} catch (error) {
			await dropReservation(deps.db, refund.id)
			return {
				ok: false,
				status: 'ABORTED',
				refused: 'provider',
				message: `The payment provider refused the refund, so nothing was refunded: ${(error as Error).message || 'it did not answer'}`,
			}
		}
		await deps.afterStep?.('take', refund)
	}
	let recorded: Refund | undefined
	const result = await transition(
		deps.db,
		{ orderId: refund.orderId, actor: plan.actor },
		async (order, tx) => {
			const done = await recordRefund(deps, tx, refund.id)
			if (!done)
				return { refuse: 'This refund was already recorded.', code: 'already_applied' as const }
			recorded = done.refund
			return finishers[plan.kind](order, tx, done.refund, done.leftPence)
		},
	)
	if (!result.ok) {
		if (result.code !== 'already_applied') throw new Error(`Refund ${refund.id}: ${result.message}`)
		return {
			ok: true,
			order: result.current!,
			refund: (await refundById(deps.db, refund.id))!,
			repeated: true,
		}
	}
	await deps.afterStep?.('record', recorded!)
	return { ok: true, order: result.order, refund: recorded!, repeated: false }
}
