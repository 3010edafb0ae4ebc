import { sql } from 'drizzle-orm'
import type { Db, Tx } from '~/.server/db/client'
import { rows } from '~/.server/db/rows'
import { type DeliveryDetails, type OrderLine, orders } from '~/.server/db/schema'
import { type EmailMessage, insertEmailsSql } from '~/.server/email/outbox'
import type { SiteAccess } from '~/lib/delivery/suggest'
import { insertEventsSql } from '../lifecycle/lifecycle'

export type NewOrder = {
	id: string
	userId: string
	deliveryInfo: DeliveryDetails
	cartItems: OrderLine[]
	subtotalPence: number
	idempotencyKey: string | null
	siteAccess: SiteAccess | null
	/** The delivery estimate the checkout showed (issue 62 item 6), or null. */
	deliveryEstimatePence: number | null
}

/** An order and the emails that go with it (written only if the order is). */
export type OrderWrite = { order: NewOrder; emails: EmailMessage[] }

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`

/**
 * Writes new orders, each with its first event and its emails, in one statement: one round trip,
 * and atomic like any single statement (decision 0012). Answers the ids written; an order left out
 * is one whose customer already has an order with the same idempotency key (that order stays as
 * it was, and nothing is written for this one). A taken order id (1 in ~887 million) fails the
 * whole statement with `orders_pkey`, as a plain insert would.
 */
export async function insertOrders(db: Db | Tx, writes: OrderWrite[]): Promise<Set<string>> {
	if (writes.length === 0) return new Set()
	const values = writes.map(
		({ order: o }) =>
			sql`(${o.id}, 'pending', ${o.userId}, false, ${json(o.deliveryInfo)}, ${json(o.cartItems)},
				${o.subtotalPence}, ${o.idempotencyKey}, ${o.siteAccess === null ? null : json(o.siteAccess)},
				${o.deliveryEstimatePence}::int)`,
	)
	const emails = writes.flatMap(({ order, emails }) =>
		emails.map((message) => ({ ...message, tag: order.id })),
	)
	const placed = await rows<{ id: string }>(
		db,
		sql`
		with placed as (
			insert into ${orders} (id, status, user_id, is_anonymous, delivery_info, cart_items,
				subtotal_pence, idempotency_key, site_access, delivery_estimate_pence)
			values ${sql.join(values, sql`, `)}
			on conflict (user_id, idempotency_key) do nothing
			returning id
		),
		event as (${insertEventsSql(sql`select id, 'customer', null, 'pending', 'Order request placed' from placed`)})${
			emails.length === 0
				? sql``
				: sql`,
		emails as (${insertEmailsSql(emails, sql`join placed on placed.id = m.tag`)})`
		}
		select id from placed`,
	)
	return new Set(placed.map((r) => r.id))
}

/** One order: true when written, false when its idempotency key was already used (see above). */
export async function insertOrderOnce(db: Db | Tx, write: OrderWrite): Promise<boolean> {
	return (await insertOrders(db, [write])).has(write.order.id)
}
