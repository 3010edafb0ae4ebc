import { eq } from 'drizzle-orm'
import type { Request } from 'express'
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest'
import { changeCount } from '~/.server/db/embedded'
import { orderLinks, orders } from '~/.server/db/schema'
import { hashOrderLinkToken, newOrderLinkToken } from '~/.server/email/order-link'
import { createTestDatabase, type TestDatabase } from '../tests/support/db'
import { insertOrder } from '../tests/support/factories'
import { orderPageCache } from './order-page-cache'

// With a count of changes (the embedded database), a link's stamp is remembered while the count
// stands still and the clock has not reached its freshUntil. The count here is the test's own, so
// a write it does not count shows whether the database was asked again.
let database: TestDatabase
beforeAll(async () => {
	database = await createTestDatabase()
})
afterAll(() => database?.cleanup())
afterEach(() => {
	vi.useRealTimers()
})

async function linkedOrder(expiresAt: Date) {
	const order = await insertOrder(database.db, { status: 'paid' })
	const key = newOrderLinkToken()
	await database.db
		.insert(orderLinks)
		.values({ tokenHash: hashOrderLinkToken(key), orderId: order.id, expiresAt, kind: 'test' })
	const req = { path: `/account/orders/${order.id}`, query: { key } } as unknown as Request
	return { order, req }
}

it('asks the database again only once the count of changes has moved', async () => {
	const changes = changeCount()
	const cache = orderPageCache(database.db, 60_000, changes)!
	const { order, req } = await linkedOrder(new Date(Date.now() + 86_400_000))
	const first = await cache.keyFor(req)
	expect(first?.key).toContain(order.id)
	await database.db.update(orders).set({ status: 'shipped' }).where(eq(orders.id, order.id))
	// Not counted: the remembered stamp stands (a real count would have moved).
	expect((await cache.keyFor(req))?.key).toBe(first?.key)
	changes.note()
	const after = await cache.keyFor(req)
	expect(after?.key).not.toBe(first?.key)
	// Without a count (PostgreSQL, other instances writing), every request asks.
	const asking = orderPageCache(database.db, 60_000)!
	const before = await asking.keyFor(req)
	await database.db.update(orders).set({ status: 'delivered' }).where(eq(orders.id, order.id))
	expect((await asking.keyFor(req))?.key).not.toBe(before?.key)
})

it('forgets a stamp when the clock reaches its freshUntil: a link that has expired opens nothing', async () => {
	const changes = changeCount()
	const cache = orderPageCache(database.db, 60_000, changes)!
	const expiresAt = new Date(Date.now() + 30 * 60_000)
	const { req } = await linkedOrder(expiresAt)
	const found = await cache.keyFor(req)
	expect(found?.freshUntil).toBeLessThanOrEqual(expiresAt.getTime())
	vi.useFakeTimers({ toFake: ['Date'], now: expiresAt.getTime() + 1 })
	expect(await cache.keyFor(req)).toBeUndefined()
})
