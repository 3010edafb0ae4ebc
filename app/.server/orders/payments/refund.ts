import { and, desc, eq, inArray, lt, ne, sql } from 'drizzle-orm'
import type { Db, Tx } from '~/.server/db/client'
import {
	type OrderRow,
	type PaymentLink,
	paymentLinks,
	type Refund,
	type RefundPlan,
	refunds,
} from '~/.server/db/schema'
import { issueCreditNote } from '~/.server/documents/issue'
import { markLinkRefunded, TOOK_MONEY } from '~/.server/payments/links'
import { formatPence } from '~/lib/money'
import type { ReturnedGoods } from '~/lib/order-requests'
import { type ActionDeps, nowOf } from '../lifecycle/deps'
import { type Actor, actorLabel, type Change } from '../lifecycle/lifecycle'

/**
 * The refunds table's owner (issue 30 item 8; issue 58 item 3). A refund is three steps, each
 * written here and run in order by refund-steps.ts: reserve the amount against the payment (with
 * the order locked), take it at the provider (keyed, so a retry never refunds twice), record it
 * with its credit note. Every row counts against the payment from the moment it is reserved, so
 * two refunds of one order can never together exceed what was paid, finished or not.
 */

type Refusal = Extract<Change, { refuse: string }>

/** What was paid for an order by card, and how much of it has gone back or is going back. */
export async function refundBalance(db: Db | Tx, orderId: string) {
	const [payment] = await db
		.select()
		.from(paymentLinks)
		.where(and(eq(paymentLinks.orderId, orderId), inArray(paymentLinks.status, [...TOOK_MONEY])))
		.orderBy(desc(paymentLinks.closedAt))
		.limit(1)
	const [sum] = await db
		.select({
			pence: sql<number>`coalesce(sum(${refunds.amountPence}), 0)::int`,
			count: sql<number>`count(*)::int`,
		})
		.from(refunds)
		.where(eq(refunds.orderId, orderId))
	const refundedPence = Number(sum?.pence ?? 0)
	const paidPence = payment?.amountPence ?? 0
	return {
		payment,
		paidPence,
		refundedPence,
		leftPence: Math.max(0, paidPence - refundedPence),
		count: Number(sum?.count ?? 0),
	}
}

export type RefundInput = {
	amountPence: number
	reason: string
	/** From the form that asked (or derived, for a cancellation): the same key refunds once. */
	idempotencyKey: string
	requestId?: number | null
	/** What finishing the refund does to the order (refund-steps.ts). */
	kind: RefundPlan['kind']
	/** A return's goods, listed line by line on its credit note (decision 0022). */
	returned?: ReturnedGoods
}

const refundKeyOf = (orderId: string, formKey: string) => `${orderId}:${formKey}`

/** The refund a form's key already started or made, if any: the same form again continues it. */
export async function refundByKey(db: Db | Tx, orderId: string, formKey: string) {
	const [done] = await db
		.select()
		.from(refunds)
		.where(eq(refunds.idempotencyKey, refundKeyOf(orderId, formKey)))
	return done
}

/**
 * Step 'reserve': checks the amount against what is left of the card payment and holds it with a
 * new row (the order is locked by the caller, so the balance read here stands).
 */
export async function reserveRefund(
	deps: ActionDeps,
	tx: Tx,
	order: OrderRow,
	actor: Actor,
	input: RefundInput,
): Promise<Refund | Refusal> {
	const { payment, leftPence } = await refundBalance(tx, order.id)
	const refusal = checkPayment(deps, payment)
	if (refusal) return refusal
	if (!Number.isSafeInteger(input.amountPence) || input.amountPence < 1)
		return { refuse: 'Please enter an amount to refund.', status: 'INVALID_ARGUMENT' }
	if (input.amountPence > leftPence)
		return {
			refuse: leftPence
				? `That is more than is left to refund: at most ${formatPence(leftPence)}.`
				: 'This order has already been refunded in full.',
			status: 'INVALID_ARGUMENT',
		}
	const plan: RefundPlan = {
		kind: input.kind,
		actor: { kind: actor.kind, ...(actor.id ? { id: actor.id } : {}) },
		providerPaymentId: payment!.providerPaymentId!,
		paymentLinkId: payment!.id,
		...(input.returned ? { returned: input.returned } : {}),
	}
	const [row] = await tx
		.insert(refunds)
		.values({
			orderId: order.id,
			requestId: input.requestId ?? null,
			amountPence: input.amountPence,
			reason: input.reason,
			idempotencyKey: refundKeyOf(order.id, input.idempotencyKey),
			step: 'reserved',
			plan,
			actor: actorLabel(actor),
			createdAt: nowOf(deps),
			stepAt: new Date(),
		})
		.returning()
	return row!
}

