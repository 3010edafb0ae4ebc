import type { Db } from '../app/.server/db/client'
import type { ChangeCount } from '../app/.server/db/embedded'
import { hashOrderLinkToken } from '../app/.server/email/order-link'
import { orderPageStamp } from '../app/.server/orders/pages/order-page-stamp'
import { linkVisit, type PrivatePageCache, privateReplays } from './page-replay'

/** Links whose stamps are remembered between changes (a few hundred bytes each). */
const REMEMBERED_STAMPS = 5_000

const ORDER_PAGE = /^\/account\/orders\/([A-Za-z0-9-]+)$/

/**
 * The customer's order page opened by its private link, without cookies (a customer's other device,
 * a shared inbox, the same customer reloading): rendered once per state of the order and replayed
 * to the same link while nothing on it has changed. A request checks the link (unexpired, this
 * order's) and fingerprints the rows behind the page in one query (`orderPageStamp`), so a change
 * anywhere — by this instance or another — is shown at once; only the key's hash is kept.
 * Signed-in owners are rendered every time. The public page cache never holds these pages.
 *
 * On the embedded database (`changes` given) this process makes every change, so a link's stamp
 * is remembered, not asked for again, until the data changes or the clock reaches the stamp's
 * `freshUntil` (which includes the link's expiry). That query was half the server's work for a
 * replayed page (bench:after-sale; docs/decisions/0021-private-order-links.md).
 */
type Stamp = NonNullable<Awaited<ReturnType<typeof orderPageStamp>>>

export function orderPageCache(
	db: Db,
	ttlMs: number,
	changes?: ChangeCount,
): PrivatePageCache | undefined {
	if (ttlMs <= 0) return undefined
	const remembered = new Map<string, Stamp>()
	let rememberedAt = Number.NaN
	const stampOf = async (orderId: string, key: string) => {
		if (!changes) return orderPageStamp(db, orderId, key)
		// Read before the query: a change that ends while it runs leaves the count moved.
		const count = changes.value
		if (count !== rememberedAt) {
			remembered.clear()
			rememberedAt = count
		}
		const link = `${orderId}:${hashOrderLinkToken(key)}`
		const known = remembered.get(link)
		if (known && Date.now() < known.freshUntil) return known
		const found = await orderPageStamp(db, orderId, key)
		// Unmoved since it was read, so `remembered` still holds this count's stamps.
		if (found && changes.value === count) {
			if (remembered.size >= REMEMBERED_STAMPS) remembered.clear()
			remembered.set(link, found)
		}
		return found
	}
	return {
		cache: privateReplays(ttlMs),
		async keyFor(req) {
			const visit = linkVisit(req, ORDER_PAGE)
			if (!visit) return undefined
			const found = await stampOf(visit.id, visit.key)
			return (
				found && {
					key: `${visit.id}:${found.tokenHash}:${found.stamp}`,
					freshUntil: found.freshUntil,
				}
			)
		},
	}
}
