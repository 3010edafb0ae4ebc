import fs from 'node:fs'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { products } from '~/.server/db/schema'
import { startTestApp, type TestApp } from '../support/app'
import { createAdmin } from '../support/factories'
import type { TestClient } from '../support/session'

/** Issue 32 item 1a: a description (safe Markdown) and specifications, from the editor to the page. */
const demo = fs.readFileSync('catalog/products.csv', 'utf8')
const [header, ...rows] = demo.trimEnd().split('\n')

let app: TestApp
let admin: TestClient
beforeAll(async () => {
	app = await startTestApp({}, { catalogCsv: `${header}\n${rows.slice(0, 3).join('\n')}\n` })
	admin = (await createAdmin(app)).client
})
afterAll(async () => {
	await app?.close()
})

const form = (overrides: Record<string, string> = {}) => ({
	name: 'Oase Aquamax Eco Premium 6000',
	code: 'OA-AQ-6000',
	vendor: 'Oase',
	category: 'pumps',
	price: '289.00',
	available_sizes: '',
	selected_size: '',
	selected_option: '',
	shipping_class: '',
	product_url: '',
	image_url: '/images/products/oa-aq-6000.jpg',
	original_name: '',
	description:
		'A quiet, efficient pump for filter-fed ponds.\r\n\r\n- **6,000 litres** an hour\r\n- Five year guarantee\r\n\r\n<script>alert(1)</script> [Manual](javascript:alert(1))',
	'specs.0.name': 'Flow rate',
	'specs.0.value': '6,000 litres an hour',
	'specs.1.name': 'Power',
	'specs.1.value': '45 W',
	'specs.2.name': '',
	'specs.2.value': '',
	...overrides,
})

describe('product descriptions and specifications', () => {
	it('are saved from the editor, shown on the product page as safe HTML and a table, and edited again', async () => {
		const res = await admin.post('/admin/products/new', form())
		expect(res.status).toBe(302)
		const id = /\/admin\/products\/(\d+)/.exec(res.headers.get('location') ?? '')![1]!
		const [row] = await app.database.db.select().from(products).where(eq(products.id, id))
		expect(row!.description).toBe(
			'A quiet, efficient pump for filter-fed ponds.\n\n- **6,000 litres** an hour\n- Five year guarantee\n\n<script>alert(1)</script> [Manual](javascript:alert(1))',
		)
		expect(row!.specifications).toEqual([
			{ name: 'Flow rate', value: '6,000 litres an hour' },
			{ name: 'Power', value: '45 W' },
		])
		let html = ''
		for (let waited = 0; waited < 5_000 && !html.includes('About this product'); waited += 100) {
			const page = await app.request(`/pond-products/pumps/${id}`)
			html = await page.text()
			if (!html.includes('About this product')) await new Promise((r) => setTimeout(r, 100))
		}
		expect(html).toContain('<li><strong>6,000 litres</strong> an hour</li>')
		expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
		expect(html).not.toMatch(/<script>alert|href="javascript/)
		expect(html).toMatch(/<th scope="row"[^>]*>Flow rate<\/th><td[^>]*>6,000 litres an hour<\/td>/)
		expect(html).toContain(
			'<meta name="description" content="A quiet, efficient pump for filter-fed ponds. 6,000 litres an hour Five year guarantee',
		)
		// The editor shows the rows again, ready to change.
		const editor = await (await admin.request(`/admin/products/${id}`)).text()
		expect(editor).toMatch(
			/name="specs\.1\.name"[^>]*value="Power"|value="Power"[^>]*name="specs\.1\.name"/,
		)
		expect(editor).toContain('A quiet, efficient pump for filter-fed ponds.')
	})

	it('refuses rows the catalogue file could not keep, naming the row', async () => {
		const cases: Array<[Record<string, string>, string]> = [
			// In the owner's words, beside the field (issue 62 item 7).
			[{ 'specs.0.name': '' }, 'Enter a name for this specification (it has a value)'],
			[{ 'specs.1.value': '' }, 'Enter a value for “Power”'],
			[{ 'specs.0.name': 'Flow: max' }, 'A specification’s name cannot contain a colon (:)'],
			[
				{ description: '=HYPERLINK("x")' },
				'Description cannot start with =, +, - or @ (a spreadsheet would run it as a formula)',
			],
			[{ description: 'x'.repeat(5001) }, 'Description must be 5000 characters or fewer'],
		]
		for (const [overrides, message] of cases) {
			const res = await admin.post('/admin/products/new', form({ code: 'OA-NEW', ...overrides }))
			expect(res.status, message).toBe(400)
			expect((await res.text()).replace(/&quot;/g, '"')).toContain(message)
		}
	})
})