/** Step 'take' done: the provider refunded it (only a reserved row moves on). */
export async function markTaken(db: Db, id: number, providerRefundId: string) {
	const [row] = await db
		.update(refunds)
		.set({ step: 'taken', providerRefundId, stepAt: new Date() })
		.where(and(eq(refunds.id, id), eq(refunds.step, 'reserved')))
		.returning()
	return row ?? (await refundById(db, id))
}

/** The provider refused: the reservation goes, as if it had never been asked for. */
export async function dropReservation(db: Db, id: number) {
	await db.delete(refunds).where(and(eq(refunds.id, id), eq(refunds.step, 'reserved')))
}

/**
 * Step 'record', inside the order's change (the order locked): the credit note, the payment link
 * marked refunded once nothing is left, and the row finished. A row already recorded (a resumed
 * flow that another instance finished) answers null, and nothing is written twice.
 */
export async function recordRefund(deps: ActionDeps, tx: Tx, id: number) {
	const [row] = await tx.select().from(refunds).where(eq(refunds.id, id)).for('update')
	if (row?.step !== 'taken') return null
	const creditNote = await issueCreditNote(tx, row.orderId, {
		amountPence: row.amountPence,
		reason: row.reason,
		at: nowOf(deps),
		returned: row.plan?.returned,
	})
	const [refund] = await tx
		.update(refunds)
		.set({ step: 'recorded', creditNote: creditNote?.number ?? null, stepAt: new Date() })
		.where(eq(refunds.id, id))
		.returning()
	// What is left counts every refund under way too; the link is refunded once the recorded
	// ones (not a reservation the provider may still refuse) have given it all back.
	const { paidPence, leftPence } = await refundBalance(tx, row.orderId)
	const [recorded] = await tx
		.select({ pence: sql<number>`coalesce(sum(${refunds.amountPence}), 0)::int` })
		.from(refunds)
		.where(and(eq(refunds.orderId, row.orderId), eq(refunds.step, 'recorded')))
	if (row.plan && Number(recorded?.pence) >= paidPence)
		await markLinkRefunded(tx, row.plan.paymentLinkId)
	return { refund: refund!, leftPence }
}

export async function refundById(db: Db | Tx, id: number) {
	const [row] = await db.select().from(refunds).where(eq(refunds.id, id))
	return row
}

/** Refunds whose steps stopped part-way (a crash, a lost instance) before `before`. */
export function unfinishedRefunds(db: Db, before: Date) {
	return db
		.select()
		.from(refunds)
		.where(and(ne(refunds.step, 'recorded'), lt(refunds.stepAt, before)))
		.orderBy(refunds.id)
		.limit(50)
}

function checkPayment(deps: ActionDeps, payment: PaymentLink | undefined): Refusal | null {
	if (!payment?.providerPaymentId)
		return {
			refuse:
				'This order was marked as paid outside the shop, so it cannot be refunded here. Refund the customer the way they paid, then record it in the notes.',
		}
	if (payment.provider !== deps.provider.name)
		return {
			refuse: `This order was paid through the ${payment.provider} provider, which this shop is no longer using. Refund it there.`,
		}
	return null
}

/**
 * What a refund form shows: paid, refunded, left, and its key. The key names the next refund of
 * this order (the count so far), so the same form sent twice — or two staff sending the form they
 * both loaded — refunds once; after a refund the form gets the next key. It stays the same while
 * nothing is refunded, so a page that reloads in the background keeps what staff typed.
 */
export async function refundFormState(db: Db, orderId: string) {
	const { paidPence, refundedPence, leftPence, count } = await refundBalance(db, orderId)
	return { paidPence, refundedPence, leftPence, refundKey: `refund-${count + 1}-${orderId}` }
}

/** The order's finished refunds, oldest first (order page, admin view, request pages). */
export function refundsOf(db: Db, orderId: string) {
	return db
		.select()
		.from(refunds)
		.where(and(eq(refunds.orderId, orderId), eq(refunds.step, 'recorded')))
		.orderBy(refunds.createdAt, refunds.id)
}
