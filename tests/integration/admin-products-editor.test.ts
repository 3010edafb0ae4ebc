import crypto from 'node:crypto'
import fs from 'node:fs'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseCatalogCsv } from '~/.server/catalog/csv'
import { photos, products } from '~/.server/db/schema'
import { PLACEHOLDER_SRC } from '~/lib/images'
import { startTestApp, type TestApp } from '../support/app'
import { createAdmin } from '../support/factories'
import type { TestClient } from '../support/session'

// The owner's findings on /admin/products (new product without a photo, the 'No photo' filter).
const demo = fs.readFileSync('catalog/products.csv', 'utf8')
const [header, ...rows] = demo.trimEnd().split('\n')
const small = `${header}\n${rows.slice(0, 5).join('\n')}\n`

let app: TestApp
let admin: TestClient

beforeAll(async () => {
	app = await startTestApp({}, { catalogCsv: small })
	admin = (await createAdmin(app)).client
})
afterAll(async () => {
	await app?.close()
})

const text = async (res: Response) =>
	(await res.text())
		.replace(/<[^>]+>/g, ' ')
		.replace(/&#x27;/g, "'")
		.replace(/&quot;/g, '"')
		.replace(/\s+/g, ' ')

/** The editor's form for a plain product, no options. */
const form = (overrides: Record<string, string> = {}) => ({
	name: 'Blagdon Pond Thermometer',
	code: 'BL-THERM',
	vendor: 'Blagdon',
	category: 'fittings',
	price: '6.50',
	available_sizes: '',
	selected_size: '',
	selected_option: '',
	shipping_class: '',
	product_url: '',
	image_url: '',
	original_name: '',
	...overrides,
})

async function created(fields: Record<string, string>) {
	const res = await admin.post('/admin/products/new', form(fields))
	expect(res.status, await res.clone().text()).toBe(302)
	return res.headers.get('location')!
}

describe('a new product without a photo', () => {
	it('is saved, lands on its editor to upload photos, and the shop shows the placeholder', async () => {
		const location = await created({})
		expect(location).toMatch(/^\/admin\/products\/(\d+)\?saved=created#photos$/)
		const id = /\/(\d+)\?/.exec(location)![1]!
		const editor = await text(await admin.request(location))
		expect(editor).toContain('The product is added. Upload its photos below')
		expect(editor).toContain('Add photos')
		const [row] = await app.database.db.select().from(products).where(eq(products.id, id))
		expect(row).toMatchObject({ imageUrl: '', moreImages: [] })

		const path = `/pond-products/fittings/${id}`
		await expect.poll(() => app.request(path).then((r) => r.status), { timeout: 5000 }).toBe(200)
		const page = await (await app.request(path)).text()
		expect(page).toContain(`src="${PLACEHOLDER_SRC}"`)
		expect(page).toContain('Photo coming soon')
		// Structured data lists no image rather than the site's address; sharing uses the site's.
		expect(page).toContain('"image":[]')
		expect(page).not.toMatch(/property="og:image" content="https?:\/\/[^"]*\/"/)
		const list = await (await app.request('/pond-products/fittings')).text()
		expect(list).toContain('Blagdon Pond Thermometer')
		expect(list).not.toContain('src=""')
		expect(list).not.toContain('src="-thumb.jpg"')
	})

	it('is the same rule for the CSV import: an empty image_url imports, a bad one is refused', async () => {
		const csv = parseCatalogCsv(
			`${header}\n${rows[0]}\nBomb,NEW-1,,,Oase,pumps,5.00,,,,,,\nBad,NEW-2,photo.jpg,,Oase,pumps,5.00,,,,,,\n`,
		)
		if (!csv.ok) throw new Error(csv.error)
		expect(csv.products.map((p) => [p.code, p.imageUrl])).toEqual([
			[expect.any(String), expect.stringMatching(/^\//)],
			['NEW-1', ''],
		])
		expect(csv.errors[0]?.reason).toBe('image_url is not a path or https URL')
	})
})

describe("the list's 'No photo' filter", () => {
	it('counts a photo uploaded to the database, and not an uploaded address that is not stored', async () => {
		const stored = crypto.randomBytes(16).toString('hex')
		const unknown = crypto.randomBytes(16).toString('hex')
		await app.database.db.insert(photos).values({
			id: stored,
			contentType: 'image/jpeg',
			width: 800,
			height: 600,
			byteSize: 1,
			alt: 'A thermometer floating',
			uploadedBy: 'test',
		})
		await created({ code: 'PH-STORED', name: 'Stored photo', image_url: `/photos/${stored}.jpg` })
		await created({ code: 'PH-GONE', name: 'Lost photo', image_url: `/photos/${unknown}.jpg` })
		const missing = await text(await admin.request('/admin/products?photo=missing&search=PH-'))
		// A row reads 'CODE · brand · category' (the history below names both products).
		expect(missing).toContain('PH-GONE ·')
		expect(missing).not.toContain('PH-STORED ·')
		expect(missing).toContain('1 product')
		// Unfiltered, the row's badge says the same.
		const all = await (await admin.request('/admin/products?search=PH-STORED')).text()
		expect(all).toContain('Stored photo')
		expect(all).not.toContain('No photo</span>')
	})

	it('counts a demo product’s picture, which the shop draws on request (decision 0028), and not a picture it does not draw', async () => {
		await created({
			code: 'PH-NODEMO',
			name: 'Not a demo picture',
			image_url: '/images/products/not-in-the-catalogue-file.jpg',
		})
		// Whether the site serves the address decides, not whether it was drawn yet: none is here.
		expect(fs.existsSync(app.env.IMAGE_CACHE_DIR)).toBe(false)
		const missing = await text(await admin.request('/admin/products?photo=missing'))
		expect(missing).toContain('PH-NODEMO ·')
		expect(missing).not.toContain('OA-BIOSMA-6000 ·')
		expect(fs.existsSync(app.env.IMAGE_CACHE_DIR)).toBe(false)
	})
})

describe("the editor's messages", () => {
	it('shows every field problem of one submission at once, in the editor’s words', async () => {
		const res = await admin.post(
			'/admin/products/new',
			form({
				code: 'ALL-AT-ONCE',
				price: '-5',
				'options.0.name': 'Single',
				'options.0.price': '',
				image_url: 'photo.jpg',
				'specs.0.name': 'Flow',
				'specs.0.value': '',
			}),
		)
		expect(res.status).toBe(400)
		const body = await text(res)
		expect(body).toContain('Price must be £0.01 or more')
		expect(body).toContain('Enter a price for “Single”')
		expect(body).toContain('Photo must be a path on this site')
		expect(body).toContain('Enter a value for “Flow”')
		// The import names both of a row's mistakes too, in a file's words.
		const csv = parseCatalogCsv(`${header}\nBomb,NEW-9,photo.jpg,,Oase,pumps,-5,,,,,,\n`)
		expect(csv.ok && csv.errors[0]?.reason).toBe(
			'image_url is not a path or https URL; price "-5" is negative',
		)
	})
})

const fromHtml = (html: string) =>
	html
		.replace(/&quot;/g, '"')
		.replace(/&#x27;/g, "'")
		.replace(/&lt;/g, '<')
		.replace(/&gt;/g, '>')
		.replace(/&amp;/g, '&')

describe('saving with no changes', () => {
	it('records nothing and says so', async () => {
		const { catalogChanges, catalogState } = await import('~/.server/db/schema')
		const page = await (await admin.request('/admin/products/1')).text()
		// The product form alone (the toolbar's and the photos' forms are others).
		const start = page.indexOf('<form noValidate')
		const html = page.slice(start, page.indexOf('</form>', start))
		const fingerprint = /name="fingerprint" value="([0-9a-f]{64})"/.exec(html)![1]!
		// The form exactly as the editor shows it: every named input's value, as a browser posts it.
		const fields: Record<string, string> = {}
		for (const [input, name, value] of html.matchAll(
			/<input[^>]*?name="([^"]+)" value="([^"]*)"[^>]*>/g,
		))
			if (!input.includes('type="checkbox"') || input.includes('checked=""'))
				fields[name!] = fromHtml(value!)
		for (const [, name, value] of html.matchAll(/<textarea[^>]*name="([^"]+)"[^>]*>([^<]*)</g))
			fields[name!] = fromHtml(value!)
		for (const [, name, value] of html.matchAll(
			/<select[^>]*name="([^"]+)"[^>]*>(?:(?!<\/select>)[\s\S])*?<option value="([^"]*)" selected=""/g,
		))
			fields[name!] = value!
		expect(fields.fingerprint).toBe(fingerprint)
		const version = async () => (await app.database.db.select().from(catalogState))[0]!.version
		const history = async () => (await app.database.db.select().from(catalogChanges)).length
		const [versionBefore, historyBefore] = [await version(), await history()]
		const res = await admin.post('/admin/products/1', fields)
		expect(res.status).toBe(302)
		expect(res.headers.get('location')).toBe('/admin/products/1?saved=unchanged')
		expect(await text(await admin.request('/admin/products/1?saved=unchanged'))).toContain(
			'No changes to save.',
		)
		expect(await version()).toBe(versionBefore)
		expect(await history()).toBe(historyBefore)
		// A real change still saves.
		const changed = await admin.post('/admin/products/1', { ...fields, vendor: 'Evolution Aqua' })
		expect(changed.headers.get('location')).toBe('/admin/products/1?saved=edited')
		expect(await history()).toBe(historyBefore + 1)
	})
})

describe('deleting a product', () => {
	it('asks first, on a page that works without the script; only the confirmation deletes', async () => {
		const location = await created({ code: 'DEL-ME', name: 'Spare Net' })
		const id = /\/(\d+)\?/.exec(location)![1]!
		const count = async () => (await app.database.db.select().from(products)).length
		const before = await count()
		// The list's and the editor's Delete are links to the question, not forms that delete.
		const list = await (await admin.request('/admin/products?search=DEL-ME')).text()
		expect(list).toContain(`href="/admin/products/${id}?confirm=delete"`)
		expect(list).not.toMatch(/name="intent" value="delete"/)
		// A one-click post (an old page, a crafted form) is sent to the question, deleting nothing.
		const page = await admin.request(`/admin/products/${id}`)
		const fingerprint = /name="fingerprint" value="([0-9a-f]{64})"/.exec(await page.text())![1]!
		const unconfirmed = await admin.post('/admin/products', { intent: 'delete', id, fingerprint })
		expect(unconfirmed.status).toBe(302)
		expect(unconfirmed.headers.get('location')).toBe(`/admin/products/${id}?confirm=delete`)
		expect(await count()).toBe(before)
		const question = await admin.request(`/admin/products/${id}?confirm=delete`)
		const html = await question.text()
		expect(html).toContain('<title>Delete Spare Net? · Admin')
		expect(await text(new Response(html))).toContain('Yes, delete Spare Net')
		expect(html).toMatch(/name="confirm" value="yes"/)
		const deleted = await admin.post('/admin/products', {
			intent: 'delete',
			id,
			fingerprint,
			confirm: 'yes',
		})
		expect(deleted.status).toBe(302)
		expect(deleted.headers.get('location')).toBe('/admin/products?done=deleted')
		expect(await count()).toBe(before - 1)
	})
})
