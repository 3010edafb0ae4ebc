import { eq } from 'drizzle-orm'
import { emailHash, ipKey, QUOTAS, withinLimits } from '~/.server/auth/attempt-limiter'
import type { Db } from '~/.server/db/client'
import { orders } from '~/.server/db/schema'
import { orderLinkEmail } from '~/.server/email/order-link-email'
import { customerEmailOf } from '~/.server/email/order-status-emails'
import { enqueueEmail } from '~/.server/email/outbox'
import { ORDER_ID_PATTERN } from '../lifecycle/order-id'

/**
 * 'Email me a fresh link' (issue 30 item 1): when the number and address match the order's
 * stored address, a new private link goes to that stored address through the outbox. The caller
 * answers the same either way (but 'address-limited': 429, which depends on the address alone).
 *
 * Counting (issue 57 item 9): the client address is counted on every attempt (it bounds guessing);
 * the order's own quota and everyone's together only once the address matches, so strangers
 * typing wrong addresses cannot use up the owner's links. An order over its quota is answered
 * the same as any other (a 429 there would tell a guesser the address was right) and nothing is
 * queued.
 */
export async function requestOrderLink(
	db: Db,
	input: { orderId: string; email: string },
	clientIp?: string,
): Promise<'queued' | 'no-match' | 'order-limited' | 'address-limited'> {
	const quota = QUOTAS['order-link']
	if (
		clientIp &&
		!(await withinLimits(db, quota.windowMinutes, [
			{ key: ipKey('order-link', clientIp), limit: quota.perIp },
		]))
	)
		return 'address-limited'
	if (!ORDER_ID_PATTERN.test(input.orderId)) return 'no-match'
	const [order] = await db.select().from(orders).where(eq(orders.id, input.orderId))
	const stored = order ? customerEmailOf(order) : null
	if (!order || !stored || stored.toLowerCase() !== input.email.trim().toLowerCase())
		return 'no-match'
	const allowed = await withinLimits(db, quota.windowMinutes, [
		{ key: `order-link:email:${emailHash(order.id)}`, limit: quota.perEmail },
		{ key: 'order-link:all', limit: quota.overall },
	])
	if (!allowed) return 'order-limited'
	for (const email of orderLinkEmail(order)) await enqueueEmail(db, email)
	return 'queued'
}
