// bench:jobs' data: 10,000 open quotes (a live link each, price held for two more days) and their
// follow-up, scheduled one transaction each as quoting does, all falling due at one moment.
import { openDatabase } from '~/.server/db/client'
import { orders, paymentLinks } from '~/.server/db/schema'
import { scheduleQuoteFollowUp } from '~/.server/orders/quotes/quote-follow-up'
import { sampleDelivery } from '../tests/support/factories'
import { BENCH_LINE } from './sample-order'

/** Open quotes (a live link each, price held for two more days) and their follow-up. */
export async function seed(
	where: { dataDir: string } | { url: string },
	{ quotes, origin, dueInMs }: { quotes: number; origin: string; dueInMs: number },
) {
	const database = await openDatabase(where)
	const now = Date.now()
	const ids: Array<{ orderId: string; linkId: string }> = []
	for (let start = 0; start < quotes; start += 500) {
		const batch = Array.from({ length: Math.min(500, quotes - start) }, (_, k) => {
			const i = start + k
			const orderId = `KP-${i.toString(36).toUpperCase().padStart(6, '0')}`
			const linkId = `bench${i.toString(36).padStart(8, '0')}${'x'.repeat(24)}`
			ids.push({ orderId, linkId })
			return { orderId, linkId }
		})
		await database.db.insert(orders).values(
			batch.map(({ orderId, linkId }, k) => ({
				id: orderId,
				status: 'payment_pending' as const,
				deliveryInfo: sampleDelivery({
					lastName: `Bench${start + k}`,
					email: `customer${start + k}@example.co.uk`,
				}),
				cartItems: [BENCH_LINE],
				subtotalPence: 12_899,
				deliveryCostPence: 1_500,
				totalCostPence: 14_399,
				paymentLink: `${origin}/pay/${linkId}`,
				paymentLinkId: linkId,
				paymentLinkActive: true,
				quoteExpiresAt: new Date(now + 2 * 86_400_000),
			})),
		)
		await database.db.insert(paymentLinks).values(
			batch.map(({ orderId, linkId }) => ({
				id: linkId,
				orderId,
				amountPence: 14_399,
				provider: 'test',
			})),
		)
	}
	// The follow-up of each quote, one transaction each, as setDeliveryCost schedules it: every
	// 'before' reminder falls due at the same moment.
	const runAt = new Date(Date.now() + dueInMs)
	const terms = {
		issuedAt: new Date(now),
		expiresAt: new Date(runAt.getTime() + 48 * 3_600_000),
		reminderHours: 48,
		lastMorningReminder: false,
	}
	const started = performance.now()
	for (const quote of ids)
		await database.db.transaction((tx) => scheduleQuoteFollowUp(tx, terms, quote))
	const enqueueMs = performance.now() - started
	await database.close()
	return { enqueueMs, dueAt: runAt.getTime() }
}
