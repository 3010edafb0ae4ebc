import type { Request } from 'express'
import type { Db } from '../app/.server/db/client'
import { orderPageStamp } from '../app/.server/orders/order-page-stamp'
import { PageCache } from './page-cache'

/** The longest a rendered order page is replayed; it ends sooner at the next moment the clock
 * alone changes the page (a quote's held-until moment, the next UK midnight: order-page-stamp.ts). */
export const ORDER_PAGE_REPLAY_MS = 60_000

const ORDER_PAGE = /^\/account\/orders\/([A-Za-z0-9-]+)$/

/**
 * The customer's order page opened by its private link, without cookies (a customer's other device,
 * a shared inbox, the same customer reloading): rendered once per state of the order and replayed
 * to the same link while nothing on it has changed. Every request still checks the link (unexpired,
 * this order's) and fingerprints the rows behind the page in one query (`orderPageStamp`), so a
 * change anywhere — by this instance or another — is shown at once; only the key's hash is kept.
 * Signed-in owners are rendered every time. The public page cache never holds these pages.
 */
export type PrivatePageCache = {
	cache: PageCache
	/** The page's replay key and until when a render may be replayed, or undefined. */
	keyFor(req: Request): Promise<{ key: string; freshUntil: number } | undefined>
}

export function orderPageCache(db: Db, ttlMs: number): PrivatePageCache | undefined {
	if (ttlMs <= 0) return undefined
	return {
		cache: new PageCache(Math.min(ttlMs, ORDER_PAGE_REPLAY_MS), 8 * 1024 * 1024),
		async keyFor(req) {
			const orderId = ORDER_PAGE.exec(req.path)?.[1]
			const key = req.query.key
			if (!orderId || typeof key !== 'string' || Object.keys(req.query).length !== 1) return
			const found = await orderPageStamp(db, orderId, key)
			return (
				found && {
					key: `${orderId}:${found.tokenHash}:${found.stamp}`,
					freshUntil: found.freshUntil,
				}
			)
		},
	}
}
