import { and, eq, isNull, lt, or, type SQL, sql } from 'drizzle-orm'
import type { Db, Tx } from '~/.server/db/client'
import {
	type OrderRow,
	orders,
	type PaymentLink,
	type PaymentLinkStatus,
	paymentLinks,
} from '~/.server/db/schema'
import { isPaid } from '~/lib/order-status'
import { LINK_TOKEN_PATTERN, type PaymentProvider } from './provider'

/**
 * Whether a link can take money now, the one answer the pay page and applyPayment share:
 * - 'paid': this link (or the order another way) has been paid;
 * - 'inactive': revoked, replaced by a newer link, or the order is no longer awaiting payment;
 * - 'expired': the quote's price-held-until time has passed (DESIGN decision 15);
 * - 'ending': still payable, but too close to that time for the provider to open a new checkout
 *   (Stripe's sessions live at least 30 minutes: one opened now would outlive the quote);
 * - 'payable'.
 */
export type LinkState = 'paid' | 'inactive' | 'expired' | 'ending' | 'payable'

export function linkState(
	link: Pick<PaymentLink, 'id' | 'status'>,
	order: Pick<OrderRow, 'status' | 'paymentLinkId' | 'quoteExpiresAt'>,
	now: Date,
	checkoutMinutes: number,
): LinkState {
	if (link.status === 'paid' || isPaid(order.status)) return 'paid'
	// Still the order's quote, but its time is up (the expiry job may already have switched it off).
	const current = order.paymentLinkId === link.id && order.status === 'payment_pending'
	if (current && isQuoteExpired(order, now)) return 'expired'
	if (
		link.status !== 'active' ||
		order.paymentLinkId !== link.id ||
		order.status !== 'payment_pending'
	)
		return 'inactive'
	return isQuoteExpired(order, new Date(now.getTime() + checkoutMinutes * 60_000))
		? 'ending'
		: 'payable'
}

/** DESIGN decision 15: after the held-until date no provider may take payment on the quote. */
export function isQuoteExpired(order: Pick<OrderRow, 'quoteExpiresAt'>, now: Date) {
	return order.quoteExpiresAt !== null && new Date(order.quoteExpiresAt).getTime() < now.getTime()
}

/** A link that took the customer's money (kept after a refund: it is what was paid). */
export const TOOK_MONEY: readonly PaymentLinkStatus[] = ['paid', 'refunded']
export const tookMoney = (link: Pick<PaymentLink, 'status'>) => TOOK_MONEY.includes(link.status)

/** A payment the provider took may still be applied while the quote is 'ending'. */
export const takesPayment = (state: LinkState) => state === 'payable' || state === 'ending'

/**
 * Issues a link for the order's total inside the caller's transaction and returns the order
 * fields that point at it. Throws PaymentLinkError when the provider cannot take the amount.
 */
export async function issuePaymentLink(
	tx: Tx,
	provider: PaymentProvider,
	order: { id: string },
	amountPence: number,
) {
	const link = await provider.createLink({ orderId: order.id, amountPence })
	await tx.insert(paymentLinks).values({
		id: link.id,
		orderId: order.id,
		amountPence,
		provider: provider.name,
	})
	return { paymentLink: link.url, paymentLinkId: link.id, paymentLinkActive: true }
}

/**
 * Revokes every active link of an order in the caller's transaction, so a stale link can never
 * take money; returns them for provider-side clean-up after the commit.
 */
export async function revokeActiveLinks(tx: Tx, orderId: string): Promise<PaymentLink[]> {
	return tx
		.update(paymentLinks)
		.set({ status: 'deactivated', closedAt: new Date() })
		.where(and(eq(paymentLinks.orderId, orderId), eq(paymentLinks.status, 'active')))
		.returning()
}

// The other writes to payment links, named: this file is the table's one owner
// (app/.server/db/owners.ts). Each takes the caller's transaction, so it joins the change.

/** The link took the payment: it can never take money again. */
export async function markLinkPaid(tx: Tx, linkId: string, providerPaymentId: string) {
	await tx
		.update(paymentLinks)
		.set({ status: 'paid', closedAt: new Date(), providerPaymentId })
		.where(eq(paymentLinks.id, linkId))
}

/** The link's payment went back in full. */
export async function markLinkRefunded(tx: Tx, linkId: string) {
	await tx.update(paymentLinks).set({ status: 'refunded' }).where(eq(paymentLinks.id, linkId))
}

/** A new quote's reminder times (null: no such reminder). */
export async function setReminderTimes(
	tx: Tx,
	linkId: string,
	times: { before: Date | null; lastMorning: Date | null },
) {
	await tx
		.update(paymentLinks)
		.set({ remindBeforeAt: times.before, remindLastMorningAt: times.lastMorning })
		.where(eq(paymentLinks.id, linkId))
}

