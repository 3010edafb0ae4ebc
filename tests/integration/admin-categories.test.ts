import fs from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Catalog } from '~/.server/catalog/catalog'
import { importCatalog } from '~/.server/catalog/import'
import { startTestApp, type TestApp } from '../support/app'
import { createAdmin } from '../support/factories'
import type { TestClient } from '../support/session'

/**
 * Categories the owner manages (issue 62 item 3): /admin/products/categories, the redirect from a
 * renamed slug, the import's unknown category, and the shop's pages following the table, through
 * the page cache and on a second instance's read model.
 */
const demo = fs.readFileSync('catalog/products.csv', 'utf8')
const [header, ...rows] = demo.trimEnd().split('\n')
const inCategory = (slug: string) => rows.find((r) => r.split(',')[5] === slug)!
// A small catalogue: three filters (0–2), a pump (3) and a skimmer (4).
const small = `${header}\n${[...rows.slice(0, 3), inCategory('pumps'), inCategory('skimmers')].join('\n')}\n`

let app: TestApp
let admin: TestClient

beforeAll(async () => {
	// The page cache on, as in production: a category change must clear it.
	app = await startTestApp({}, { catalogCsv: small, pageCacheMs: 60_000 })
	admin = (await createAdmin(app)).client
})
afterAll(async () => {
	await app?.close()
})

