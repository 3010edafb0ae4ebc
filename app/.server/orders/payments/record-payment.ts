import { eq } from 'drizzle-orm'
import type { Tx } from '~/.server/db/client'
import { paymentEvents } from '~/.server/db/schema'
import { linkPayer } from '~/.server/payments/links'
import type { ProviderEvent, VerifiedPayment } from '~/.server/payments/provider'
import { closeOpenSession, completeSessionOnce } from '~/.server/payments/stripe-sessions'
import { formatPence } from '~/lib/money'
import type { OrderDeps } from '../lifecycle/deps'
import { transition } from '../lifecycle/lifecycle'
import { applyPayment } from './apply-payment'

export type RecordOutcome =
	| 'applied'
	| 'already_applied'
	| 'duplicate_event'
	| 'flagged'
	| 'ignored'

/** What the admin modal shows until someone refunds or reconciles the payment. */
export const INACTIVE_LINK_ALERT = 'Payment received on an inactive link — refund or reconcile'

/**
 * Records a payment the provider confirmed, from its webhook (`event` set) or from
 * reconciliation, in one transaction: the event id is stored first (a second delivery, on this
 * instance or another, conflicts and changes nothing), then the payment goes through the one
 * applyPayment path. A payment that cannot be applied (revoked link, cancelled order, wrong
 * amount) took real money, so it is recorded on the order and flagged for the admin.
 */
export async function recordPayment(
	deps: Pick<OrderDeps, 'db' | 'provider' | 'siteUrl' | 'now' | 'stagePayments'>,
	input: { event?: ProviderEvent; payment: VerifiedPayment | null },
): Promise<{ outcome: RecordOutcome; orderId?: string }> {
	const { event, payment } = input
	const recorded = await deps.db.transaction(async (tx) => {
		const payer = payment ? await linkPayer(tx, payment.linkId) : undefined
		const orderId = payer?.orderId ?? undefined
		if (event) {
			const stored = await tx
				.insert(paymentEvents)
				.values({
					id: event.id,
					provider: event.provider,
					type: event.type,
					orderId,
					outcome: 'received',
				})
				.onConflictDoNothing()
				.returning({ id: paymentEvents.id })
			if (stored.length === 0) {
				if (orderId)
					await noteOnOrder(
						tx,
						orderId,
						event.provider,
						`Duplicate notification ${event.id} ignored (already recorded)`,
					)
				return { outcome: 'duplicate_event' as const, orderId }
			}
		}
		if (event?.closedCheckoutId) await closeOpenSession(tx, event.closedCheckoutId)
		const outcome = payer?.buildStageId
			? await applyToStage(deps, tx, payment!)
			: await applyOrFlag(deps, tx, payment, orderId)
		if (event) await tx.update(paymentEvents).set({ outcome }).where(eq(paymentEvents.id, event.id))
		return { outcome, orderId }
	})
	// Paid: no other checkout of the order may take money again (issue 28, the two-tab double
	// charge). If Stripe cannot be reached now, reconciliation expires them on its next run.
	if (recorded.outcome === 'applied' && recorded.orderId)
		await deps.provider
			.closeCheckouts({ orderId: recorded.orderId, except: payment?.checkoutId })
			.catch(() => undefined)
	return recorded
}

async function applyOrFlag(
	deps: Pick<OrderDeps, 'siteUrl' | 'now'>,
	tx: Tx,
	payment: VerifiedPayment | null,
	orderId: string | undefined,
): Promise<RecordOutcome> {
	if (!payment || !orderId) return 'ignored'
	// One outcome per checkout: a webhook and a reconciliation run can race for it.
	if (payment.checkoutId && !(await completeSessionOnce(tx, payment.checkoutId)))
		return 'already_applied'
	// The transaction handle stands in for the database: applyPayment's own transaction nests.
	const result = await applyPayment({ ...deps, db: tx }, payment)
	if (result.ok) return 'applied'
	if (result.code === 'already_applied') return 'already_applied'
	const note = `${INACTIVE_LINK_ALERT}: ${formatPence(payment.amountPence)} paid (${payment.providerPaymentId}) but not applied: ${result.message}`
	await noteOnOrder(tx, orderId, payment.provider, note, INACTIVE_LINK_ALERT)
	return 'flagged'
}

/**
 * A pond build stage's payment (decision 0038), through the same event de-duplication and one
 * outcome per checkout; the builds area applies it (or tells staff it could not).
 */
async function applyToStage(
	deps: Pick<OrderDeps, 'stagePayments'>,
	tx: Tx,
	payment: VerifiedPayment,
): Promise<RecordOutcome> {
	if (payment.checkoutId && !(await completeSessionOnce(tx, payment.checkoutId)))
		return 'already_applied'
	if (!deps.stagePayments) return 'flagged'
	const { outcome } = await deps.stagePayments(tx, payment)
	return outcome === 'refused' ? 'flagged' : outcome
}

/** An event on the order's timeline without a status change (and an alert, when given). */
async function noteOnOrder(
	tx: Tx,
	orderId: string,
	provider: string,
	note: string,
	alert?: string,
) {
	await transition(tx, { orderId, actor: { kind: 'provider', id: provider } }, () => ({
		note,
		patch: alert ? { paymentAlert: alert } : undefined,
	}))
}
