import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '~/.server/db/client'
import { emailOutbox, orderEvents, orders } from '~/.server/db/schema'
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/db'
import { insertOrderOnce, insertOrders, type OrderWrite } from './insert-order'
import { OrderWriter } from './order-writer'

let database: TestDatabase
beforeAll(async () => {
	database = await createTestDatabase()
})
afterAll(async () => {
	await database?.cleanup()
})

const write = (id: string, idempotencyKey: string | null, userId = 'user-1'): OrderWrite => ({
	order: {
		id,
		userId,
		deliveryInfo: {
			firstName: 'Morag',
			lastName: 'Mackenzie',
			address1: '12 Loch Road',
			city: 'Inverness',
			postcode: 'IV2 3XY',
			phone: '01463 123456',
			email: 'morag@example.co.uk',
		} as OrderWrite['order']['deliveryInfo'],
		cartItems: [],
		subtotalPence: 1234,
		idempotencyKey,
		siteAccess: null,
		deliveryEstimatePence: 4_100,
	},
	emails: [
		{ to: 'a@example.co.uk', subject: `Yours ${id}`, text: 't', html: '<p>h</p>', kind: 'one' },
		{
			to: 'b@example.co.uk',
			subject: `Ours ${id}`,
			text: "it's",
			html: '<p>"x"</p>',
			kind: 'two',
			headers: { 'Reply-To': 'c@example.co.uk' },
		},
	],
})
const written = async (id: string) => ({
	orders: await database.db.select().from(orders).where(eq(orders.id, id)),
	events: await database.db.select().from(orderEvents).where(eq(orderEvents.orderId, id)),
	emails: await database.db
		.select()
		.from(emailOutbox)
		.where(sql`${emailOutbox.subject} like ${`% ${id}`}`),
})
const constraintOf = (error: unknown) =>
	(error as { constraint?: string }).constraint ??
	(error as { cause?: { constraint?: string } }).cause?.constraint

describe('insertOrders', () => {
	it('writes the order, its first event and every email, with the values given', async () => {
		expect(await insertOrderOnce(database.db, write('KP-AAAAAA', 'key-1'))).toBe(true)
		const rows = await written('KP-AAAAAA')
		expect(rows.orders).toMatchObject([
			{
				status: 'pending',
				userId: 'user-1',
				subtotalPence: 1234,
				siteAccess: null,
				deliveryEstimatePence: 4_100,
				version: 1,
			},
		])
		expect(rows.orders[0]!.deliveryInfo.postcode).toBe('IV2 3XY')
		expect(rows.events).toMatchObject([
			{ actor: 'customer', fromStatus: null, toStatus: 'pending', note: 'Order request placed' },
		])
		expect(
			rows.emails.map((e) => [e.to, e.kind, e.text, e.html, e.headers, e.status]).sort(),
		).toEqual([
			['a@example.co.uk', 'one', 't', '<p>h</p>', {}, 'pending'],
			[
				'b@example.co.uk',
				'two',
				"it's",
				'<p>"x"</p>',
				{ 'Reply-To': 'c@example.co.uk' },
				'pending',
			],
		])
	})

	it('writes nothing for a second order with the same key, and leaves it out of the answer', async () => {
		expect(await insertOrderOnce(database.db, write('KP-VVVVVV', 'key-v'))).toBe(true)
		expect(await insertOrderOnce(database.db, write('KP-BBBBBB', 'key-v'))).toBe(false)
		expect(await written('KP-BBBBBB')).toEqual({ orders: [], events: [], emails: [] })
		expect((await written('KP-VVVVVV')).emails).toHaveLength(2)
	})

	it('never treats orders without a key as duplicates', async () => {
		expect(await insertOrderOnce(database.db, write('KP-CCCCCC', null))).toBe(true)
		expect(await insertOrderOnce(database.db, write('KP-DDDDDD', null))).toBe(true)
	})

	it('writes many orders at once, each with its own emails, and one of two with the same key', async () => {
		expect(await insertOrderOnce(database.db, write('KP-WWWWWW', 'key-w'))).toBe(true)
		const placed = await insertOrders(database.db, [
			write('KP-EEEEEE', 'key-e'),
			write('KP-FFFFFF', 'key-w'), // taken by KP-WWWWWW
			write('KP-GGGGGG', 'key-g'),
			write('KP-HHHHHH', 'key-g'), // the same key within the batch
			write('KP-JJJJJJ', 'key-g', 'user-2'), // the same key, another customer
		])
		expect([...placed].sort()).toEqual(['KP-EEEEEE', 'KP-GGGGGG', 'KP-JJJJJJ'])
		for (const id of placed) {
			const rows = await written(id)
			expect([rows.orders.length, rows.events.length, rows.emails.length], id).toEqual([1, 1, 2])
			expect(rows.emails.every((e) => e.subject.endsWith(id))).toBe(true)
		}
		for (const id of ['KP-FFFFFF', 'KP-HHHHHH'])
			expect(await written(id)).toEqual({ orders: [], events: [], emails: [] })
	})

	it('fails on a taken order id with orders_pkey, writing none of the batch', async () => {
		expect(await insertOrderOnce(database.db, write('KP-XXXXXX', 'key-x'))).toBe(true)
		const error = await insertOrders(database.db, [
			write('KP-KKKKKK', 'key-k'),
			write('KP-XXXXXX', 'key-x2'),
		]).catch((e: unknown) => e)
		expect(constraintOf(error)).toBe('orders_pkey')
		expect(await written('KP-KKKKKK')).toEqual({ orders: [], events: [], emails: [] })
	})
})

