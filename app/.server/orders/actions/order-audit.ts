import { eq } from 'drizzle-orm'
import { recordAudit } from '~/.server/audit/audit-log'
import type { Db } from '~/.server/db/client'
import { orders } from '~/.server/db/schema'
import { changedFields } from '~/lib/audit'
import { formatPence } from '~/lib/money'

type Snapshot = { status: string; deliveryCost: string; total: string } | null

const money = (pence: number | null) => (pence === null ? '' : formatPence(pence))

/** The order's audited fields as text, before and after a staff action. */
export async function orderForAudit(db: Db, orderId: string): Promise<Snapshot> {
	const [row] = await db
		.select({
			status: orders.status,
			deliveryCostPence: orders.deliveryCostPence,
			totalCostPence: orders.totalCostPence,
		})
		.from(orders)
		.where(eq(orders.id, orderId))
		.catch(() => [])
	return row
		? {
				status: row.status,
				deliveryCost: money(row.deliveryCostPence),
				total: money(row.totalCostPence),
			}
		: null
}

const KINDS = {
	'set-delivery-cost': 'order.delivery-cost',
	cancel: 'order.cancel',
	refund: 'order.refund',
} as const

/**
 * The audit entry for an order action that changed money or the order's life (issue 60): a
 * delivery cost, a cancellation or a refund, with the fields it changed. Other intents (notes,
 * marking shipped) are on the order's own timeline.
 */
export async function auditOrderAction(
	db: Db,
	who: { actor: { id: string; email: string; role: string }; ip?: string | null },
	intent: string,
	orderId: string,
	before: Snapshot,
	done: boolean,
	detail = '',
) {
	if (!done || !before || !Object.hasOwn(KINDS, intent)) return
	const after = await orderForAudit(db, orderId)
	if (!after) return
	await recordAudit(db, {
		...who,
		kind: KINDS[intent as keyof typeof KINDS],
		subject: orderId,
		changes: changedFields(before, after, ['status', 'deliveryCost', 'total']),
		detail,
	})
}
