import fs from 'node:fs'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { CATEGORY_PAGE_SIZE } from '~/lib/catalog/pagination'
import type { Product } from '~/lib/catalog/product'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/db'
import { Catalog } from './catalog'
import { productFingerprint } from './edit'
import { importCatalog } from './import'
import { changeProduct } from './product-admin'

const demo = fs.readFileSync('catalog/products.csv', 'utf8')
let database: TestDatabase
let catalog: Catalog

beforeAll(async () => {
	database = await createTestDatabase()
	await importCatalog(database.db, demo)
	catalog = new Catalog(database.db)
})
afterAll(async () => {
	await database?.cleanup()
})

describe('catalogue import', () => {
	it('loads the demo catalogue, then skips an unchanged file', async () => {
		const again = await importCatalog(database.db, demo)
		expect(again.status).toBe('unchanged')
		expect((await catalog.all()).length).toBeGreaterThanOrEqual(250)
	})

	it('keeps the previous catalogue when a file is refused', async () => {
		const before = (await catalog.all()).length
		const report = await importCatalog(database.db, 'name,code\nBroken,1\n')
		expect(report.status).toBe('refused')
		catalog.invalidate()
		expect((await catalog.all()).length).toBe(before)
	})

	it('validates without writing on a dry run', async () => {
		const report = await importCatalog(
			database.db,
			`${demo.split('\n').slice(0, 3).join('\n')}\n`,
			{ dryRun: true },
		)
		expect(report).toMatchObject({ status: 'valid', imported: 2 })
		catalog.invalidate()
		expect((await catalog.all()).length).toBeGreaterThan(2)
	})
})

