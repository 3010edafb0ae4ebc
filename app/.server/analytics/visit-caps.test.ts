import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { addressCaps, pageViews, visitorCaps, visitSalts } from '~/.server/db/schema'
import { createLogger } from '~/.server/logger'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/db'
import { VisitRecorder } from './recorder'
import { deleteOldSalts } from './salt'
import { VISIT_CAPS } from './visit-caps'

let database: TestDatabase
beforeAll(async () => {
	database = await createTestDatabase()
})
afterAll(async () => {
	await database?.cleanup()
})
beforeEach(async () => {
	for (const table of [pageViews, visitorCaps, addressCaps]) await database.db.delete(table)
})

const browser = (i: number) =>
	`Mozilla/5.0 (X11; Linux x86_64; rv:${100 + i}.0) Gecko/20100101 Firefox/${100 + i}.0`

/** An instance's recorder; several on one database are several instances. */
const instance = (caps = VISIT_CAPS) =>
	new VisitRecorder({
		db: database.db,
		siteHost: 'shop.example',
		logger: createLogger('silent'),
		caps,
	})

function flood(recorder: VisitRecorder, ip: string, count: number, browsers: number) {
	for (let i = 0; i < count; i++)
		recorder.record({
			kind: 'view',
			at: Date.now(),
			ip,
			userAgent: browser(i % browsers),
			path: '/about',
			search: '',
			referrer: undefined,
		})
}

const stored = () => database.db.select().from(pageViews)

describe('caps on visit counting (issue 57 item 6)', () => {
	it('lets a 2,000-view flood from one address add no more than the address cap, across instances', async () => {
		const [one, two] = [instance(), instance()]
		// Thirty browsers, each a new visitor key: only the first twenty are followed.
		flood(one, '203.0.113.9', 1000, 30)
		flood(two, '203.0.113.9', 1000, 30)
		await Promise.all([one.flush(), two.flush()])
		const rows = await stored()
		expect(rows).toHaveLength(VISIT_CAPS.perAddress)
		expect(new Set(rows.map((r) => r.visitorKey)).size).toBe(VISIT_CAPS.keysPerAddress)
		// A new browser every time: one new key each, twenty keys at most.
		await database.db.delete(pageViews)
		flood(one, '198.51.100.0', 2000, 2000)
		await one.flush()
		expect(await stored()).toHaveLength(VISIT_CAPS.keysPerAddress)
		// A real visitor elsewhere is still counted.
		flood(two, '192.0.2.44', 3, 1)
		await two.flush()
		expect(await stored()).toHaveLength(VISIT_CAPS.keysPerAddress + 3)
		// An IPv6 client is one address per /64, whichever addresses in it it uses.
		await database.db.delete(pageViews)
		flood(one, '2001:db8:1:2::7', 400, 2)
		flood(two, '2001:db8:1:2::8', 400, 2)
		await Promise.all([one.flush(), two.flush()])
		expect(await stored()).toHaveLength(VISIT_CAPS.perAddress)
	})

	it('holds one visitor key to its daily share, and the shop to its visitors a day, on every instance', async () => {
		const caps = { ...VISIT_CAPS, visitorsPerDay: 5 }
		const [one, two] = [instance(caps), instance(caps)]
		flood(one, '192.0.2.1', 200, 1)
		flood(two, '192.0.2.1', 200, 1)
		for (let i = 0; i < 4; i++) flood(i % 2 ? one : two, `192.0.2.${10 + i}`, 1, 1)
		await Promise.all([one.flush(), two.flush()])
		const rows = await stored()
		expect(rows.filter((r) => r.visitorKey === rows[0]!.visitorKey).length).toBeLessThanOrEqual(
			VISIT_CAPS.perVisitor,
		)
		expect(new Set(rows.map((r) => r.visitorKey)).size).toBe(5)
		expect(rows.length).toBe(VISIT_CAPS.perVisitor + 4)
	})

	it('forgets a finished day’s counts with its salt', async () => {
		await database.db.insert(visitSalts).values({ day: '2020-01-01', salt: 'old' })
		await database.db.insert(visitorCaps).values({ day: '2020-01-01', visitorKey: 'k', views: 1 })
		await database.db
			.insert(addressCaps)
			.values({ day: '2020-01-01', address: 'a', views: 1, keys: 1 })
		await deleteOldSalts(database.db, '2020-01-02')
		expect(await database.db.select().from(visitorCaps)).toEqual([])
		expect(await database.db.select().from(addressCaps)).toEqual([])
	})
})
