import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertOrder } from '../../../tests/support/factories'
import { type Database, openDatabase } from './client'
import { vacuumEmbedded } from './maintenance'
import { rows } from './rows'

let database: Database
beforeAll(async () => {
	database = await openDatabase({})
})
afterAll(async () => {
	await database?.close()
})

const tableStats = () =>
	rows<{ reltuples: number; dead: number }>(
		database.db,
		sql`select c.reltuples::int as reltuples, s.n_dead_tup::int as dead
			from pg_class c join pg_stat_user_tables s on s.relid = c.oid where c.relname = 'orders'`,
	).then(([row]) => row!)

describe('the embedded database’s nightly tidy', () => {
	it('reclaims deleted rows and tells the planner how large each table is', async () => {
		for (let i = 0; i < 30; i++) await insertOrder(database.db)
		await database.db.execute(sql`delete from orders where id in (select id from orders limit 10)`)
		// A statement's table statistics reach the shared counters at most once a second unless
		// forced. The vacuum writes its own at once, so the delete's, flushed after it, came back
		// as 10 dead rows now and then: flushed first, as the day's deletes are before 03:15.
		await database.db.execute(sql`select pg_stat_force_next_flush()`)
		// Never analysed: the planner does not know the table's size; the deleted rows are dead.
		expect(await tableStats()).toEqual({ reltuples: -1, dead: 10 })
		await vacuumEmbedded(database.db)
		const after = await tableStats()
		expect(after.reltuples).toBe(20)
		expect(after.dead).toBe(0)
	})
})
