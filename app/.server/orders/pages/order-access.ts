import { and, eq, gt } from 'drizzle-orm'
import type { AppLoadContext } from 'react-router'
import { getSessionUser } from '~/.server/auth/guards'
import type { Db } from '~/.server/db/client'
import { type OrderRow, orderLinks, orders } from '~/.server/db/schema'
import { hashOrderLinkToken, ORDER_LINK_TOKEN_PATTERN } from '~/.server/email/order-link'
import { ORDER_ID_PATTERN } from '../lifecycle/order-id'
import { getCustomerOrder } from './customer-orders'

/**
 * Who may see one order (issue 30 item 1, decision 0021): its signed-in owner, or anyone holding
 * an unexpired private link to it (`?key=`, from an order email). Everything else — a missing
 * order, someone else's, a wrong, expired or other order's key — is the same `undefined`, which
 * the page turns into the same 404.
 */
export type OrderAccess = {
	order: OrderRow
	via: 'owner' | 'link'
	/** The key the visitor came with (via 'link'), for links and forms on the page to carry. */
	key: string | null
}

export async function findOrderByLink(db: Db, orderId: string, key: string, now = new Date()) {
	if (!ORDER_ID_PATTERN.test(orderId) || !ORDER_LINK_TOKEN_PATTERN.test(key)) return undefined
	const [found] = await db
		.select({ order: orders })
		.from(orderLinks)
		.innerJoin(orders, eq(orders.id, orderLinks.orderId))
		.where(
			and(
				eq(orderLinks.tokenHash, hashOrderLinkToken(key)),
				eq(orderLinks.orderId, orderId),
				gt(orderLinks.expiresAt, now),
			),
		)
	return found?.order
}

/** The order for this request (owner first, then the `key` query parameter), or undefined. */
export async function orderAccessFor(
	request: Request,
	context: AppLoadContext,
	orderId: string,
): Promise<OrderAccess | undefined> {
	if (!ORDER_ID_PATTERN.test(orderId)) return undefined
	const user = await getSessionUser(request, context)
	const owned = user ? await getCustomerOrder(context.db, user.id, orderId) : undefined
	if (owned) return { order: owned, via: 'owner', key: null }
	const key = new URL(request.url).searchParams.get('key')
	if (!key) return undefined
	const linked = await findOrderByLink(context.db, orderId, key)
	return linked ? { order: linked, via: 'link', key } : undefined
}
