import fs from 'node:fs'
import { desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { versionFile } from '~/.server/catalog/catalog-file'
import { parseCatalogCsv } from '~/.server/catalog/csv'
import { catalogChanges, catalogState, catalogVersions, products } from '~/.server/db/schema'
import { startTestApp, type TestApp } from '../support/app'
import { createAdmin, insertOrder, sampleLine } from '../support/factories'
import type { TestClient } from '../support/session'

const demo = fs.readFileSync('catalog/products.csv', 'utf8')
const [header, ...rows] = demo.trimEnd().split('\n')
// A small catalogue: the first ten demo products (0: OA-BIOSMA-6000, a filter at £128.99).
const small = `${header}\n${rows.slice(0, 10).join('\n')}\n`

let app: TestApp
let admin: TestClient
let adminEmail: string

beforeAll(async () => {
	app = await startTestApp({}, { catalogCsv: small })
	const created = await createAdmin(app)
	admin = created.client
	adminEmail = created.email
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

async function editorOf(id: string) {
	const html = await (await admin.request(`/admin/products/${id}`)).text()
	const fingerprint = /name="fingerprint" value="([0-9a-f]{64})"/.exec(html)?.[1]
	expect(fingerprint, `fingerprint of product ${id}`).toBeDefined()
	return fingerprint!
}

/** The form as the editor posts it, for a product with sizes and two options. */
const newProduct = (overrides: Record<string, string> = {}) => ({
	name: 'Evolution Aqua Pure Pond Bomb',
	code: 'EA-BOMB-1',
	vendor: 'Evolution Aqua',
	category: 'fittings',
	price: '24.99',
	available_sizes: 'Small, Large',
	selected_size: 'Large',
	'options.0.name': 'Single',
	'options.0.price': '24.99',
	'options.1.name': 'Twin pack',
	'options.1.price': '44.00',
	'options.2.name': '',
	'options.2.price': '',
	selected_option: '',
	shipping_class: '',
	product_url: 'https://supplier.example/bomb',
	image_url: '/images/products/ea-bomb.jpg',
	original_name: '',
	...overrides,
})

/** The product page, polled: a save loads in the background (≤ 250 ms on a small catalogue). */
async function publicPage(path: string, until: (res: Response, body: string) => boolean) {
	let res: Response | undefined
	let body = ''
	for (let waited = 0; waited < 5_000; waited += 100) {
		res = await admin.request(path)
		body = await text(res)
		if (until(res, body)) return { res, body }
		await new Promise((resolve) => setTimeout(resolve, 100))
	}
	return { res: res!, body }
}

describe('/admin/products: create and edit through the CSV schema', () => {
	it('adds a product with sizes and options, kept as a catalogue version with who and when', async () => {
		const versionBefore = (await app.database.db.select().from(catalogState))[0]!.version
		const res = await admin.post('/admin/products/new', newProduct())
		expect(res.status).toBe(302)
		expect(res.headers.get('location')).toBe('/admin/products/10?saved=created')
		const [row] = await app.database.db.select().from(products).where(eq(products.id, '10'))
		expect(row).toMatchObject({
			code: 'EA-BOMB-1',
			pricePence: 2499,
			sizes: ['Small', 'Large'],
			selectedSize: 'Large',
			options: [
				{ name: 'Single', pricePence: 2499 },
				{ name: 'Twin pack', pricePence: 4400 },
			],
			hidden: false,
		})
		expect((await app.database.db.select().from(catalogState))[0]!.version).toBe(versionBefore + 1)
		const [version] = await app.database.db
			.select()
			.from(catalogVersions)
			.orderBy(desc(catalogVersions.id))
			.limit(1)
		expect(version).toMatchObject({ publishedBy: adminEmail, productCount: 11 })
		expect(version!.summary).toContain('created: EA-BOMB-1')
		// The version is a file the import reads back to the same catalogue (restore works on it).
		const reparsed = parseCatalogCsv((await versionFile(app.database.db, version!.id)) ?? '')
		expect(reparsed.ok && reparsed.products.length).toBe(11)
		const [change] = await app.database.db
			.select()
			.from(catalogChanges)
			.orderBy(desc(catalogChanges.id))
			.limit(1)
		expect(change).toMatchObject({ by: adminEmail, action: 'created', code: 'EA-BOMB-1' })
		const page = await publicPage('/pond-products/fittings/10', (r) => r.status === 200)
		expect(page.body).toContain('Evolution Aqua Pure Pond Bomb')
	})

	it('refuses what the CSV import refuses, in the editor’s words (issue 62 item 7)', async () => {
		const cases: Array<[Record<string, string>, string, string]> = [
			[
				{ code: 'OA-BIOSMA-6000' },
				'code',
				'Product code OA-BIOSMA-6000 is already used by “Oase BioSmart 6000 Pond Filter”',
			],
			[{ code: 'NEW-1', price: '-5' }, 'price', 'Price must be £0.01 or more'],
			// Over the database's integer pence: refused, not a 500 (the import's: csv.test.ts).
			[{ code: 'NEW-1', price: '2000000' }, 'price', 'Price must be £1,000,000 or less'],
			[
				{ code: 'NEW-1', 'options.1.price': '' },
				'options.1.price',
				'Enter a price for “Twin pack”',
			],
			[{ code: 'NEW-1', category: 'koi' }, 'category', 'Choose a category from the list'],
			[{ code: 'NEW-1', vendor: '=cmd()' }, 'vendor', 'Brand cannot start with =, +, - or @'],
		]
		const before = (await app.database.db.select().from(catalogState))[0]!.version
		for (const [overrides, , message] of cases) {
			const res = await admin.post('/admin/products/new', newProduct(overrides))
			expect(res.status, message).toBe(400)
			expect(await text(res)).toContain(message)
		}
		// The import says it in a file's words, about the same row.
		const row = (cells: string) => `${header}\n${rows[0]}\n${cells}\n`
		const csv = parseCatalogCsv(row('Bomb,NEW-1,/images/products/x.jpg,,Oase,pumps,-5,,,,,,'))
		expect(csv.ok && csv.errors[0]?.reason).toBe('price "-5" is negative')
		const duplicate = parseCatalogCsv(`${header}\n${rows[0]}\n${rows[0]}\n`)
		expect(duplicate.ok && duplicate.errors[0]?.reason).toMatch(/^duplicate code OA-BIOSMA-6000/)
		expect((await app.database.db.select().from(catalogState))[0]!.version).toBe(before)
	})

	it('changes a price: the shop shows it on the next view; a stale form is refused', async () => {
		const fingerprint = await editorOf('0')
		const page = await (await admin.request('/admin/products/0')).text()
		expect(page).toContain('128.99')
		const fields = {
			...newProduct({
				name: 'Oase BioSmart 6000',
				code: 'OA-BIOSMA-6000',
				category: 'filters',
				price: '119.50',
				'options.0.name': '',
				'options.0.price': '',
				'options.1.name': '',
				'options.1.price': '',
			}),
			fingerprint,
		}
		const saved = await admin.post('/admin/products/0', fields)
		expect(saved.status).toBe(302)
		const shop = await publicPage('/pond-products/filters/0', (_r, body) =>
			body.includes('£119.50'),
		)
		expect(shop.body).toContain('£119.50')
		// A second admin who loaded the same form before the save:
		const stale = await admin.post('/admin/products/0', { ...fields, price: '99.00' })
		expect(stale.status).toBe(409)
		expect(await text(stale)).toContain('This product was changed by someone else')
		const [row] = await app.database.db.select().from(products).where(eq(products.id, '0'))
		expect(row!.pricePence).toBe(11_950)
		const [change] = await app.database.db
			.select()
			.from(catalogChanges)
			.orderBy(desc(catalogChanges.id))
			.limit(1)
		expect(change).toMatchObject({ action: 'edited', by: adminEmail })
		expect(change!.detail).toContain('price: 128.99 → 119.50')
	})
})

describe('/admin/products: hide, show, duplicate, delete', () => {
	const sitemap = async () => (await admin.request('/sitemap.xml')).text()
	const cartCheck = async (id: string, code: string) =>
		(
			(await (
				await admin.request('/cart/check', {
					method: 'POST',
					headers: { 'content-type': 'application/json' },
					body: JSON.stringify([
						{ id, code, price: '£1.00', selectedSize: '', selectedOption: '' },
					]),
				})
			).json()) as { results: Array<{ status: string }> }
		).results[0]?.status

	it('a hidden product leaves the shop, search, sitemap and carts, and comes back when shown', async () => {
		const [row] = await app.database.db.select().from(products).where(eq(products.id, '1'))
		const path = `/pond-products/${row!.category}/1`
		expect(await sitemap()).toContain(path)
		const hide = await admin.post('/admin/products', {
			intent: 'hide',
			id: '1',
			fingerprint: await editorOf('1'),
		})
		expect(hide.status).toBe(302)
		expect(await text(await admin.request('/admin/catalogue'))).toContain(`Hidden: ${row!.code}`)
		const gone = await publicPage(path, (r) => r.status === 404)
		expect(gone.res.status).toBe(404)
		expect(await sitemap()).not.toContain(path)
		const search = await text(
			await admin.request(`/pond-products?search=${encodeURIComponent(row!.code)}`),
		)
		expect(search).not.toContain(row!.name)
		expect(await cartCheck('1', row!.code)).toBe('gone')
		// The back office still lists it, marked hidden.
		const list = await text(await admin.request('/admin/products?visibility=hidden'))
		expect(list).toContain(row!.name)
		expect(list).toContain('1 product')
		const show = await admin.post('/admin/products', {
			intent: 'show',
			id: '1',
			fingerprint: await editorOf('1'),
		})
		expect(show.status).toBe(302)
		expect((await publicPage(path, (r) => r.status === 200)).res.status).toBe(200)
	})

	it('duplicates a product as a hidden copy with a free code', async () => {
		const res = await admin.post('/admin/products', {
			intent: 'duplicate',
			id: '2',
			fingerprint: await editorOf('2'),
		})
		expect(res.status).toBe(302)
		const id = /\/admin\/products\/(\d+)\?saved=duplicated$/.exec(
			res.headers.get('location') ?? '',
		)?.[1]
		const [original] = await app.database.db.select().from(products).where(eq(products.id, '2'))
		const [copy] = await app.database.db.select().from(products).where(eq(products.id, id!))
		expect(copy).toMatchObject({ code: `${original!.code}-COPY`, hidden: true })
	})

	it('deletes a product never ordered; refuses one that was, offering to hide it', async () => {
		const [ordered] = await app.database.db.select().from(products).where(eq(products.id, '3'))
		await insertOrder(app.database.db, {
			lines: [sampleLine({ id: '3', code: ordered!.code, name: ordered!.name })],
		})
		const refused = await admin.post('/admin/products', {
			intent: 'delete',
			id: '3',
			fingerprint: await editorOf('3'),
			confirm: 'yes',
		})
		expect(refused.status).toBe(409)
		const body = await refused.text()
		expect(body).toContain('has been ordered, so it cannot be deleted')
		expect(body).toMatch(/name="intent" value="hide"/)
		const count = (await app.database.db.select().from(products)).length
		const [last] = await app.database.db
			.select()
			.from(products)
			.where(eq(products.id, String(count - 1)))
		const deleted = await admin.post('/admin/products', {
			intent: 'delete',
			id: String(count - 1),
			fingerprint: await editorOf(String(count - 1)),
			confirm: 'yes',
		})
		expect(deleted.status).toBe(302)
		expect((await app.database.db.select().from(products)).length).toBe(count - 1)
		const codes = (await app.database.db.select({ code: products.code }).from(products)).map(
			(p) => p.code,
		)
		expect(codes).not.toContain(last!.code)
	})

	it('filters the list by category, price not available and search', async () => {
		const all = await app.database.db.select().from(products)
		const filters = all.filter((p) => p.category === 'filters').length
		expect(await text(await admin.request('/admin/products?category=filters'))).toContain(
			`${filters} product`,
		)
		expect(await text(await admin.request('/admin/products?search=EA-BOMB'))).toContain('1 product')
		// Its photo path is no picture the site draws (decision 0028): listed as having no photo.
		const noPhoto = await text(await admin.request('/admin/products?photo=missing&search=EA-BOMB'))
		expect(noPhoto).toContain('Evolution Aqua Pure Pond Bomb')
		expect(noPhoto).toContain('1 product')
		const unpriced = all.filter((p) => p.pricePence === null).length
		expect(await text(await admin.request('/admin/products?price=none'))).toContain(
			`${unpriced} product`,
		)
	})
})
