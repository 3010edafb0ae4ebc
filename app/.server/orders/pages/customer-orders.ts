import { and, desc, eq } from 'drizzle-orm'
import type { Db } from '~/.server/db/client'
import { orders } from '~/.server/db/schema'
import { ORDER_ID_PATTERN } from '../lifecycle/order-id'

export type CustomerOrder = Awaited<ReturnType<typeof listCustomerOrders>>[number]

/** A customer's own orders, newest first (always scoped by the owner's id). */
export async function listCustomerOrders(db: Db, userId: string) {
	return db
		.select({
			id: orders.id,
			status: orders.status,
			createdAt: orders.createdAt,
			deliveryInfo: orders.deliveryInfo,
			cartItems: orders.cartItems,
			subtotalPence: orders.subtotalPence,
			deliveryCostPence: orders.deliveryCostPence,
			totalCostPence: orders.totalCostPence,
			paymentLink: orders.paymentLink,
			paymentLinkActive: orders.paymentLinkActive,
			quoteExpiresAt: orders.quoteExpiresAt,
		})
		.from(orders)
		.where(eq(orders.userId, userId))
		.orderBy(desc(orders.createdAt))
}

export async function getCustomerOrder(db: Db, userId: string, orderId: string) {
	if (!ORDER_ID_PATTERN.test(orderId)) return undefined
	const [order] = await db
		.select()
		.from(orders)
		.where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
	return order
}
