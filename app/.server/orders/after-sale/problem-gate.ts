import { count, eq } from 'drizzle-orm'
import { ipKey, withinLimits } from '~/.server/auth/attempt-limiter'
import type { Db, Tx } from '~/.server/db/client'
import { type OrderRow, orderRequests } from '~/.server/db/schema'
import { BUSINESS } from '~/lib/business'
import { isDispatched } from '~/lib/order-status'

/**
 * What an after-sale request is checked against before anything else. For a problem report this
 * runs before its body is read (issue 57 item 5): up to 51 MB of photos were read and decoded
 * before the order was found to be undispatched or full, so eight reports at once on a
 * never-quoted order took memory from 266 to 857 MB. The order's state and request count come
 * first, then the quotas; only then is the body read (to disk, behind the upload slots).
 */

/**
 * Requests one order may have: far more than any real order needs, and a bound on what a leaked
 * private link could pile into the inbox (each report may carry 50 MB of photos).
 */
export const MAX_REQUESTS_PER_ORDER = 10

export async function refuseBeyondLimit(tx: Db | Tx, orderId: string) {
	const [row] = await tx
		.select({ n: count() })
		.from(orderRequests)
		.where(eq(orderRequests.orderId, orderId))
	return (row?.n ?? 0) >= MAX_REQUESTS_PER_ORDER
		? {
				refuse: `This order already has ${MAX_REQUESTS_PER_ORDER} requests. Please call or email us and we will help directly.`,
			}
		: null
}

/** Why a problem cannot be reported on this order now, or null. */
export function reportRefusal(order: Pick<OrderRow, 'status'>): string | null {
	if (order.status === 'cancelled') return 'This order has been cancelled.'
	if (!isDispatched(order.status))
		return 'This order has not been dispatched yet. If something needs changing, please get in touch.'
	return null
}

/** The state and the request count, as reportProblem checks them again with the order locked. */
export async function reportGate(db: Db | Tx, order: Pick<OrderRow, 'id' | 'status'>) {
	return reportRefusal(order) ?? (await refuseBeyondLimit(db, order.id))?.refuse ?? null
}

/**
 * Reports allowed in an hour per account (the order's owner; an order without one counts alone)
 * and per client address (IPv6 by /64). A real customer sends one or two; each report reads up to 51 MB,
 * decodes photos and emails both sides. Counted in the database (login_attempts), so the limits
 * hold across instances.
 */
export const PROBLEM_QUOTA = { perAccount: 20, perIp: 30, windowMinutes: 60 } as const

export const TOO_MANY_REPORTS_MESSAGE = `You have sent a lot of reports in a short time. Please try again later, or call us on ${BUSINESS.phone}.`

/** Counts this report; false (answer 429) when the account or the address is over its quota. */
export async function takeReportQuota(
	db: Db,
	order: Pick<OrderRow, 'id' | 'userId'>,
	clientIp: string | undefined,
) {
	const account = order.userId ? `user:${order.userId}` : `order:${order.id}`
	const { perAccount, perIp, windowMinutes } = PROBLEM_QUOTA
	if (!(await withinLimits(db, windowMinutes, [{ key: `problem:${account}`, limit: perAccount }])))
		return false
	if (!clientIp) return true
	// The address counts only reports its account was allowed (as orders do, order-quota.ts).
	return withinLimits(db, windowMinutes, [{ key: ipKey('problem', clientIp), limit: perIp }])
}
