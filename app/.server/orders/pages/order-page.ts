import { asc, eq } from 'drizzle-orm'
import type { Db } from '~/.server/db/client'
import { orderEvents, paymentLinks } from '~/.server/db/schema'
import { documentSummaries } from '~/.server/documents/issue'
import { isQuoteExpired, tookMoney } from '~/.server/payments/links'
import { keptEstimateSentence } from '~/lib/delivery/estimate'
import { describeSiteAccess } from '~/lib/delivery/site-access-schema'
import {
	customerTimeline,
	nextStep,
	type ProgressEvent,
	type ProgressOrder,
} from '~/lib/order-progress'
import { canCancel, isDispatched, statusLabel } from '~/lib/order-status'
import { trackingFor } from '~/lib/tracking'
import type { OrderAccess } from './order-access'
import { loadAfterSale } from './order-page-requests'

/**
 * Everything the customer's order page shows (issue 30 item 2), read for one order the visitor
 * may see (`orderAccessFor`). Plain data in customer words: no staff notes, no actors, no
 * payment references. Later parts (invoices, cancelling, returns) add their fields here.
 */
export async function loadOrderPage(db: Db, access: OrderAccess, now = new Date()) {
	const { order } = access
	const [events, links] = await Promise.all([
		db
			.select({ at: orderEvents.at, from: orderEvents.fromStatus, to: orderEvents.toStatus })
			.from(orderEvents)
			.where(eq(orderEvents.orderId, order.id))
			.orderBy(asc(orderEvents.at), asc(orderEvents.id)),
		db
			.select({
				createdAt: paymentLinks.createdAt,
				amountPence: paymentLinks.amountPence,
				status: paymentLinks.status,
			})
			.from(paymentLinks)
			.where(eq(paymentLinks.orderId, order.id))
			.orderBy(asc(paymentLinks.createdAt)),
	])
	const awaitingPayment = order.status === 'payment_pending'
	const quoteExpired = awaitingPayment && isQuoteExpired(order, now)
	const payable =
		awaitingPayment && order.paymentLinkActive && Boolean(order.paymentLinkId) && !quoteExpired
	const progress: ProgressOrder = {
		status: order.status,
		totalCostPence: order.totalCostPence,
		quoteExpiresAt: order.quoteExpiresAt ? new Date(order.quoteExpiresAt).toISOString() : null,
		carrier: order.carrier,
		trackingReference: order.trackingReference,
		payable,
		quoteExpired,
	}
	const history: ProgressEvent[] = events.map((e) => ({
		at: new Date(e.at).toISOString(),
		from: (e.from as ProgressEvent['from']) ?? null,
		to: e.to as ProgressEvent['to'],
	}))
	const quotes = links.map((l) => ({
		createdAt: new Date(l.createdAt).toISOString(),
		amountPence: l.amountPence,
	}))
	const delivered = events.findLast((e) => e.to === 'delivered' && e.from !== 'delivered')
	// The card payment is the latest paid (or since refunded) link.
	const payment = links.findLast(tookMoney)
	const [afterSale, documents] = await Promise.all([
		loadAfterSale(
			db,
			order,
			{
				delivered: delivered ? new Date(delivered.at) : null,
				paidPence: payment?.amountPence ?? 0,
			},
			now,
		),
		documentSummaries(db, order.id),
	])
	const d = order.deliveryInfo
	const dispatched = isDispatched(order.status)
	const priced = order.deliveryCostPence !== null && order.totalCostPence !== null
	return {
		orderId: order.id,
		placedAt: new Date(order.createdAt).toISOString(),
		status: order.status,
		statusLabel: statusLabel(order.status),
		/** Came by a private link: the page's own links carry the key (never shown as text). */
		via: access.via,
		key: access.key,
		items: order.cartItems.map((line) => ({
			name: line.name,
			quantity: line.quantity,
			unitPricePence: line.unitPricePence,
			selectedSize: line.selectedSize,
			selectedOption: line.selectedOption,
		})),
		subtotalPence: order.subtotalPence,
		deliveryCostPence: priced ? order.deliveryCostPence : null,
		totalCostPence: priced ? order.totalCostPence : null,
		deliveryEstimate: priced ? null : keptEstimateSentence(order),
		delivery: {
			name: `${d.firstName} ${d.lastName}`.trim(),
			lines: [d.address1, d.address2, d.city, d.postcode].filter(Boolean),
			phone: d.phone,
			email: d.email,
			notes: d.notes,
			siteAccess: describeSiteAccess(order.siteAccess),
		},
		timeline: customerTimeline(history, quotes, progress, afterSale.timeline),
		nextStep: nextStep(progress, history),
		payPath: payable ? `/pay/${order.paymentLinkId}` : null,
		newQuotePath: quoteExpired && order.paymentLinkId ? `/pay/${order.paymentLinkId}` : null,
		tracking: dispatched ? trackingFor(order.carrier, order.trackingReference) : null,
		/** Not yet dispatched: the customer may cancel here (a paid order is refunded in full). */
		canCancel: canCancel(order.status),
		/** The VAT invoice (or receipt) and any credit notes. */
		documents,
		/** Returns, problem reports and refunds (issue 30 items 6–8). */
		afterSale: { ...afterSale, timeline: undefined },
	}
}

export type OrderPageData = Awaited<ReturnType<typeof loadOrderPage>>
