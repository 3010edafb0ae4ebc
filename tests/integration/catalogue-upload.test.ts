import fs from 'node:fs'
import type { RouteConfigEntry } from '@react-router/dev/routes'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { catalogCsvLines } from '~/.server/catalog/export'
import { catalogHash } from '~/.server/catalog/import'
import { catalogState, catalogUploads, catalogVersions, products } from '~/.server/db/schema'
import routes from '~/routes'
import { startTestApp, type TestApp } from '../support/app'
import { createAdmin } from '../support/factories'
import type { TestClient } from '../support/session'

const demo = fs.readFileSync('catalog/products.csv', 'utf8')
const [header, ...rows] = demo.trimEnd().split('\n')
// The first demo product: OA-BIOSMA-6000, £128.99, /pond-products/filters/0.
const FIRST_PAGE = '/pond-products/filters/0'

let app: TestApp
let admin: TestClient

beforeAll(async () => {
	app = await startTestApp()
	admin = (await createAdmin(app)).client
})
afterAll(async () => {
	await app?.close()
})

function upload(client: TestClient, content: string | Buffer, name = 'catalogue.csv') {
	const form = new FormData()
	const part = typeof content === 'string' ? content : new Uint8Array(content)
	form.set('file', new Blob([part], { type: 'text/csv' }), name)
	return client.request('/admin/catalogue', { method: 'POST', body: form })
}

const ENTITIES: Record<string, string> = { '&quot;': '"', '&#x27;': "'", '&lt;': '<', '&gt;': '>' }
const pageText = async (res: Response) =>
	(await res.text())
		.replace(/<[^>]+>/g, ' ')
		.replace(/&quot;|&#x27;|&lt;|&gt;/g, (e) => ENTITIES[e]!)
		.replace(/&amp;/g, '&')
		.replace(/\s+/g, ' ')

/** The product page once it shows `text`: a new catalogue loads in the background, so poll. */
async function productPageShows(text: string) {
	let page = ''
	for (let waited = 0; waited < 10_000; waited += 100) {
		page = await pageText(await admin.request(FIRST_PAGE))
		if (page.includes(text)) return true
		await new Promise((resolve) => setTimeout(resolve, 100))
	}
	return false
}

async function snapshot() {
	const db = app.database.db
	const [state] = await db.select().from(catalogState)
	return {
		version: state?.version,
		products: (await db.select({ id: products.id }).from(products)).length,
		uploads: (await db.select({ id: catalogUploads.id }).from(catalogUploads)).length,
	}
}

async function stage(csv: string) {
	const res = await upload(admin, csv)
	expect(res.status).toBe(302)
	const location = res.headers.get('location') ?? ''
	expect(location).toMatch(/^\/admin\/catalogue\?upload=[0-9a-f]{32}$/)
	return location.split('=')[1]!
}

describe('catalogue upload: refused files change nothing', () => {
	const cases: Array<[string, string | Buffer, string, RegExp, number?]> = [
		['not a CSV', 'hello', 'prices.xlsx', /"prices.xlsx" is not a CSV file.*columns name, code/],
		[
			'wrong header',
			'sku,title\n1,Pump\n',
			'c.csv',
			/missing column.*Expected columns: name, code/,
		],
		[
			'not UTF-8',
			Buffer.from(`${header}\n${rows[0]}\n${rows[1]!.replace('Oase', 'Öase')}\n`, 'latin1'),
			'c.csv',
			/not UTF-8 text \(first bad character on line 3\)/,
		],
		['empty', '', 'c.csv', /The file is empty/],
		[
			// Issue 28 L3: stored as text, PostgreSQL refused the NUL with a 500.
			'a NUL byte',
			`${header}\n${rows[0]}\n${rows[1]!.replace('Oase', 'Oa\u0000se')}\n`,
			'c.csv',
			/holds a NUL character \(line 3\)/,
		],
		[
			'a control character in the name',
			`${header}\n${rows[0]}\n`,
			'c\u0001.csv',
			/rename the file/,
		],
		[
			'no valid rows',
			`${header}\n"=HYPERLINK(""http://evil.example"",""Click"")",A,/images/a.jpg,,Oase,pumps,1.00,,,,,,\n`,
			'c.csv',
			/no valid product rows/,
		],
		['over 20 MB', Buffer.alloc(20 * 1024 * 1024 + 10, 'x'), 'junk.csv', /larger than 20 MB/, 413],
		[
			'20 MB of junk',
			Buffer.from(Array.from({ length: 20 * 1024 * 1024 - 100 }, (_, i) => (i * 7919) % 251)),
			'junk.csv',
			/not UTF-8 text \(first bad character on line \d+\)/,
		],
	]
	for (const [label, content, name, message, status = 400] of cases) {
		it(`${label}: a clear message, nothing changed`, async () => {
			const before = await snapshot()
			const res = await upload(admin, content, name)
			expect(res.status).toBe(status)
			const text = await pageText(res)
			expect(text).toMatch(message)
			expect(text).toMatch(/Nothing has changed/)
			expect(await snapshot()).toEqual(before)
		}, 60_000)
	}
})

describe('catalogue upload: preview, publish, restore', () => {
	it('previews a file with a bad row: counts, the rejected line and the changes by code', async () => {
		const before = await snapshot()
		const csv = [
			header,
			rows[0]!.replace('128.99', '"£1,299.00"'),
			...rows.slice(1, 40),
			rows[40]!.replace(/,(\d+\.\d\d|Price not available),/, ',abc,'),
			...rows.slice(41, -1),
		].join('\n')
		const id = await stage(csv)
		expect((await snapshot()).products).toBe(before.products)
		const text = await pageText(await admin.request(`/admin/catalogue?upload=${id}`))
		expect(text).toMatch(/Line 42 ?: price "abc" is not an amount/)
		expect(text).toMatch(/1 rows are rejected/)
		expect(text).toMatch(/0 added, 2 removed, 1 with a new price/)
		expect(text).toMatch(/OA-BIOSMA-6000 ?\): £128.99 → £1,299.00/)
		expect(text).toMatch(/Filters \d+/)
	})

	it('publishes a staged upload by id, then restores the previous version in one click', async () => {
		const id = await stage(demo.replace('128.99', '139.50'))
		const published = await admin.post('/admin/catalogue', { intent: 'publish', upload: id })
		expect(published.status).toBe(302)
		expect(published.headers.get('location')).toBe('/admin/catalogue?done=published')
		expect(await productPageShows('£139.50')).toBe(true)
		// The upload is used up: publishing it again changes nothing.
		const again = await admin.post('/admin/catalogue', { intent: 'publish', upload: id })
		expect(again.status).toBe(404)
		const versions = await app.database.db.select().from(catalogVersions)
		const previous = versions.find((v) => v.contentHash === catalogHash(demo))!
		expect(versions.at(-1)?.publishedBy).toMatch(/^admin-/)
		const page = await pageText(await admin.request('/admin/catalogue?done=published'))
		expect(page).toContain('The new catalogue is published')
		expect(page).toMatch(/\(live\)/)
		const restored = await admin.post('/admin/catalogue', {
			intent: 'restore',
			version: String(previous.id),
		})
		expect(restored.headers.get('location')).toBe('/admin/catalogue?done=restored')
		expect(await productPageShows('£128.99')).toBe(true)
		// The demo file is published again: one version is live; its older copy is marked, not offered.
		const after = await pageText(await admin.request('/admin/catalogue'))
		expect(after.match(/\(live\)/g)).toHaveLength(1)
		expect(after).toContain('(same as live)')
	})

	it('refuses an unknown or forged upload id and a version that is not kept', async () => {
		const before = await snapshot()
		const unknown = await admin.post('/admin/catalogue', {
			intent: 'publish',
			upload: 'a'.repeat(32),
		})
		expect(unknown.status).toBe(404)
		const forged = await admin.post('/admin/catalogue', { intent: 'publish', upload: '../x' })
		expect(forged.status).toBe(400)
		const gone = await admin.post('/admin/catalogue', { intent: 'restore', version: '99999' })
		expect(gone.status).toBe(404)
		expect(await snapshot()).toEqual(before)
	})

	it('discards an upload without publishing it', async () => {
		const before = await snapshot()
		const id = await stage(demo.replace('128.99', '1.00'))
		const res = await admin.post('/admin/catalogue', { intent: 'discard', upload: id })
		expect(res.headers.get('location')).toBe('/admin/catalogue?done=discarded')
		expect(await snapshot()).toEqual(before)
	})

	it('keeps only the last five versions', async () => {
		for (const price of ['1.01', '1.02', '1.03', '1.04', '1.05', '1.06']) {
			const id = await stage(demo.replace('128.99', price))
			await admin.post('/admin/catalogue', { intent: 'publish', upload: id })
		}
		const versions = await app.database.db.select().from(catalogVersions)
		expect(versions).toHaveLength(5)
		const [state] = await app.database.db.select().from(catalogState)
		const [first] = await app.database.db.select().from(products).where(eq(products.id, '0'))
		expect(first?.pricePence).toBe(106)
		expect(state?.productCount).toBe(rows.length)
	})
})

