import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { orderEvents, orders } from '~/.server/db/schema'
import { orderDeps } from '~/.server/orders/lifecycle/deps'
import { applyPayment } from '~/.server/orders/payments/apply-payment'
import { newTestPaymentId } from '~/.server/payments/test-provider'
import type { TestApp } from './app'
import { insertOrder, sampleLine } from './factories'

/** Two lines: one filter at £249.99 and two pumps at £89.99; delivery £45. */
export const AFTER_SALE_LINES = [
	sampleLine(),
	sampleLine({
		id: '1',
		name: 'Blagdon Pond Pump',
		code: 'PU-TEST-2',
		unitPricePence: 8_999,
		quantity: 2,
	}),
]

/**
 * An order paid through the test provider, then dispatched and delivered `deliveredDaysAgo` days
 * ago (the events are dated back, as if the days had passed).
 */
export async function deliveredOrder(
	app: TestApp,
	{
		userId,
		email,
		deliveredDaysAgo = 1,
		status = 'delivered',
	}: {
		userId: string
		email: string
		deliveredDaysAgo?: number
		status?: 'delivered' | 'shipped' | 'paid'
	},
) {
	const db = app.database.db
	const order = await insertOrder(db, {
		status: 'payment_pending',
		userId,
		deliveryInfo: { email },
		lines: AFTER_SALE_LINES,
		siteUrl: app.url,
	})
	const paid = await applyPayment(orderDeps(app.runtime), {
		linkId: order.paymentLinkId!,
		amountPence: order.totalCostPence!,
		provider: 'test',
		providerPaymentId: newTestPaymentId(),
	})
	if (!paid.ok) throw new Error('payment not applied')
	if (status === 'paid') return order
	const delivered = new Date(Date.now() - deliveredDaysAgo * 86_400_000)
	await db.update(orders).set({ status }).where(eq(orders.id, order.id))
	await db.insert(orderEvents).values([
		{
			orderId: order.id,
			actor: 'test',
			fromStatus: 'paid',
			toStatus: 'shipped',
			at: new Date(delivered.getTime() - 86_400_000),
		},
		...(status === 'delivered'
			? [
					{
						orderId: order.id,
						actor: 'test',
						fromStatus: 'shipped',
						toStatus: 'delivered',
						at: delivered,
					},
				]
			: []),
	])
	return order
}

/** A JPEG carrying a copyright line and a GPS position, as a phone camera's would. */
export function photoWithLocation() {
	return sharp({ create: { width: 640, height: 480, channels: 3, background: '#2f7a5a' } })
		.jpeg()
		.withExif({
			IFD0: { Copyright: 'Garden of a customer' },
			IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '57/1 28/1 0/1' },
		})
		.toBuffer()
}
