import fs from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/db'
import { importCatalog } from './import'
import { previewCatalog } from './preview'

const demo = fs.readFileSync('catalog/products.csv', 'utf8')
const [header, first, second, ...rest] = demo.trimEnd().split('\n')
let database: TestDatabase

beforeAll(async () => {
	database = await createTestDatabase()
	await importCatalog(database.db, demo)
})
afterAll(async () => {
	await database?.cleanup()
})

describe('previewCatalog', () => {
	it('counts categories and finds added, removed and re-priced products by code', async () => {
		const repriced = second!.replace(/,(\d+\.\d\d),/, ',1299.00,')
		const added = first!.replace('OA-BIOSMA-6000', 'NEW-CODE-1')
		const csv = [header, repriced, added, ...rest].join('\n')
		const result = await previewCatalog(database.db, csv)
		if (!result.ok) throw new Error(result.error)
		const p = result.preview
		expect(p.addedCount).toBe(1)
		expect(p.added[0]?.code).toBe('NEW-CODE-1')
		expect(p.removed.map((r) => r.code)).toEqual(['OA-BIOSMA-6000'])
		expect(p.priceChangedCount).toBe(1)
		expect(p.priceChanged[0]?.toPence).toBe(129_900)
		expect(Object.values(p.categories).reduce((a, b) => a + b, 0)).toBe(p.products)
	})

	it('refuses what the import refuses, with the same message', async () => {
		const result = await previewCatalog(database.db, 'name,code\nBroken,1\n')
		expect(result).toMatchObject({ ok: false, error: expect.stringContaining('Expected columns') })
	})
})
