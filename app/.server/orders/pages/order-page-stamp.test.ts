import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import {
	orderLinks,
	orderRequests,
	orders,
	paymentLinks,
	refunds,
	requestPhotos,
} from '~/.server/db/schema'
import { hashOrderLinkToken, newOrderLinkToken } from '~/.server/email/order-link'
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/db'
import { insertOrder } from '../../../../tests/support/factories'
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

it('says until when the clock alone leaves the page as it is: the held-until moment, the next UK midnight or when the link expires', async () => {
	const { db } = database
	const quoted = await insertOrder(db, { status: 'payment_pending' })
	const key = newOrderLinkToken()
	await db.insert(orderLinks).values({
		tokenHash: hashOrderLinkToken(key),
		orderId: quoted.id,
		expiresAt: new Date('2027-01-01T00:00:00Z'),
		kind: 'test',
	})
	// 26 Nov 2026 20:00 UTC is 20:00 in London (GMT): the next UK midnight is 27 Nov 00:00 UTC.
	const evening = new Date('2026-11-26T20:00:00Z')
	await db
		.update(orders)
		.set({ quoteExpiresAt: new Date('2026-11-26T21:30:00Z') })
		.where(eq(orders.id, quoted.id))
	expect((await orderPageStamp(db, quoted.id, key, evening))?.freshUntil).toBe(
		Date.parse('2026-11-26T21:30:00Z'),
	)
	await db
		.update(orders)
		.set({ quoteExpiresAt: new Date('2026-11-28T12:00:00Z') })
		.where(eq(orders.id, quoted.id))
	expect((await orderPageStamp(db, quoted.id, key, evening))?.freshUntil).toBe(
		Date.parse('2026-11-27T00:00:00Z'),
	)
	// In British Summer Time the UK midnight is 23:00 UTC.
	const summer = new Date('2026-07-01T12:00:00Z')
	expect((await orderPageStamp(db, quoted.id, key, summer))?.freshUntil).toBe(
		Date.parse('2026-07-01T23:00:00Z'),
	)
	// A link that ends sooner ends the replay with it (migration 0020).
	await db
		.update(orderLinks)
		.set({ expiresAt: new Date('2026-11-26T20:45:00Z') })
		.where(eq(orderLinks.tokenHash, hashOrderLinkToken(key)))
	expect((await orderPageStamp(db, quoted.id, key, evening))?.freshUntil).toBe(
		Date.parse('2026-11-26T20:45:00Z'),
	)
})
