import { sql } from 'drizzle-orm'
import type { Db } from '~/.server/db/client'
import { rows } from '~/.server/db/rows'
import { hashOrderLinkToken, ORDER_LINK_TOKEN_PATTERN } from '~/.server/email/order-link'
import { ORDER_ID_PATTERN } from '../lifecycle/order-id'

/**
 * For a private order link (`/account/orders/<id>?key=…`): whether it opens the page now, and a
 * fingerprint of every row the page shows — the order, its events, payment links, requests and
 * their photos, refunds, documents, and the business details in force. Any change to any of them
 * gives a new stamp, so a page rendered for one stamp can be replayed to the same link until the
 * stamp moves (server/order-page-cache.ts; docs/decisions/0021-private-order-links.md). The query
 * is the database function `order_page_stamp` (migrations 0014, 0018, 0020), whose plan is made once
 * per connection: a page that comes to show another table adds it there. `freshUntil` is the next
 * moment the clock alone changes the page (a quote's held-until moment, 24 hours after delivery,
 * the next UK midnight).
 */
export async function orderPageStamp(db: Db, orderId: string, key: string, now = new Date()) {
	if (!ORDER_ID_PATTERN.test(orderId) || !ORDER_LINK_TOKEN_PATTERN.test(key)) return undefined
	const tokenHash = hashOrderLinkToken(key)
	const [found] = await rows<{ stamp: string | null }>(
		db,
		sql`select order_page_stamp(${tokenHash}, ${orderId}, ${now.toISOString()}) as stamp`,
	)
	if (!found?.stamp) return undefined
	const [stamp, until] = found.stamp.split('|')
	// Never replayed past a moment it could not read (0: not replayed at all).
	const freshUntil = Number(until)
	return { tokenHash, stamp: stamp!, freshUntil: Number.isFinite(freshUntil) ? freshUntil : 0 }
}