const ENTITIES: Record<string, string> = { '&quot;': '"', '&#x27;': "'", '&lt;': '<', '&gt;': '>' }
const text = async (res: Response) =>
	(await res.text())
		.replace(/<[^>]+>/g, ' ')
		.replace(/&quot;|&#x27;|&lt;|&gt;/g, (e) => ENTITIES[e]!)
		.replace(/&amp;/g, '&')
		.replace(/\s+/g, ' ')

/** The home page's category tiles as a signed-out visitor gets them (from the page cache if it can). */
async function homeTiles() {
	const html = await (await app.request('/')).text()
	const section = html.slice(html.indexOf('id="products"'))
	return [
		...section.matchAll(/<span class="text-lg font-semibold text-pond-900">([^<]+)<\/span>/g),
	].map((m) => m[1]!.replace(/&amp;/g, '&'))
}
const footerShop = async () => {
	const html = await (await app.request('/pond-products')).text()
	const shop = html.slice(html.indexOf('id="footer-shop"'), html.indexOf('id="footer-legal"'))
	return [...shop.matchAll(/href="\/pond-products\/([^"]+)"/g)].map((m) => m[1])
}
const save = (fields: Record<string, string>) =>
	admin.post('/admin/products/categories', { intent: 'save', slug: '', ...fields })
async function idOf(slug: string) {
	const html = await (await admin.request('/admin/products/categories')).text()
	const item = html.slice(html.indexOf(`data-category="${slug}"`))
	return /name="id" value="(\d+)"/.exec(item)![1]!
}
const get = (path: string) => app.request(path, { redirect: 'manual' })

describe('categories the owner manages', () => {
	it('starts with the five categories, tiles and footer as before', async () => {
		expect(await homeTiles()).toEqual([
			'Filters',
			'Pipe Fittings',
			'Water Pumps',
			'Air Pumps',
			'Showers & Skimmers',
			'Browse All Products',
		])
		expect(await footerShop()).toEqual(['filters', 'fittings', 'pumps', 'air_pumps', 'skimmers'])
	})

	it('adds a category with clear errors, offers it in the editor, and the shop follows', async () => {
		// Seen once, so the page cache holds the home page from before the change.
		await homeTiles()
		const refused = [
			[{ name: '' }, 'Enter a name'],
			[{ name: 'pumps' }, 'Another category is already called “Pumps”'],
			[{ name: 'Koi Food', slug: 'Koi Food!' }, 'Use lower-case letters and numbers'],
			[
				{ name: 'Koi Food', slug: 'air_pumps' },
				'Another category already uses the address air_pumps',
			],
		] as const
		for (const [fields, message] of refused) {
			const res = await save(fields)
			expect(res.status, message).toBe(400)
			expect(await text(res)).toContain(message)
		}
		const added = await save({ name: 'Koi Food', tileImage: 'tile-all' })
		expect(added.status).toBe(302)
		expect(added.headers.get('location')).toBe('/admin/products/categories?done=added')

		const editor = await (await admin.request('/admin/products/new')).text()
		expect(editor).toContain('<option value="koi_food">Koi Food</option>')
		const product = await admin.post('/admin/products/new', {
			name: 'Koi Premium Growth Food 5 kg',
			code: 'KF-GROW-5',
			vendor: 'Kusuri',
			category: 'koi_food',
			price: '39.99',
			available_sizes: '',
			selected_size: '',
			selected_option: '',
			shipping_class: '',
			product_url: '',
			image_url: '',
			original_name: '',
		})
		expect(product.status).toBe(302)

		expect(await homeTiles()).toContain('Koi Food')
		expect(await footerShop()).toContain('koi_food')
		const page = await text(await app.request('/pond-products/koi_food'))
		expect(page).toContain('Koi Premium Growth Food 5 kg')
		expect(await text(await app.request('/sitemap.xml'))).toContain('/pond-products/koi_food')
	})

	it('shows a change on another instance’s next read', async () => {
		const other = new Catalog(app.database.db)
		expect((await other.categories()).map((c) => c.name)).toContain('Koi Food')
		const id = await idOf('koi_food')
		expect((await admin.post('/admin/products/categories', { intent: 'up', id })).status).toBe(302)
		await other.recheck()
		expect((await other.shownCategories()).map((c) => c.slug).slice(-2)).toEqual([
			'koi_food',
			'skimmers',
		])
		expect((await homeTiles()).slice(-3)).toEqual([
			'Koi Food',
			'Showers & Skimmers',
			'Browse All Products',
		])
	})

	it('keeps old addresses through a chain of renames', async () => {
		const id = await idOf('koi_food')
		for (const slug of ['koi_foods', 'koi_feed']) {
			const res = await save({ id, name: 'Koi Food', slug, tileImage: 'tile-all' })
			expect(res.status, slug).toBe(302)
		}
		for (const old of ['koi_food', 'koi_foods']) {
			const res = await get(`/pond-products/${old}?sort=price-asc`)
			expect(res.status, old).toBe(301)
			expect(res.headers.get('location')).toBe('/pond-products/koi_feed?sort=price-asc')
		}
		const moved = await get('/pond-products/koi_food/5')
		expect(moved.status).toBe(301)
		expect(moved.headers.get('location')).toBe('/pond-products/koi_feed/5')
		expect((await get('/pond-products/koi_feed/5')).status).toBe(200)
		// Any other category's address for that product is still not found.
		expect((await get('/pond-products/pumps/5')).status).toBe(404)
	})

	it('hides a category: off the lists, its page 404, its products open by link', async () => {
		const id = await idOf('koi_feed')
		expect((await admin.post('/admin/products/categories', { intent: 'hide', id })).status).toBe(
			302,
		)
		expect(await homeTiles()).not.toContain('Koi Food')
		expect(await footerShop()).not.toContain('koi_feed')
		expect((await get('/pond-products/koi_feed')).status).toBe(404)
		expect((await get('/pond-products/koi_food')).status).toBe(404)
		expect((await get('/pond-products/koi_feed/5')).status).toBe(200)
		expect(await text(await app.request('/pond-products'))).not.toContain('Koi Premium Growth Food')
		const editor = await (await admin.request('/admin/products/new')).text()
		expect(editor).toContain('Koi Food (hidden from the shop)')
		expect((await admin.post('/admin/products/categories', { intent: 'show', id })).status).toBe(
			302,
		)
		expect(await homeTiles()).toContain('Koi Food')
	})

	it('deletes only a category no product uses, and says how many do', async () => {
		const id = await idOf('koi_feed')
		const refused = await admin.post('/admin/products/categories', { intent: 'delete', id })
		expect(refused.status).toBe(409)
		expect(await text(refused)).toContain('“Koi Food” still has 1 product')
		expect((await save({ name: 'Water Treatments' })).status).toBe(302)
		const empty = await idOf('water_treatments')
		const res = await admin.post('/admin/products/categories', { intent: 'delete', id: empty })
		expect(res.status).toBe(302)
		expect(await text(await admin.request('/admin/products/categories'))).not.toContain(
			'Water Treatments',
		)
	})

	it('imports any category the owner has made, and names the row of an unknown one', async () => {
		const koi = `Koi Staple Food 2 kg,KF-STAP-2,,,Kusuri,koi_food,12.50,,,,,,`
		const unknown = `Blanket Weed Treatment,WT-BLANK-1,,,Kusuri,water_treatments,9.99,,,,,,`
		const report = await importCatalog(app.database.db, `${small}${koi}\n${unknown}\n`, {
			dryRun: true,
		})
		expect(report.status).toBe('valid')
		if (report.status !== 'valid') return
		// An old slug is read as the category's current one.
		expect(report.products.find((p) => p.code === 'KF-STAP-2')?.category).toBe('koi_feed')
		expect(report.rejected).toEqual([
			{
				line: 8,
				reason:
					'category "water_treatments" is not one of the shop\'s categories (filters, fittings, pumps, air_pumps, koi_feed, skimmers); add it under Products → Categories first',
			},
		])
	})
})
