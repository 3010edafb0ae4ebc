import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { emailOutbox, orderEvents, orders } from '~/.server/db/schema'
import type { EmailMessage } from '~/.server/email/outbox'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/db'
import { insertOrderOnce, type NewOrder } from './insert-order'

let database: TestDatabase
beforeAll(async () => {
	database = await createTestDatabase()
})
afterAll(async () => {
	await database?.cleanup()
})

const order = (id: string, idempotencyKey: string | null): NewOrder => ({
	id,
	userId: 'user-1',
	deliveryInfo: {
		firstName: 'Morag',
		lastName: 'Mackenzie',
		address1: '12 Loch Road',
		city: 'Inverness',
		postcode: 'IV2 3XY',
		phone: '01463 123456',
		email: 'morag@example.co.uk',
	} as NewOrder['deliveryInfo'],
	cartItems: [],
	subtotalPence: 1234,
	idempotencyKey,
	siteAccess: null,
})
const emails = (id: string): EmailMessage[] => [
	{ to: 'a@example.co.uk', subject: `Yours ${id}`, text: 't', html: '<p>h</p>', kind: 'one' },
	{
		to: 'b@example.co.uk',
		subject: `Ours ${id}`,
		text: "it's",
		html: '<p>"x"</p>',
		kind: 'two',
		headers: { 'Reply-To': 'c@example.co.uk' },
	},
]
const written = async (id: string) => ({
	orders: await database.db.select().from(orders).where(eq(orders.id, id)),
	events: await database.db.select().from(orderEvents).where(eq(orderEvents.orderId, id)),
	emails: await database.db
		.select()
		.from(emailOutbox)
		.where(sql`${emailOutbox.subject} like ${`%${id}`}`),
})

describe('insertOrderOnce', () => {
	it('writes the order, its first event and every email, with the values given', async () => {
		expect(
			await insertOrderOnce(database.db, order('KP-AAAAAA', 'key-1'), emails('KP-AAAAAA')),
		).toBe(true)
		const rows = await written('KP-AAAAAA')
		expect(rows.orders).toMatchObject([
			{ status: 'pending', userId: 'user-1', subtotalPence: 1234, siteAccess: null, version: 1 },
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

	it('writes nothing for a second order with the same key, and answers false', async () => {
		expect(
			await insertOrderOnce(database.db, order('KP-BBBBBB', 'key-1'), emails('KP-BBBBBB')),
		).toBe(false)
		expect(await written('KP-BBBBBB')).toEqual({ orders: [], events: [], emails: [] })
		expect((await written('KP-AAAAAA')).emails).toHaveLength(2)
	})

	it('never treats orders without a key as duplicates', async () => {
		expect(await insertOrderOnce(database.db, order('KP-CCCCCC', null), emails('KP-CCCCCC'))).toBe(
			true,
		)
		expect(await insertOrderOnce(database.db, order('KP-DDDDDD', null), emails('KP-DDDDDD'))).toBe(
			true,
		)
	})

	it('fails on a taken order id with orders_pkey, writing none of the emails', async () => {
		const error = await insertOrderOnce(
			database.db,
			order('KP-AAAAAA', 'key-2'),
			emails('KP-AAAAAA-again'),
		).catch((e: unknown) => e)
		const constraint =
			(error as { constraint?: string }).constraint ??
			(error as { cause?: { constraint?: string } }).cause?.constraint
		expect(constraint).toBe('orders_pkey')
		expect((await written('KP-AAAAAA-again')).emails).toEqual([])
	})
})
