import fs from 'node:fs'
import { desc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rows } from '~/.server/db/rows'
import { catalogVersions, products } from '~/.server/db/schema'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/db'
import { Catalog } from './catalog'
import { versionFile } from './catalog-file'
import { productFingerprint } from './edit'
import { importCatalog } from './import'
import { changeProduct } from './product-admin'

const demo = fs.readFileSync('catalog/products.csv', 'utf8')
let database: TestDatabase

beforeAll(async () => {
	database = await createTestDatabase()
	await importCatalog(database.db, demo)
})
afterAll(async () => {
	await database?.cleanup()
})

/** Each row's writing transaction: an untouched row keeps its own. */
const written = async () =>
	new Map(
		(
			await rows<{ id: string; xmin: string }>(
				database.db,
				sql`select id, xmin::text as xmin from products`,
			)
		).map((r) => [r.id, r.xmin]),
	)

const latestCsv = async () => {
	const [latest] = await database.db
		.select({ id: catalogVersions.id })
		.from(catalogVersions)
		.orderBy(desc(catalogVersions.id))
		.limit(1)
	return latest ? ((await versionFile(database.db, latest.id)) ?? '') : ''
}

describe("an editor's save", () => {
	it('writes only the row it changes, and keeps the whole file as the version', async () => {
		const catalog = new Catalog(database.db)
		const product = (await catalog.everything())[40]!
		const before41 = (await catalog.everything())[41]
		const before = await written()
		const result = await changeProduct(
			database.db,
			'owner@example.co.uk',
			{ intent: 'hide', id: product.id, fingerprint: productFingerprint(product) },
			catalog,
		)
		expect(result.ok).toBe(true)
		// Live here at once, from what was written: no reload read back (the version check is fresh).
		const live = await catalog.snapshot()
		expect(result.ok && live.version).toBe(result.ok && result.version)
		expect(live.everything[40]?.hidden).toBe(true)
		expect(live.everything[41]).toBe(before41)
		const after = await written()
		expect([...after].filter(([id, xmin]) => before.get(id) !== xmin).map(([id]) => id)).toEqual([
			product.id,
		])
		const [stored] = await database.db.select().from(products).where(eq(products.id, product.id))
		expect(stored?.hidden).toBe(true)
		const csv = await latestCsv()
		expect(csv.trimEnd().split('\n')).toHaveLength(demo.trimEnd().split('\n').length)
		expect(csv).toContain(product.code)
	})

	it('starts from the database, not a read model that is a version behind', async () => {
		const stale = new Catalog(database.db)
		const [first, second] = await stale.everything()
		// Another instance's upload changes the first product's name after this read model loaded.
		const lines = demo.trimEnd().split('\n')
		lines[1] = lines[1]!.replace(first!.name, 'Renamed Elsewhere')
		await importCatalog(database.db, `${lines.join('\n')}\n`)
		const result = await changeProduct(
			database.db,
			'owner@example.co.uk',
			{ intent: 'hide', id: second!.id, fingerprint: productFingerprint(second!) },
			stale,
		)
		expect(result.ok).toBe(true)
		const [renamed] = await database.db.select().from(products).where(eq(products.id, first!.id))
		expect(renamed?.name).toBe('Renamed Elsewhere')
		expect(await latestCsv()).toContain('Renamed Elsewhere')
	})
})