describe('catalogue reads', () => {
	it('searches name, code and vendor literally and case-insensitively', async () => {
		const byVendor = await catalog.search(undefined, 'eVoLuTiOn AQUA')
		expect(byVendor.length).toBeGreaterThan(0)
		expect(
			byVendor.every((p) => p.vendor === 'Evolution Aqua' || p.name.includes('Evolution')),
		).toBe(true)
		const byCode = await catalog.search('fittings', 'ft-10')
		expect(byCode.length).toBeGreaterThan(0)
		expect(byCode.every((p) => p.code.toLowerCase().includes('ft-10'))).toBe(true)
		for (const odd of ['%', '_', "'", '"', '🐟', 'x'.repeat(10_000), '.*']) {
			expect(await catalog.search(undefined, odd)).toEqual([])
		}
	})

	it('pages a category 20 at a time and clamps an out-of-range page', async () => {
		const first = await catalog.categoryPage('fittings', '', 1)
		expect(first.items).toHaveLength(CATEGORY_PAGE_SIZE)
		expect(first.pageCount).toBe(Math.ceil(first.total / CATEGORY_PAGE_SIZE))
		const beyond = await catalog.categoryPage('fittings', '', 999)
		expect(beyond.page).toBe(first.pageCount)
		expect((await catalog.categoryPage('fittings', '', -5)).page).toBe(1)
	})

	it('groups at most eight products per category, with the full count', async () => {
		const groups = await catalog.grouped('')
		expect(groups.map((g) => g.category)).toEqual([
			'filters',
			'fittings',
			'pumps',
			'air_pumps',
			'skimmers',
		])
		for (const group of groups) {
			expect(group.items.length).toBeLessThanOrEqual(8)
			expect(group.total).toBeGreaterThan(8)
		}
	})

	it('resolves a recheck once the version published here is live: the next read is never behind', async () => {
		let swaps = 0
		const own = new Catalog(database.db, () => swaps++)
		await own.all()
		const before = swaps
		const lines = demo.trimEnd().split('\n')
		await importCatalog(database.db, `${lines.slice(0, 11).join('\n')}\n`)
		await own.recheck()
		expect(swaps).toBe(before + 1)
		expect(await own.all()).toHaveLength(10)
		await importCatalog(database.db, demo)
	})

	it('loads a version a page at a time, keeping the objects of the products it did not change', async () => {
		const own = new Catalog(database.db, () => {}, 7)
		const before = await own.everything()
		expect(before.map((p) => p.code)).toEqual((await catalog.everything()).map((p) => p.code))
		const lines = demo.trimEnd().split('\n')
		// The first product's price, 128.99, becomes 129.99.
		lines[1] = lines[1]!.replace(',128.99,', ',129.99,')
		await importCatalog(database.db, `${lines.join('\n')}\n`)
		await own.recheck()
		const after = await own.everything()
		expect(after).toHaveLength(before.length)
		expect(after[0]).not.toBe(before[0])
		expect(after[0]!.pricePence).toBe(12999)
		expect(after.slice(1).every((p, i) => p === before[i + 1])).toBe(true)
		expect((await own.search(undefined, before[5]!.code)).map((p) => p.id)).toContain(before[5]!.id)
		await importCatalog(database.db, demo)
	})

	it('never mixes two versions: a change committed while one is read page by page is read again', async () => {
		const [header, ...rows] = demo.trimEnd().split('\n')
		// The demo's last 100 products: a mixed load would begin with the demo's first ones.
		const small = `${[header, ...rows.slice(-100)].join('\n')}\n`
		const codes = async () => (await catalog.everything()).map((p) => p.code).join()
		catalog.invalidate()
		const demoCodes = await codes()
		// One product a statement; the import starts as the fifth is asked for, so it commits while
		// this load is part-way through its 253 pages.
		let selects = 0
		let importing: Promise<unknown> | undefined
		const db = new Proxy(database.db, {
			get(target, prop) {
				const value = Reflect.get(target, prop, target)
				if (typeof value !== 'function') return value
				return (...args: unknown[]) => {
					if (prop === 'select' && ++selects === 5) importing = importCatalog(database.db, small)
					return value.apply(target, args)
				}
			},
		})
		const loaded = await new Catalog(db, () => {}, 1).everything()
		await importing
		expect(selects).toBeGreaterThan(100)
		catalog.invalidate()
		const smallCodes = await codes()
		expect([demoCodes, smallCodes]).toContain(loaded.map((p) => p.code).join())
		await importCatalog(database.db, demo)
	})

	it('sees an import made through another Catalog instance within a second', async () => {
		let swaps = 0
		const other = new Catalog(database.db, () => swaps++)
		const before = (await other.all()).length
		const lines = demo.trimEnd().split('\n')
		await importCatalog(database.db, `${lines.slice(0, 11).join('\n')}\n`)
		await new Promise((r) => setTimeout(r, 1100))
		// Reads answer from the old catalogue (never fail) until the new one has loaded.
		expect([before, 10]).toContain((await other.all()).length)
		await vi.waitFor(async () => expect(await other.all()).toHaveLength(10), { timeout: 5000 })
		// The first load is no swap (no cached page can show a catalogue before it); the import is.
		expect(swaps).toBe(1)
		await importCatalog(database.db, demo)
	})

	it('another instance reads only the rows an editor saved, when it holds what the save was made from', async () => {
		let selects = 0
		const counted = new Proxy(database.db, {
			get(target, prop) {
				const value = Reflect.get(target, prop, target)
				if (typeof value !== 'function') return value
				return (...args: unknown[]) => {
					if (prop === 'select') selects++
					return value.apply(target, args)
				}
			},
		})
		const other = new Catalog(counted, () => {}, 7)
		const save = async (intent: 'hide' | 'show', product: Product) =>
			expect(
				(
					await changeProduct(database.db, 'owner@example.co.uk', {
						intent,
						id: product.id,
						fingerprint: productFingerprint(product),
					})
				).ok,
			).toBe(true)
		const before = await other.everything()
		selects = 0
		await save('hide', before[3]!)
		await other.recheck()
		const after = await other.everything()
		expect(after[3]!.hidden).toBe(true)
		expect(after.filter((p, i) => p !== before[i]).map((p) => p.id)).toEqual([before[3]!.id])
		// The version, the saved row, the categories and their old slugs, the version again: not 37
		// pages of 7.
		expect(selects).toBeLessThanOrEqual(5)

		// Two saves before it looks: the second was not made from what it holds, so it reads all.
		selects = 0
		await save('show', after[3]!)
		await save('hide', after[4]!)
		await other.recheck()
		const twice = await other.everything()
		expect(selects).toBeGreaterThan(36)
		expect([twice[3]!.hidden, twice[4]!.hidden]).toEqual([false, true])
		expect(twice.map((p) => p.code)).toEqual(before.map((p) => p.code))
		await importCatalog(database.db, demo)
	})
})
