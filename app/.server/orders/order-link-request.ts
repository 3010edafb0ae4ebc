import { eq } from 'drizzle-orm'
import type { Db } from '~/.server/db/client'
import { orders } from '~/.server/db/schema'
import { orderLinkEmail } from '~/.server/email/order-link-email'
import { customerEmailOf } from '~/.server/email/order-status-emails'
import { enqueueEmail } from '~/.server/email/outbox'
import { ORDER_ID_PATTERN } from './order-id'

/**
 * 'Email me a fresh link' (issue 30 item 1): when the number and address match the order's
 * stored address, a new private link goes to that stored address through the outbox. The caller
 * answers the same either way; this says whether one was queued only for the logs and tests.
 */
export async function requestOrderLink(db: Db, input: { orderId: string; email: string }) {
	if (!ORDER_ID_PATTERN.test(input.orderId)) return false
	const [order] = await db.select().from(orders).where(eq(orders.id, input.orderId))
	const stored = order ? customerEmailOf(order) : null
	if (!order || !stored || stored.toLowerCase() !== input.email.trim().toLowerCase()) return false
	for (const email of orderLinkEmail(order)) await enqueueEmail(db, email)
	return true
}
