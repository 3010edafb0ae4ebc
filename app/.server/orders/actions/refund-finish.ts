import type { Tx } from '~/.server/db/client'
import type { OrderRow, Refund } from '~/.server/db/schema'
import { attachDocument } from '~/.server/email/attach-document'
import { customerCancelledEmail } from '~/.server/email/cancel-emails'
import { refundedEmail } from '~/.server/email/order-status-emails'
import { refundIssuedEmail } from '~/.server/email/request-emails'
import type { Logger } from '~/.server/logger'
import { formatPence } from '~/lib/money'
import { canTransition, statusLabel } from '~/lib/order-status'
import { openRequest, resolveWithRefund } from '../after-sale/request-records'
import { appendNote, type Change, transition } from '../lifecycle/lifecycle'
import { unfinishedRefunds } from '../payments/refund'
import { continueRefund, type Finishers, type StepDeps } from '../payments/refund-steps'

/**
 * What recording a refund does to its order (the last of the refund steps, refund-steps.ts), by
 * the kind of flow that started it, so a flow resumed after a crash ends as it would have.
 */
export function refundFinishers(deps: Pick<StepDeps, 'siteUrl'>): Finishers {
	return {
		cancel: (order, tx, refund) => finishCancel(deps.siteUrl, order, tx, refund),
		part: (order, tx, refund, leftPence) => finishPart(order, tx, refund, leftPence),
	}
}

const refundLine = (refund: Refund) =>
	`(${refund.providerRefundId})${refund.creditNote ? `; credit note ${refund.creditNote} issued` : ''}`

async function finishCancel(siteUrl: string, order: OrderRow, tx: Tx, refund: Refund) {
	const amount = refund.amountPence
	const byCustomer = refund.plan?.actor.kind === 'customer'
	const paperwork = (emails: ReturnType<typeof refundedEmail>) =>
		attachDocument(emails, refund.creditNote ? { number: refund.creditNote } : undefined, [
			'order-refunded',
			'order-refund',
		])
	// Dispatched while the provider was refunding (seconds, or a crash's minute): the money is
	// back with the customer, so it is recorded, and staff decide what happens to the parcel.
	if (!canTransition(order.status, 'cancelled', byCustomer ? 'customer' : 'admin'))
		return {
			note: `Refunded ${formatPence(amount)} ${refundLine(refund)} to cancel the order, but it was ${statusLabel(order.status)} by then, so it was not cancelled`,
			emails: paperwork(refundIssuedEmail(order, refund, 0)),
		} satisfies Change
	const adminNotes = appendNote(
		order.adminNotes,
		byCustomer ? 'Order cancelled by the customer.' : 'Order cancelled by admin.',
	)
	// The customer's own cancellation joins the Requests inbox, already resolved (issue 30 item 8).
	if (byCustomer)
		await openRequest(tx, {
			orderId: order.id,
			kind: 'cancellation',
			status: 'resolved',
			outcome: 'refund',
			refundedPence: amount,
			resolvedAt: new Date(),
		})
	return {
		to: 'cancelled',
		patch: { adminNotes },
		note: `Cancelled; refunded ${formatPence(amount)}${amount === order.totalCostPence ? ' in full' : ''} ${refundLine(refund)}`,
		emails: [
			...paperwork(refundedEmail({ ...order, adminNotes }, amount)),
			...(byCustomer ? customerCancelledEmail(order, siteUrl) : []),
		],
	} satisfies Change
}

async function finishPart(order: OrderRow, tx: Tx, refund: Refund, leftPence: number) {
	if (refund.requestId)
		await resolveWithRefund(tx, refund.requestId, refund.amountPence, refund.createdAt)
	return {
		note: `Refunded ${formatPence(refund.amountPence)}: ${refund.reason} ${refundLine(refund)}${refund.requestId ? `; request ${refund.requestId} resolved` : ''}`,
		emails: attachDocument(
			refundIssuedEmail(order, refund, leftPence),
			refund.creditNote ? { number: refund.creditNote } : undefined,
			['order-refund'],
		),
	} satisfies Change
}

/**
 * The resume job: refunds whose steps stopped part-way over a minute ago (a crash, an instance
 * that went away) are taken to the end. One the provider now refuses is dropped, with a note on
 * the order's timeline so staff know it did not happen.
 */
export async function resumeRefunds(deps: StepDeps, logger?: Logger, now = new Date()) {
	const stuck = await unfinishedRefunds(deps.db, new Date(now.getTime() - 60_000))
	let finished = 0
	for (const refund of stuck) {
		const result = await continueRefund(deps, refundFinishers(deps), refund)
		if (result.ok) {
			finished++
			continue
		}
		logger?.warn({ orderId: refund.orderId, refundId: refund.id }, 'stopped refund dropped')
		await transition(deps.db, { orderId: refund.orderId, actor: { kind: 'system' } }, () => ({
			note: `A refund of ${formatPence(refund.amountPence)} (${refund.reason}) stopped part-way and could not be finished: ${result.message}`,
		}))
	}
	return { found: stuck.length, finished }
}
