import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database, openDatabase } from './client'
import { isNamed, namedQuery } from './pglite-statements.mjs'
import { rows } from './rows'

// Named statements (pglite-statements.mjs): the same answers as PGlite's query(), each text
// parsed once, and a statement lost or outdated named afresh. On this thread and the worker's.
describe.each([
	['in this process', false],
	['on its own thread', true],
])('named statements %s', (_, thread) => {
	let database: Database
	const named = async () =>
		(
			await rows<{ statement: string }>(
				database.db,
				sql`select statement from pg_prepared_statements where name like 'app\\_%'`,
			)
		).map((r) => r.statement)
	beforeAll(async () => {
		database = await openDatabase({ thread })
		await database.db.execute(sql`create table pets (id serial primary key, name text, age int)`)
	})
	afterAll(() => database.close())

	it('names each read and row change once, and answers as query() does', async () => {
		const insert = (name: string, age: number) =>
			database.db.execute(sql`insert into pets (name, age) values (${name}, ${age}) returning id`)
		const first = (await insert('Goldie', 3)) as unknown as {
			rows: unknown[]
			affectedRows: number
		}
		await insert('Koi', 7)
		expect(first.rows).toEqual([{ id: 1 }])
		expect(first.affectedRows).toBe(1)
		const older = sql`select name, age, now() > ${new Date(0)} as later from pets where age > ${4}`
		expect(await rows(database.db, older)).toEqual([{ name: 'Koi', age: 7, later: true }])
		const texts = await named()
		expect(texts.filter((t) => t.startsWith('insert into pets'))).toHaveLength(1)
		expect(texts.some((t) => t.startsWith('select name, age'))).toBe(true)
		// Not named: DDL, transaction control, a file to copy.
		expect(texts.some((t) => /^create|^begin/i.test(t))).toBe(false)
		expect(isNamed('begin', undefined)).toBe(false)
		expect(isNamed('select 1', { blob: new Blob([]) })).toBe(false)
	})

	it('keeps errors as they were, inside and outside a transaction', async () => {
		const failed = await database.db
			.execute(sql`insert into pets (id, name) values (${1}, ${'Twice'})`)
			.catch((error: unknown) => error)
		// Drizzle wraps the database's error: its code is on the cause.
		expect((failed as { cause?: { code?: string } }).cause?.code).toBe('23505')
		const rolledBack = database.db.transaction(async (tx) => {
			await tx.execute(sql`insert into pets (name, age) values (${'Rolled'}, ${1})`)
			await tx.execute(sql`select ${'x'}::int`)
		})
		await expect(rolledBack).rejects.toThrow()
		expect(await rows(database.db, sql`select * from pets where name = ${'Rolled'}`)).toEqual([])
	})

	it('names a statement afresh when it was discarded or its columns changed type', async () => {
		const all = sql`select * from pets where id = ${2}`
		expect(await rows(database.db, all)).toEqual([{ id: 2, name: 'Koi', age: 7 }])
		await database.db.execute(sql`deallocate all`)
		expect(await rows(database.db, all)).toEqual([{ id: 2, name: 'Koi', age: 7 }])
		await database.db.execute(sql`alter table pets alter column age type text`)
		expect(await rows(database.db, all)).toEqual([{ id: 2, name: 'Koi', age: '7' }])
	})
})

describe('the number of named statements', () => {
	let pglite: PGlite
	beforeAll(async () => {
		pglite = new PGlite()
		await pglite.waitReady
	})
	afterAll(() => pglite.close())

	it('stays at 500, the least recently used closed first', async () => {
		for (let i = 0; i < 520; i++) await namedQuery(pglite, `select ${i} as n, $1::int as v`, [i])
		await namedQuery(pglite, 'select 19 as n, $1::int as v', [1])
		const names = await pglite.query<{ statement: string }>(
			'select statement from pg_prepared_statements',
		)
		const texts = names.rows.map((r) => r.statement)
		expect(texts).toHaveLength(500)
		expect(texts).toContain('select 519 as n, $1::int as v')
		expect(texts).toContain('select 19 as n, $1::int as v')
		expect(texts).not.toContain('select 20 as n, $1::int as v')
	})
})
