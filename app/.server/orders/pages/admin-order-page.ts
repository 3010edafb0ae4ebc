import type { AppLoadContext } from 'react-router'
import { suggestionForOrder } from '~/.server/delivery/suggestion'
import { documentSummaries } from '~/.server/documents/issue'
import { isQuoteExpired } from '~/.server/payments/links'
import { canPrice } from '~/lib/order-status'
import { requestsOfOrder } from '../after-sale/staff-requests'
import { refundFormState } from '../payments/refund'
import { getAdminOrder } from './admin-orders'

/** Everything the admin order modal shows for one order, or undefined when there is none. */
export async function loadAdminOrder(context: AppLoadContext, orderId: string) {
	const found = await getAdminOrder(context.db, orderId)
	if (!found) return undefined
	const { order, events } = found
	const [suggestion, documents, refund, requests] = await Promise.all([
		canPrice(order.status) ? suggestionForOrder(context.db, context.catalog, order) : null,
		documentSummaries(context.db, order.id),
		refundFormState(context.db, order.id),
		requestsOfOrder(context.db, order.id),
	])
	return {
		order: {
			...order,
			createdAt: new Date(order.createdAt).toISOString(),
			updatedAt: new Date(order.updatedAt).toISOString(),
			quoteExpiresAt: order.quoteExpiresAt ? new Date(order.quoteExpiresAt).toISOString() : null,
			quoteExpired: order.status === 'payment_pending' && isQuoteExpired(order, new Date()),
		},
		events,
		suggestion,
		documents,
		refund,
		requests,
	}
}
