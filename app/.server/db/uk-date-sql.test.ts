import { sql } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatDateTime } from '~/lib/dates'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/db'
import { rows } from './rows'
import { ukDateTimeSql } from './uk-date-sql'

let database: TestDatabase
beforeAll(async () => {
	database = await createTestDatabase()
})
afterAll(async () => {
	await database?.cleanup()
})

const inSql = async (at: Date) => {
	const [row] = await rows<{ text: string }>(
		database.db,
		sql`select ${ukDateTimeSql(sql`${at.toISOString()}::timestamptz`)} as text`,
	)
	return row!.text
}

describe('ukDateTimeSql', () => {
	it('writes what formatDateTime writes, around the clock changes and in every month', async () => {
		// Each side of the 2027 changes (28 Mar 01:00 UTC, 31 Oct 01:00 UTC), and September.
		for (const at of [
			'2027-03-28T00:59:00Z',
			'2027-03-28T01:00:00Z',
			'2027-10-31T00:59:00Z',
			'2027-10-31T01:00:00Z',
			'2027-09-05T23:30:00Z',
			'2026-12-31T23:59:00Z',
		])
			expect(await inSql(new Date(at))).toBe(formatDateTime(at))
		await fc.assert(
			fc.asyncProperty(
				fc.date({
					min: new Date('2000-01-01T00:00:00Z'),
					max: new Date('2099-12-31T00:00:00Z'),
					noInvalidDate: true,
				}),
				async (at) => {
					expect(await inSql(at)).toBe(formatDateTime(at))
				},
			),
			{ numRuns: 200 },
		)
	})
})
