import { sql } from 'drizzle-orm'
import type { Db } from '~/.server/db/client'
import { rows } from '~/.server/db/rows'
import { hashOrderLinkToken, ORDER_LINK_TOKEN_PATTERN } from '~/.server/email/order-link'
import { ORDER_ID_PATTERN } from './order-id'

/**
 * For a private order link (`/account/orders/<id>?key=…`): whether it opens the page now, and a
 * fingerprint of every row the page shows — the order, its events, payment links, requests and
 * their photos, refunds, documents, and the business details in force. Any change to any of them
 * gives a new stamp, so a page rendered for one stamp can be replayed to the same link until the
 * stamp moves (server/order-page-cache.ts; docs/decisions/0021-private-order-links.md). The query
 * is the database function `order_page_stamp` (migration 0014), whose plan is made once per
 * connection: a page that comes to show another table adds it there.
 */
export async function orderPageStamp(db: Db, orderId: string, key: string, now = new Date()) {
	if (!ORDER_ID_PATTERN.test(orderId) || !ORDER_LINK_TOKEN_PATTERN.test(key)) return undefined
	const tokenHash = hashOrderLinkToken(key)
	const [found] = await rows<{ stamp: string | null }>(
		db,
		sql`select order_page_stamp(${tokenHash}, ${orderId}, ${now.toISOString()}) as stamp`,
	)
	return found?.stamp ? { tokenHash, stamp: found.stamp } : undefined
}
