import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Db, Tx } from '~/.server/db/client'
import {
	type OrderRow,
	type PaymentLink,
	paymentLinks,
	type Refund,
	refunds,
} from '~/.server/db/schema'
import { issueCreditNote } from '~/.server/documents/issue'
import { markLinkRefunded, TOOK_MONEY } from '~/.server/payments/links'
import { formatPence } from '~/lib/money'
import type { ReturnedGoods } from '~/lib/order-requests'
import { type ActionDeps, nowOf } from '../lifecycle/deps'
import { type Actor, actorLabel, type Change } from '../lifecycle/lifecycle'

/**
 * Refunds through the payment provider (issue 30 item 8), full or partial, each with a credit
 * note. Always called inside a lifecycle transition, with the order row locked: two refunds of one
 * order queue, so the amount left is read and spent by one at a time, and a form's idempotency
 * key that already refunded answers with that refund instead of a second one.
 */

type Refusal = Extract<Change, { refuse: string }>

/** What was paid for an order by card, and how much of it has gone back. */
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
	/** A return's goods, listed line by line on its credit note (decision 0022). */
	returned?: ReturnedGoods
}

export type TakenRefund =
	| { refund: Refund; repeated: true }
	/** A new refund, and what is left of the payment after it. */
	| { refund: Refund; repeated: false; leftPence: number }

const refundKeyOf = (orderId: string, formKey: string) => `${orderId}:${formKey}`

/** The refund a form's key already made, if any: the same form sent again answers with it. */
export async function refundByKey(db: Db | Tx, orderId: string, formKey: string) {
	const [done] = await db
		.select()
		.from(refunds)
		.where(eq(refunds.idempotencyKey, refundKeyOf(orderId, formKey)))
	return done
}

/** Takes a refund at the provider and records it with its credit note (order already locked). */
export async function takeRefund(
	deps: ActionDeps,
	tx: Tx,
	order: OrderRow,
	actor: Actor,
	input: RefundInput,
): Promise<TakenRefund | Refusal> {
	const key = refundKeyOf(order.id, input.idempotencyKey)
	const done = await refundByKey(tx, order.id, input.idempotencyKey)
	if (done) return { refund: done, repeated: true }
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
	let providerRefundId: string
	try {
		providerRefundId = await deps.provider.refund({
			providerPaymentId: payment!.providerPaymentId!,
			amountPence: input.amountPence,
			idempotencyKey: key,
		})
	} catch (error) {
		return {
			refuse: `The payment provider refused the refund, so nothing was refunded: ${(error as Error).message || 'it did not answer'}`,
		}
	}
	if (input.amountPence === leftPence) await markLinkRefunded(tx, payment!.id)
	const creditNote = await issueCreditNote(tx, order.id, {
		amountPence: input.amountPence,
		reason: input.reason,
		at: nowOf(deps),
		returned: input.returned,
	})
	const [refund] = await tx
		.insert(refunds)
		.values({
			orderId: order.id,
			requestId: input.requestId ?? null,
			amountPence: input.amountPence,
			reason: input.reason,
			idempotencyKey: key,
			providerRefundId,
			creditNote: creditNote?.number ?? null,
			actor: actorLabel(actor),
			createdAt: nowOf(deps),
		})
		.returning()
	return { refund: refund!, repeated: false, leftPence: leftPence - input.amountPence }
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

/** The order's refunds, oldest first (order page, admin view, request pages). */
export function refundsOf(db: Db, orderId: string) {
	return db
		.select()
		.from(refunds)
		.where(eq(refunds.orderId, orderId))
		.orderBy(refunds.createdAt, refunds.id)
}
