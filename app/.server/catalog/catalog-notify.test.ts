import fs from 'node:fs'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createLogger } from '~/.server/logger'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/db'
import { Catalog } from './catalog'
import { listenForCatalogChanges } from './catalog-notify'
import { productFingerprint } from './edit'
import { importCatalog } from './import'
import { changeProduct } from './product-admin'

const demo = fs.readFileSync('catalog/products.csv', 'utf8')
let database: TestDatabase

// LISTEN/NOTIFY between instances: PostgreSQL only (the embedded database has one instance).
describe.skipIf(!process.env.DATABASE_URL)('catalogue change notifications', () => {
	beforeAll(async () => {
		database = await createTestDatabase()
		await importCatalog(database.db, demo)
	})
	afterAll(async () => {
		await database?.cleanup()
	})

	it("shows another instance's save at once, not at the next version check", async () => {
		const other = new Catalog(database.db)
		let heard = 0
		const listener = listenForCatalogChanges(
			database.url!,
			() => {
				heard++
				void other.recheck()
			},
			createLogger('silent'),
		)
		await listener.ready
		// Just loaded: without a wake-up, this read model would not ask again for a second.
		const product = (await other.everything())[5]!
		const saved = await changeProduct(database.db, 'owner@example.co.uk', {
			intent: 'hide',
			id: product.id,
			fingerprint: productFingerprint(product),
		})
		expect(saved.ok).toBe(true)
		await vi.waitFor(async () => expect((await other.everything())[5]!.hidden).toBe(true), {
			timeout: 600,
			interval: 20,
		})
		expect(heard).toBe(1)

		// Closed: the next publish wakes nothing.
		await listener.close()
		await importCatalog(database.db, demo)
		await new Promise((resolve) => setTimeout(resolve, 300))
		expect(heard).toBe(1)
	})
})
