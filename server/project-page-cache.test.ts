import type { Request } from 'express'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { changeCount } from '~/.server/db/embedded'
import { businessSettings } from '~/.server/db/schema'
import { newOrderLinkToken } from '~/.server/email/order-link'
import { DEMO_BUSINESS_DETAILS } from '~/lib/business'
import { createTestDatabase, type TestDatabase } from '../tests/support/db'
import { databaseSnapshot, projectPageCache } from './project-page-cache'

// The project page's replay key: the link's hash and a version of the whole database, the
// embedded database's count of changes or, without one, PostgreSQL's snapshot. On the embedded
// database nothing else writes, so a snapshot that stands still can be checked too; on a
// PostgreSQL server other tests write to their own databases at the same time, and only that a
// write moves it can be.
let database: TestDatabase
const shared = Boolean(process.env.DATABASE_URL)
beforeAll(async () => {
	database = await createTestDatabase()
})
afterAll(() => database?.cleanup())

const write = () =>
	database.db.insert(businessSettings).values({ details: DEMO_BUSINESS_DETAILS, changedBy: 'test' })
const request = (query: Record<string, string>) =>
	({ path: '/account/projects/PB-K7M2Q9', query }) as unknown as Request

it('moves the snapshot with every committed write, and only then', async () => {
	const before = await databaseSnapshot(database.db)
	expect(before).toMatch(/^\d+:\d+:/)
	if (!shared) expect(await databaseSnapshot(database.db)).toBe(before)
	await write()
	expect(await databaseSnapshot(database.db)).not.toBe(before)
	// A transaction that ends without writing leaves it alone; one that wrote and rolled back moves it.
	const quiet = await databaseSnapshot(database.db)
	await database.db.transaction(async (tx) => {
		await tx.select().from(businessSettings).limit(1)
	})
	if (!shared) expect(await databaseSnapshot(database.db)).toBe(quiet)
	await database.db
		.transaction(async (tx) => {
			await tx.insert(businessSettings).values({ details: DEMO_BUSINESS_DETAILS, changedBy: 'x' })
			throw new Error('rolled back')
		})
		.catch(() => undefined)
	expect(await databaseSnapshot(database.db)).not.toBe(quiet)
})

it('keys a link by the snapshot without a count, and by the count with one', async () => {
	const key = newOrderLinkToken()
	const bySnapshot = projectPageCache(database.db, 60_000)!
	const first = await bySnapshot.keyFor(request({ key }))
	expect(first?.key).toMatch(/^PB-K7M2Q9:[\w-]+:\d+:\d+:/)
	expect(first?.untilFromPage).toBe(true)
	if (!shared) expect((await bySnapshot.keyFor(request({ key })))?.key).toBe(first?.key)
	await write()
	expect((await bySnapshot.keyFor(request({ key })))?.key).not.toBe(first?.key)
	// The count, when there is one, is the version, and the database is not asked.
	const changes = changeCount()
	const byCount = projectPageCache(database.db, 60_000, changes)!
	const counted = await byCount.keyFor(request({ key }))
	await write()
	expect((await byCount.keyFor(request({ key })))?.key).toBe(counted?.key)
	changes.note()
	expect((await byCount.keyFor(request({ key })))?.key).not.toBe(counted?.key)
	// Not a link's plain visit: nothing to replay.
	const visits: Array<Record<string, string>> = [{}, { key: 'short' }, { key, done: 'book' }]
	for (const query of visits) expect(await bySnapshot.keyFor(request(query))).toBeUndefined()
	expect(projectPageCache(database.db, 0)).toBeUndefined()
})
