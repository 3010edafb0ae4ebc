import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '~/.server/db/client'
import { deliverySettings } from '~/.server/db/schema'
import { DEFAULT_DELIVERY_SETTINGS } from '~/lib/delivery/zones'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/db'
import {
	currentDeliverySettings,
	getDeliverySettings,
	SETTINGS_CHECK_MS,
	saveDeliverySettings,
} from './settings'

let database: TestDatabase
beforeAll(async () => {
	database = await createTestDatabase()
})
afterAll(async () => {
	await database?.cleanup()
})

const withDays = (quoteValidDays: number) => ({ ...DEFAULT_DELIVERY_SETTINGS, quoteValidDays })

describe('currentDeliverySettings (the cached rate table)', () => {
	it('answers with the defaults, then with what this instance saves at once', async () => {
		// A database of its own: the defaults hold only where nothing was ever saved.
		const fresh = await createTestDatabase()
		try {
			const t0 = Date.now()
			expect(await currentDeliverySettings(fresh.db, t0)).toEqual(DEFAULT_DELIVERY_SETTINGS)
			await saveDeliverySettings(fresh.db, 'admin-1', withDays(21))
			expect((await currentDeliverySettings(fresh.db, t0 + 1)).quoteValidDays).toBe(21)
		} finally {
			await fresh.cleanup()
		}
	})

	it("sees another instance's save (a row written past this one's cache) within the check interval", async () => {
		await saveDeliverySettings(database.db, 'admin-1', withDays(21))
		const t0 = Date.now()
		expect((await currentDeliverySettings(database.db, t0)).quoteValidDays).toBe(21)
		// Another instance saves: the row appears without this instance's saveDeliverySettings.
		await database.db
			.insert(deliverySettings)
			.values({ settings: withDays(9), changedBy: 'admin-2' })
		expect((await currentDeliverySettings(database.db, t0 + 1)).quoteValidDays).toBe(21)
		expect(
			(await currentDeliverySettings(database.db, t0 + SETTINGS_CHECK_MS)).quoteValidDays,
		).toBe(9)
		expect(await getDeliverySettings(database.db)).toEqual(withDays(9))
	})

	it('lets concurrent callers share one read', async () => {
		const t0 = Date.now() + 10 * SETTINGS_CHECK_MS
		const [a, b] = await Promise.all([
			currentDeliverySettings(database.db, t0),
			currentDeliverySettings(database.db, t0),
		])
		expect(a).toBe(b)
	})

	it('never caches a read that a save overtook', async () => {
		// A database whose reads answer when the test says so (PostgreSQL's pool can finish a read
		// started before a save after that save).
		const answers: Array<(rows: unknown[]) => void> = []
		const db = {
			select: () => ({
				from: () => ({
					orderBy: () => ({ limit: () => new Promise((resolve) => answers.push(resolve)) }),
				}),
			}),
			insert: () => ({ values: async () => {} }),
		} as unknown as Db
		const t0 = Date.now()
		const overtaken = currentDeliverySettings(db, t0)
		await saveDeliverySettings(db, 'admin-1', withDays(30))
		answers[0]!([{ settings: withDays(9) }])
		expect((await overtaken).quoteValidDays).toBe(9)
		const next = currentDeliverySettings(db, t0 + 1)
		expect(answers).toHaveLength(2)
		answers[1]!([{ settings: withDays(30) }])
		expect((await next).quoteValidDays).toBe(30)
	})
})
