import type { ChangeCount } from '../app/.server/db/embedded'
import { hashOrderLinkToken, ORDER_LINK_TOKEN_PATTERN } from '../app/.server/email/order-link'
import { PROJECT_ID_PATTERN } from '../app/lib/builds/project-paths'
import { PageCache } from './page-cache'
import { PRIVATE_PAGE_REPLAY_MS, type PrivatePageCache } from './page-replay'

const PROJECT_PAGE = /^\/account\/projects\/([A-Za-z0-9-]+)$/

/**
 * A pond build's page opened by its private link without cookies (issue 59: p99 ≤ 60 ms with 16
 * customers at once), replayed to the same link while nothing has changed. Only on the embedded
 * database, whose count of changes (`Database.changes`) moves with every write by this process,
 * the only one that writes: the count is part of the key, read before the render, so a write
 * during or after a render means the next request renders afresh. The render itself says until
 * when the clock leaves it unchanged (`context.replayUntil`: project-page-moment.ts and the
 * link's expiry). On PostgreSQL other instances write and every request renders (decision 0033).
 */
export function projectPageCache(
	ttlMs: number,
	changes?: ChangeCount,
): PrivatePageCache | undefined {
	if (ttlMs <= 0 || !changes) return undefined
	return {
		cache: new PageCache(Math.min(ttlMs, PRIVATE_PAGE_REPLAY_MS), 8 * 1024 * 1024),
		async keyFor(req) {
			const projectId = PROJECT_PAGE.exec(req.path)?.[1]
			const key = req.query.key
			if (!projectId || !PROJECT_ID_PATTERN.test(projectId)) return undefined
			if (typeof key !== 'string' || Object.keys(req.query).length !== 1) return undefined
			if (!ORDER_LINK_TOKEN_PATTERN.test(key)) return undefined
			return {
				key: `${projectId}:${hashOrderLinkToken(key)}:${changes.value}`,
				freshUntil: Number.POSITIVE_INFINITY,
				untilFromPage: true,
			}
		},
	}
}