describe('OrderWriter (group commit)', () => {
	it('writes orders that arrive together in one statement, each with its own answer', async () => {
		expect(await insertOrderOnce(database.db, write('KP-YYYYYY', 'key-y'))).toBe(true)
		let statements = 0
		const counting = new Proxy(database.db, {
			get(target, key, receiver) {
				if (key === 'execute')
					return (...args: Parameters<Db['execute']>) => {
						statements++
						return target.execute(...args)
					}
				return Reflect.get(target, key, receiver)
			},
		})
		const writer = new OrderWriter(counting)
		const ids = ['KP-LLLLLL', 'KP-MMMMMM', 'KP-NNNNNN', 'KP-PPPPPP', 'KP-QQQQQQ']
		const answers = await Promise.all([
			...ids.map((id) => writer.write(write(id, `key-${id}`))),
			writer.write(write('KP-RRRRRR', 'key-y')), // a replay of KP-YYYYYY
		])
		expect(answers).toEqual([true, true, true, true, true, false])
		// The first goes alone (nothing was waiting), the other five wait and go together.
		expect(statements).toBe(2)
		for (const id of ids) expect((await written(id)).orders).toHaveLength(1)
	})

	it("keeps one order's failure its own: the rest of its batch is written", async () => {
		expect(await insertOrderOnce(database.db, write('KP-ZZZZZZ', 'key-z'))).toBe(true)
		const writer = new OrderWriter(database.db)
		const results = await Promise.allSettled([
			writer.write(write('KP-SSSSSS', 'key-s')),
			writer.write(write('KP-TTTTTT', 'key-t')),
			writer.write(write('KP-ZZZZZZ', 'key-3')), // a taken id
			writer.write(write('KP-UUUUUU', 'key-u')),
		])
		expect(results.map((r) => r.status)).toEqual([
			'fulfilled',
			'fulfilled',
			'rejected',
			'fulfilled',
		])
		expect(constraintOf((results[2] as PromiseRejectedResult).reason)).toBe('orders_pkey')
		for (const id of ['KP-SSSSSS', 'KP-TTTTTT', 'KP-UUUUUU'])
			expect((await written(id)).emails).toHaveLength(2)
	})
})
