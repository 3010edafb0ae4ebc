import { sql } from 'drizzle-orm'
import type { Db } from '../app/.server/db/client'
import type { ChangeCount } from '../app/.server/db/embedded'
import { rows } from '../app/.server/db/rows'
import { hashOrderLinkToken, ORDER_LINK_TOKEN_PATTERN } from '../app/.server/email/order-link'
import { PROJECT_ID_PATTERN } from '../app/lib/builds/project-paths'
import { linkVisit, type PrivatePageCache, privateReplays } from './page-replay'

const PROJECT_PAGE = /^\/account\/projects\/([A-Za-z0-9-]+)$/

/**
 * A pond build's page opened by its private link without cookies (issue 59: p99 ≤ 60 ms with 16
 * customers at once), replayed to the same link while nothing in the database has changed. The
 * key holds the link's hash and a version of the whole database read before the render, so a
 * write that ends during or after a render means the next request renders afresh:
 * - on the embedded database, its count of changes (`Database.changes`), which every write by
 *   this process — the only one that writes — moves; no query;
 * - on PostgreSQL, the server's snapshot (`databaseSnapshot`), which every transaction that
 *   writes, on any instance, changes when it ends.
 * The render itself says until when the clock leaves it unchanged (`context.replayUntil`:
 * project-page-moment.ts and the link's expiry). Decision 0033's addendum.
 */
export function projectPageCache(
	db: Db,
	ttlMs: number,
	changes?: ChangeCount,
): PrivatePageCache | undefined {
	if (ttlMs <= 0) return undefined
	const version = changes ? async () => String(changes.value) : () => databaseSnapshot(db)
	return {
		cache: privateReplays(ttlMs),
		async keyFor(req) {
			const visit = linkVisit(req, PROJECT_PAGE)
			if (!visit || !PROJECT_ID_PATTERN.test(visit.id)) return undefined
			if (!ORDER_LINK_TOKEN_PATTERN.test(visit.key)) return undefined
			const seen = await version()
			if (seen === undefined) return undefined
			return {
				key: `${visit.id}:${hashOrderLinkToken(visit.key)}:${seen}`,
				freshUntil: Number.POSITIVE_INFINITY,
				untilFromPage: true,
			}
		},
	}
}

/**
 * PostgreSQL's current snapshot as text ('xmin:xmax:in-progress ids'). A transaction that wrote
 * anything has an id, and its end changes the snapshot: it leaves the in-progress list, or moves
 * xmax past it. So the same text later means nothing has been committed since, by any instance,
 * and a render begun after the first reading shows the data as it still is. (The WAL position
 * would not do: a commit's record is written before the commit is visible.) Undefined when the
 * server will not say: the page is then rendered, as without a cache.
 */
export async function databaseSnapshot(db: Db) {
	try {
		const [found] = await rows<{ snapshot: string }>(
			db,
			sql`select pg_current_snapshot()::text as snapshot`,
		)
		return found?.snapshot
	} catch {
		return undefined
	}
}