describe('catalogue download', () => {
	it('is the live catalogue in the upload format: uploading it again changes nothing', async () => {
		const res = await admin.request('/admin/catalogue.csv')
		expect(res.status).toBe(200)
		expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
		expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="catalogue-/)
		const bytes = Buffer.from(await res.arrayBuffer())
		// A byte-order mark first, so Excel reads the £ signs as UTF-8.
		expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
		const csv = bytes.toString('utf8')
		// The optional columns are always written (issue 32): hidden, a gallery's other photos,
		// the description and the specifications.
		expect(csv.split('\r\n')[0]).toBe(
			`\uFEFF${header},hidden,more_images,description,specifications`,
		)
		const id = await stage(csv)
		const text = await pageText(await admin.request(`/admin/catalogue?upload=${id}`))
		expect(text).toMatch(/0 rows are rejected/)
		expect(text).toMatch(/0 added, 0 removed, 0 with a new price/)
	})

	it('neutralises formula-looking cells', () => {
		const lines = [
			...catalogCsvLines([
				{
					name: '=HYPERLINK("http://evil.example")',
					code: '+1',
					imageUrl: '/images/a.jpg',
					moreImages: [],
					productUrl: '',
					vendor: '@vendor',
					category: 'pumps',
					pricePence: 1299,
					sizes: [],
					options: [],
					selectedSize: '',
					selectedOption: '',
					originalName: '-x',
					shippingClass: null,
					hidden: false,
					description: '',
					specifications: [],
				},
			]),
		]
		expect(lines[1]).toBe(
			`"'=HYPERLINK(""http://evil.example"")",'+1,/images/a.jpg,,'@vendor,pumps,12.99,,,,,'-x,,,,,\r\n`,
		)
	})
})

describe('catalogue routes', () => {
	it('are in the route table, so the authorisation matrix covers them', () => {
		const admin = (routes as RouteConfigEntry[]).map((r) => r.path)
		expect(admin).toEqual(expect.arrayContaining(['admin/catalogue', 'admin/catalogue.csv']))
	})
})