/**
 * Takes the link's checkout lease until `until` unless another request holds it (one short
 * UPDATE, no transaction held across the call to the provider); true when taken.
 */
export async function claimCheckoutLease(db: Db, linkId: string, now: Date, until: Date) {
	const claimed = await db
		.update(paymentLinks)
		.set({ checkoutLeaseUntil: until })
		.where(
			and(
				eq(paymentLinks.id, linkId),
				or(isNull(paymentLinks.checkoutLeaseUntil), lt(paymentLinks.checkoutLeaseUntil, now)),
			),
		)
		.returning({ id: paymentLinks.id })
	return claimed.length > 0
}

export async function releaseCheckoutLease(db: Db, linkId: string) {
	await db.update(paymentLinks).set({ checkoutLeaseUntil: null }).where(eq(paymentLinks.id, linkId))
}

/**
 * The statement part (a data-modifying CTE) that clears the due reminder times of the links in
 * `candidate` (link_id, before_due, morning_due) and records on each the reminders in `send`
 * (link_id, kind), for the reminder scan's one statement per chunk.
 */
export function clearDueRemindersSql(candidate: SQL, send: SQL) {
	return sql`
		update ${paymentLinks} l set
			remind_before_at = case when c.before_due then null else l.remind_before_at end,
			remind_last_morning_at = case when c.morning_due then null else l.remind_last_morning_at end,
			reminders_sent = l.reminders_sent
				|| coalesce((select jsonb_agg(s.kind) from ${send} s where s.link_id = l.id), '[]'::jsonb)
		from ${candidate} c
		where l.id = c.link_id`
}

/** The provider-side half of revoking, after the database has committed. */
export async function cleanUpAtProvider(
	provider: PaymentProvider,
	links: PaymentLink[],
): Promise<string | null> {
	for (const link of links) {
		try {
			await provider.deactivateLink(link)
		} catch (error) {
			return (error as Error).message || 'the payment provider did not answer'
		}
	}
	return null
}

/** An order's link (a build stage's link has no order: decision 0038). */
export type OrderPaymentLink = PaymentLink & { orderId: string }

/**
 * A link and the order it pays for, for /pay/<token>; nothing for a token of the wrong shape or
 * a build stage's link (the builds area serves those).
 */
export async function findPaymentLink(db: Db, token: string) {
	if (!LINK_TOKEN_PATTERN.test(token)) return undefined
	const [row] = await db
		.select({ link: paymentLinks, order: orders })
		.from(paymentLinks)
		.innerJoin(orders, eq(orders.id, paymentLinks.orderId))
		.where(eq(paymentLinks.id, token))
	return (
		row && { link: { ...row.link, orderId: row.order.id } as OrderPaymentLink, order: row.order }
	)
}

/** Which payer a link belongs to: an order or a build stage (exactly one, by the table's check). */
export async function linkPayer(db: Db | Tx, linkId: string) {
	const [link] = await db
		.select({ orderId: paymentLinks.orderId, buildStageId: paymentLinks.buildStageId })
		.from(paymentLinks)
		.where(eq(paymentLinks.id, linkId))
	return link
}

/** Issues a link for a build stage's amount in the caller's transaction (decision 0038). */
export async function issueStageLink(
	tx: Tx,
	provider: PaymentProvider,
	stage: { id: number; projectId: string },
	amountPence: number,
) {
	const link = await provider.createLink({ orderId: stage.projectId, amountPence })
	await tx
		.insert(paymentLinks)
		.values({ id: link.id, buildStageId: stage.id, amountPence, provider: provider.name })
	return link
}

/** Revokes a build stage's active links (the stage was paid another way, or cancelled). */
export async function revokeStageLinks(tx: Tx, stageId: number): Promise<PaymentLink[]> {
	return tx
		.update(paymentLinks)
		.set({ status: 'deactivated', closedAt: new Date() })
		.where(and(eq(paymentLinks.buildStageId, stageId), eq(paymentLinks.status, 'active')))
		.returning()
}

/** A link by its token, locked in the caller's transaction (applying a stage's payment). */
export async function lockLink(tx: Tx, linkId: string) {
	const [link] = await tx
		.select()
		.from(paymentLinks)
		.where(eq(paymentLinks.id, linkId))
		.for('update')
	return link
}

/** A link by its token (any payer), or nothing for a token of the wrong shape. */
export async function findLink(db: Db, token: string) {
	if (!LINK_TOKEN_PATTERN.test(token)) return undefined
	const [link] = await db.select().from(paymentLinks).where(eq(paymentLinks.id, token))
	return link
}
