import { asc, inArray } from 'drizzle-orm'
import type { Tx } from '~/.server/db/client'
import { orders, paymentLinks } from '~/.server/db/schema'
import { type ActionDeps, nowOf } from './deps'
import { recordNotes } from './lifecycle'
import {
	markRemindersSent,
	type QuoteJob,
	type ReminderKind,
	reminder,
	reminderSkip,
} from './quote-follow-up'

/**
 * Many due reminders in one transaction (10,000 quotes falling due together would otherwise be
 * 10,000 transactions; bench:jobs): the same checks, note and email as `sendQuoteReminder`, each
 * order and link locked (in id order, so a concurrent staff change waits rather than deadlocks).
 * `finish` (the scheduler's) marks the batch's jobs done in the same transaction.
 */
export async function sendQuoteReminders(
	deps: ActionDeps,
	jobs: QuoteJob[],
	finish?: (tx: Tx) => Promise<void>,
) {
	if (!jobs.length) return { sent: 0, skipped: [] }
	return deps.db.transaction(async (tx) => {
		const orderIds = [...new Set(jobs.map((job) => job.orderId))]
		const linkIds = [...new Set(jobs.map((job) => job.linkId))]
		const lockedOrders = await tx
			.select()
			.from(orders)
			.where(inArray(orders.id, orderIds))
			.orderBy(asc(orders.id))
			.for('update')
		const lockedLinks = await tx
			.select()
			.from(paymentLinks)
			.where(inArray(paymentLinks.id, linkIds))
			.orderBy(asc(paymentLinks.id))
			.for('update')
		const orderById = new Map(lockedOrders.map((order) => [order.id, order]))
		const linkById = new Map(lockedLinks.map((link) => [link.id, link]))
		const now = nowOf(deps)
		const skipped: Array<{ orderId: string; why: string }> = []
		const toSend: Array<{
			kind: ReminderKind
			linkId: string
			entry: Parameters<typeof recordNotes>[2][number]
		}> = []
		for (const job of jobs) {
			const kind = job.kind ?? 'before'
			const order = orderById.get(job.orderId)
			const link = linkById.get(job.linkId)
			const why = order ? reminderSkip(order, link, kind, now) : 'the order no longer exists'
			if (why || !order || !link) {
				skipped.push({ orderId: job.orderId, why: why ?? 'nothing to do' })
				continue
			}
			toSend.push({
				kind,
				linkId: link.id,
				entry: { order, ...reminder(deps.siteUrl, order, link, kind) },
			})
		}
		for (const kind of ['before', 'last-morning'] as const) {
			const ids = toSend.filter((item) => item.kind === kind).map((item) => item.linkId)
			if (ids.length) await markRemindersSent(tx, ids, kind)
		}
		await recordNotes(
			tx,
			{ kind: 'system' },
			toSend.map((item) => item.entry),
		)
		await finish?.(tx)
		return { sent: toSend.length, skipped }
	})
}
