import { sql } from 'drizzle-orm'
import type { Db, Tx } from '~/.server/db/client'
import { type DeliveryInfo, type OrderLine, orderEvents, orders } from '~/.server/db/schema'
import { type EmailMessage, enqueueEmailsSql } from '~/.server/email/outbox'
import type { SiteAccess } from '~/lib/delivery/suggest'

export type NewOrder = {
	id: string
	userId: string
	deliveryInfo: DeliveryInfo
	cartItems: OrderLine[]
	subtotalPence: number
	idempotencyKey: string | null
	siteAccess: SiteAccess | null
}

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`

/**
 * Writes a new order, its first event and its emails in one statement (one round trip, atomic like
 * any single statement: decision 12). True when written; false when this customer already placed
 * an order with the same idempotency key (that order is left as it was, and nothing is written).
 * Another order's id (1 in ~887 million) fails with `orders_pkey`, as a plain insert would.
 */
export async function insertOrderOnce(
	db: Db | Tx,
	order: NewOrder,
	emails: EmailMessage[],
): Promise<boolean> {
	const result = await db.execute(sql`
		with placed as (
			insert into ${orders} (id, status, user_id, is_anonymous, delivery_info, cart_items,
				subtotal_pence, idempotency_key, site_access)
			values (${order.id}, 'pending', ${order.userId}, false, ${json(order.deliveryInfo)},
				${json(order.cartItems)}, ${order.subtotalPence}, ${order.idempotencyKey},
				${order.siteAccess === null ? null : json(order.siteAccess)})
			on conflict (user_id, idempotency_key) do nothing
			returning id
		),
		event as (
			insert into ${orderEvents} (order_id, actor, from_status, to_status, note)
			select id, 'customer', null, 'pending', 'Order request placed' from placed
		),
		emails as (${enqueueEmailsSql(emails, sql`exists (select 1 from placed)`)})
		select id from placed`)
	return (result as unknown as { rows: unknown[] }).rows.length === 1
}
