import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Db } from '~/.server/db/client'
import { buildStages, orderDocuments, paymentLinks, refunds } from '~/.server/db/schema'
import type { PaymentProvider } from '~/.server/payments/provider'
import { type MatchedPayout, matchPayout, type ShopRecord } from '~/lib/books/payouts'

/** Payouts a page shows: a few, each with its transactions (one Stripe call each). */
export const PAYOUTS_PER_PAGE = 10

export type PayoutsPage =
	| { kind: 'no-payouts' }
	| { kind: 'failed'; message: string }
	| { kind: 'payouts'; payouts: MatchedPayout[]; hasOlder: boolean; hasNewer: boolean }

/**
 * /admin/money/payouts: a page of the provider's payouts, each transaction matched to the order
 * it came from through what the shop recorded when it was paid or refunded (the payment link's
 * payment id, the refund's id), with the order's invoice or the refund's credit note.
 */
export async function payoutsPage(
	db: Db,
	provider: Pick<PaymentProvider, 'payouts'>,
	page: { after?: string; before?: string },
	onError: (error: unknown) => void,
): Promise<PayoutsPage> {
	if (!provider.payouts) return { kind: 'no-payouts' }
	let list: Awaited<ReturnType<NonNullable<PaymentProvider['payouts']>>>
	try {
		list = await provider.payouts({ ...page, limit: PAYOUTS_PER_PAGE })
	} catch (error) {
		onError(error)
		return { kind: 'failed', message: failure(error) }
	}
	const transactions = list.payouts.flatMap((p) => p.transactions)
	const records = await shopRecords(db, {
		paymentIds: unique(transactions.map((t) => t.paymentId)),
		refundIds: unique(transactions.map((t) => t.refundId)),
	})
	return {
		kind: 'payouts',
		payouts: list.payouts.map((p) => matchPayout(p, records)),
		hasOlder: list.hasOlder,
		hasNewer: list.hasNewer,
	}
}

/** What the shop recorded of these payments and refunds: each one's order and document. */
async function shopRecords(db: Db, ids: { paymentIds: string[]; refundIds: string[] }) {
	const [links, refunded] = await Promise.all([
		ids.paymentIds.length
			? db
					.select({
						paymentId: paymentLinks.providerPaymentId,
						orderId: paymentLinks.orderId,
						stageId: paymentLinks.buildStageId,
						projectId: buildStages.projectId,
					})
					.from(paymentLinks)
					.leftJoin(buildStages, eq(buildStages.id, paymentLinks.buildStageId))
					.where(
						and(
							eq(paymentLinks.provider, 'stripe'),
							inArray(paymentLinks.providerPaymentId, ids.paymentIds),
						),
					)
			: [],
		ids.refundIds.length
			? db
					.select({
						refundId: refunds.providerRefundId,
						orderId: refunds.orderId,
						creditNote: refunds.creditNote,
					})
					.from(refunds)
					.where(inArray(refunds.providerRefundId, ids.refundIds))
			: [],
	])
	const orderIds = unique(links.map((l) => l.orderId))
	// An order's sale document: its invoice (or receipt), the first issued.
	const sold = orderIds.length
		? await db
				.select({ orderId: orderDocuments.orderId, number: orderDocuments.number })
				.from(orderDocuments)
				.where(
					and(
						inArray(orderDocuments.orderId, orderIds),
						inArray(orderDocuments.kind, ['invoice', 'receipt']),
					),
				)
				.orderBy(asc(orderDocuments.issuedAt))
		: []
	const invoiceOf = new Map<string, string>()
	for (const doc of sold)
		if (doc.orderId && !invoiceOf.has(doc.orderId)) invoiceOf.set(doc.orderId, doc.number)
	// A build stage's payment (decision 0038): its project, and that stage's own invoice.
	const stageIds = [...new Set(links.flatMap((l) => (l.stageId ? [l.stageId] : [])))]
	const stageDocs = stageIds.length
		? await db
				.select({ stageId: orderDocuments.buildStageId, number: orderDocuments.number })
				.from(orderDocuments)
				.where(
					and(
						inArray(orderDocuments.buildStageId, stageIds),
						inArray(orderDocuments.kind, ['invoice', 'receipt']),
					),
				)
		: []
	const invoiceOfStage = new Map(stageDocs.map((d) => [d.stageId, d.number]))
	return {
		payments: new Map<string, ShopRecord>(
			links.map((l) => [
				l.paymentId ?? '',
				l.orderId
					? { orderId: l.orderId, document: invoiceOf.get(l.orderId) ?? null }
					: { orderId: l.projectId ?? '', document: invoiceOfStage.get(l.stageId) ?? null },
			]),
		),
		refunds: new Map<string, ShopRecord>(
			refunded.map((r) => [r.refundId ?? '', { orderId: r.orderId, document: r.creditNote }]),
		),
	}
}

const unique = (values: Array<string | null>) => [
	...new Set(values.filter((v): v is string => Boolean(v))),
]

/** Stripe's error in the owner's words: never a 5xx, never the raw stack. */
function failure(error: unknown) {
	const status = (error as { statusCode?: number }).statusCode
	if (status === 401 || status === 403)
		return 'Stripe refused the shop’s key, so the payouts cannot be shown. Check STRIPE_SECRET_KEY (it needs read access to payouts and balance).'
	return 'Stripe did not answer, so the payouts cannot be shown just now. Try again in a minute: taking payments is not affected.'
}
