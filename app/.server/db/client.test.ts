import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database, openDatabase } from './client'
import { rows } from './rows'
import { jobs } from './schema'

// The embedded database is given drizzle's parsers once, not with every query (embedded.ts):
// rows must come back exactly as drizzle expects them, in and out of a transaction. And it lets
// the event loop through before each statement, as a networked database does, and counts the
// statements that may change the data. All of it in this thread and on its own (decision 0027).
describe.each([
	{ where: 'in this thread', thread: false },
	{ where: 'on its own thread', thread: true },
])('the embedded database through drizzle, $where', ({ thread }) => {
	let database: Database
	beforeAll(async () => {
		database = await openDatabase({ thread })
	})
	afterAll(() => database.close())

	const typed = sql`select '2026-11-26'::date as d, interval '90 minutes' as i,
		array['2026-01-01 10:00:00+00'::timestamptz] as ts, array[1.50]::numeric[] as n,
		array['a', 'b'] as t, '{"a":1}'::jsonb as j, 42 as x, true as b`
	const expected = {
		d: '2026-11-26',
		i: '01:30:00',
		ts: '{"2026-01-01 10:00:00+00"}',
		n: '{1.50}',
		t: ['a', 'b'],
		j: { a: 1 },
		x: 42,
		b: true,
	}

	it('reads dates, intervals, arrays and JSON as before, in and out of a transaction', async () => {
		expect(await rows(database.db, typed)).toEqual([expected])
		expect(await database.db.transaction((tx) => rows(tx, typed))).toEqual([expected])
	})

	it('gives timestamp columns back as the same instants', async () => {
		// The night the clocks go forward, to the millisecond.
		const runAt = new Date('2026-03-29T00:59:59.123Z')
		await database.db.insert(jobs).values({ key: 'parsers-test', name: 'test', runAt })
		const [row] = await database.db.select().from(jobs).where(sql`${jobs.key} = 'parsers-test'`)
		expect(row?.runAt).toEqual(runAt)
		expect(row?.createdAt).toBeInstanceOf(Date)
		const [again] = await database.db.transaction((tx) =>
			tx.select({ runAt: jobs.runAt }).from(jobs).where(sql`${jobs.key} = 'parsers-test'`),
		)
		expect(again?.runAt).toEqual(runAt)
	})

	it('lets waiting work run between the statements of a transaction', async () => {
		// A page request waiting on the event loop, as a chain of immediates: with PGlite's queries
		// resolving without returning to the loop, it would run only once the transaction ended.
		let ticks = 0
		let waiting = true
		const tick = () => {
			ticks++
			if (waiting) setImmediate(tick)
		}
		setImmediate(tick)
		const during = await database.db.transaction(async (tx) => {
			for (let i = 0; i < 5; i++) await tx.execute(sql`select ${i}::int`)
			return ticks
		})
		waiting = false
		expect(during).toBeGreaterThanOrEqual(5)
	})

	it('counts what may change the data: writes and transactions, not reads', async () => {
		const changes = database.changes!
		const before = changes.value
		await database.db.select().from(jobs)
		await rows(database.db, sql`select order_page_stamp('x', 'y', now())`)
		expect(changes.value, 'reads').toBe(before)
		await database.db.insert(jobs).values({ key: 'count-test', name: 'test', runAt: new Date() })
		expect(changes.value, 'an insert').toBe(before + 1)
		await database.db.update(jobs).set({ name: 'other' }).where(sql`${jobs.key} = 'count-test'`)
		await database.db.execute(sql`with gone as (delete from jobs returning 1) select 1`)
		expect(changes.value, 'an update and a writing CTE').toBe(before + 3)
		await database.db.update(jobs).set({ name: 'none' }).where(sql`${jobs.key} = 'no-such-job'`)
		expect(changes.value, 'an update of no row').toBe(before + 3)
		// A transaction that wrote counts once, when it has ended; one that only read does not.
		await database.db.transaction(async (tx) => {
			await tx.insert(jobs).values({ key: 'count-tx', name: 'test', runAt: new Date() })
			await tx.delete(jobs).where(sql`${jobs.key} = 'count-tx'`)
			expect(changes.value, 'inside').toBe(before + 3)
		})
		expect(changes.value, 'committed').toBe(before + 4)
		await database.db
			.transaction(async (tx) => {
				await tx.select().from(jobs)
				throw new Error('rolled back')
			})
			.catch(() => {})
		expect(changes.value, 'read and rolled back').toBe(before + 4)
	})

	it('has only stable or immutable functions of its own, so a select never changes rows', async () => {
		const volatile = await rows<{ name: string }>(
			database.db,
			sql`select p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
				where n.nspname = 'public' and p.provolatile = 'v'`,
		)
		expect(volatile).toEqual([])
	})
})
