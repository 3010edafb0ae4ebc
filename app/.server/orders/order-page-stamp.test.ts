import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import {
	orderLinks,
	orderRequests,
	paymentLinks,
	refunds,
	requestPhotos,
} from '~/.server/db/schema'
import { hashOrderLinkToken, newOrderLinkToken } from '~/.server/email/order-link'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/db'
import { insertOrder } from '../../../tests/support/factories'
import { orderPageStamp } from './order-page-stamp'

let database: TestDatabase
beforeAll(async () => {
	database = await createTestDatabase()
})
afterAll(async () => {
	await database?.cleanup()
})

it('moves with every kind of row the order page shows, and is nothing for a wrong or expired key', async () => {
	const { db } = database
	const order = await insertOrder(db, { status: 'paid' })
	const other = await insertOrder(db, { status: 'paid' })
	const key = newOrderLinkToken()
	const expiresAt = new Date(Date.now() + 86_400_000)
	await db
		.insert(orderLinks)
		.values({ tokenHash: hashOrderLinkToken(key), orderId: order.id, expiresAt, kind: 'test' })
	const stamp = async () => (await orderPageStamp(db, order.id, key))?.stamp
	const seen = new Set([await stamp()])
	const changed = async (what: string) => {
		const now = await stamp()
		expect(now, what).toBeTruthy()
		expect(seen.has(now), what).toBe(false)
		seen.add(now)
	}
	await db.insert(paymentLinks).values({
		id: newOrderLinkToken(),
		orderId: order.id,
		amountPence: 100,
		provider: 'test',
	})
	await changed('a payment link')
	const [request] = await db
		.insert(orderRequests)
		.values({ orderId: order.id, kind: 'problem' })
		.returning()
	await changed('a request')
	await db
		.update(orderRequests)
		.set({ status: 'resolved' })
		.where(eq(orderRequests.id, request!.id))
	await changed('a request resolved')
	await db.insert(requestPhotos).values({
		requestId: request!.id,
		position: 0,
		contentType: 'image/jpeg',
		width: 1,
		height: 1,
		bytes: Buffer.from([1]),
	})
	await changed('a photo')
	await db.insert(refunds).values({
		orderId: order.id,
		amountPence: 100,
		reason: 'test',
		idempotencyKey: 'k',
		providerRefundId: 'r',
		actor: 'test',
	})
	await changed('a refund')
	// Another order's rows are not this page's.
	await db.insert(orderRequests).values({ orderId: other.id, kind: 'problem' })
	expect(seen.has(await stamp())).toBe(true)
	expect(await orderPageStamp(db, other.id, key)).toBeUndefined()
	expect(await orderPageStamp(db, order.id, newOrderLinkToken())).toBeUndefined()
	expect(await orderPageStamp(db, order.id, 'short')).toBeUndefined()
	expect(await orderPageStamp(db, order.id, key, new Date(expiresAt.getTime() + 1))).toBeUndefined()
})
