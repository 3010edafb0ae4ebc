import { asc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rows as rows_ } from '~/.server/db/rows'
import { products } from '~/.server/db/schema'
import { syntheticCatalogCsv } from '../../../bench/synthetic-catalog'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/db'
import { parseCatalogCsv } from './csv'
import { importCatalog } from './import'

let database: TestDatabase
beforeAll(async () => {
	database = await createTestDatabase()
})
afterAll(async () => {
	await database?.cleanup()
})

describe('the batched insert', () => {
	it('stores every field of every row exactly as parsed, across several batches', async () => {
		// 12,003 rows: more than one batch, and a last batch that is not full. The file also has a
		// quoted comma, an apostrophe, a missing price, a shipping class and a rejected line.
		const [header, ...rows] = syntheticCatalogCsv(12_003).trimEnd().split('\n')
		const input = `${[
			`${header},shipping_class`,
			...rows.map((row) => `${row},`),
			`"Blagdon, ""Pro"" Pump",SYN-X,/images/products/x.jpg,,O'Neill,pumps,Price not available,,,,,Blagdon Pro,pallet`,
			'Bad,SYN-Y,/images/products/y.jpg,,V,not a category,1.00,,,,,,',
		].join('\n')}\n`
		const parsed = parseCatalogCsv(input)
		if (!parsed.ok) throw new Error(parsed.error)
		const report = await importCatalog(database.db, input)
		expect(report).toMatchObject({ status: 'imported', imported: 12_004 })
		expect(report.status === 'imported' && report.rejected.map((r) => r.line)).toEqual([12_006])
		const stored = await database.db.select().from(products).orderBy(asc(products.position))
		expect(stored).toEqual(
			parsed.products.map((product) => ({ ...product, position: Number(product.id) })),
		)
		const special = stored.find((p) => p.code === 'SYN-X')!
		expect(special).toMatchObject({
			name: 'Blagdon, "Pro" Pump',
			vendor: "O'Neill",
			pricePence: null,
			shippingClass: 'pallet',
		})
		expect(stored.some((p) => p.options.length === 2 && p.sizes.length === 3)).toBe(true)
	}, 60_000)

	it('writes only the rows a new file changes, and drops the rows past its end', async () => {
		const [header, ...rows] = syntheticCatalogCsv(300).trimEnd().split('\n')
		await importCatalog(database.db, `${[header, ...rows].join('\n')}\n`)
		// xmin: the transaction that wrote each row version; an untouched row keeps its own.
		const written = async () =>
			new Map(
				(
					await rows_<{ id: string; xmin: string }>(
						database.db,
						sql`select id, xmin::text as xmin from products order by position`,
					)
				).map((r) => [r.id, r.xmin]),
			)
		const before = await written()
		const changed = [...rows]
		changed[7] = changed[7]!.replace(/^[^,]+/, 'Renamed Pond Pump')
		const report = await importCatalog(
			database.db,
			`${[header, ...changed.slice(0, 250)].join('\n')}\n`,
		)
		expect(report).toMatchObject({ status: 'imported', imported: 250 })
		const after = await written()
		expect(after.size).toBe(250)
		const rewritten = [...after].filter(([id, xmin]) => before.get(id) !== xmin).map(([id]) => id)
		expect(rewritten).toEqual(['7'])
		const [seventh] = await database.db.select().from(products).where(eq(products.id, '7'))
		expect(seventh?.name).toBe('Renamed Pond Pump')
	})
})
