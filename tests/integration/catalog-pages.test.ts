import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../support/app'

let app: TestApp
beforeAll(async () => {
	app = await startTestApp()
})
afterAll(async () => {
	await app?.close()
})

const html = async (path: string) => {
	const res = await app.request(path)
	return { status: res.status, body: await res.text() }
}

describe('catalogue pages', () => {
	it('groups the listing by category in the spec order, eight at most, with View All links', async () => {
		const { status, body } = await html('/pond-products')
		expect(status).toBe(200)
		const headings = [...body.matchAll(/<h2 id="cat-([a-z_]+)"/g)].map((m) => m[1])
		expect(headings).toEqual(['filters', 'fittings', 'pumps', 'air_pumps', 'skimmers'])
		expect(body).toMatch(/View All 64 Products/)
		expect(body).toContain('Air Pumps')
	})

	it('pages a category with real links, a ±2 window and self-canonicals', async () => {
		const { body } = await html('/pond-products/fittings?page=2')
		expect(body).toContain(
			`<link rel="canonical" href="${app.url}/pond-products/fittings?page=2"/>`,
		)
		expect(body).toContain('href="/pond-products/fittings?page=3"')
		expect(body).toContain('aria-current="page" aria-label="Page 2"')
		expect(body).toContain('Page 2 of 4')
	})

	it('clamps malformed and out-of-range pages instead of failing', async () => {
		for (const [query, shown] of [
			['page=abc', 'Page 1 of 4'],
			['page=-3', 'Page 1 of 4'],
			['page=999', 'Page 4 of 4'],
		]) {
			const { status, body } = await html(`/pond-products/fittings?${query}`)
			expect(status, query).toBe(200)
			expect(body, query).toContain(shown)
		}
	})

	it('searches literally: odd characters never error and match nothing they should not', async () => {
		for (const search of [
			'%',
			'_',
			"'; drop table products; --",
			'"<script>',
			'🐟',
			'x'.repeat(10_000),
		]) {
			const { status, body } = await html(`/pond-products?search=${encodeURIComponent(search)}`)
			expect(status, search.slice(0, 20)).toBe(200)
			expect(body).toContain('Clear Search')
			expect(body).not.toContain('<script>"')
		}
		const { body } = await html('/pond-products/pumps?search=OASE')
		expect(body).toMatch(/\d+ products matching “OASE”/)
	})

	it('answers unknown categories and products with 404, and a product in another category too', async () => {
		expect((await html('/pond-products/sofas')).status).toBe(404)
		expect((await html('/pond-products/pumps/99999')).status).toBe(404)
		const wrong = await html('/pond-products/filters/145')
		expect(wrong.status).toBe(404)
		expect(wrong.body).toContain('Product not found')
	})

	it('renders a product with its price, options and Product JSON-LD in GBP', async () => {
		const { status, body } = await html('/pond-products/pumps/145')
		expect(status).toBe(200)
		expect(body).toContain('Evolution Aqua Varipump 16000')
		expect(body).toContain('£685.99')
		expect(body).toContain('With fountain kit')
		expect(body).not.toContain('With controller')
		const ld = [...body.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/g)].map(
			(m) => JSON.parse(m[1]!),
		)
		const product = ld.find((d) => d['@type'] === 'Product')
		expect(product).toMatchObject({
			sku: 'PU-VARI-16000',
			brand: { name: 'Evolution Aqua' },
			offers: { priceCurrency: 'GBP', price: '685.99' },
		})
		expect(body).toContain(
			`<meta property="og:image" content="${app.url}/images/products/pu-vari-16000.jpg"/>`,
		)
	})

	it('offers Ask for a price instead of Add to Cart for an unpriced product', async () => {
		const { body } = await html('/pond-products/fittings/91')
		expect(body).toContain('Price not available')
		expect(body).toContain('href="/contact?product=FT-1023"')
		expect(body).not.toContain('Add to Cart')
	})

	it('lists every product in the sitemap', async () => {
		const sitemap = await (await app.request('/sitemap.xml')).text()
		expect(sitemap).toContain(`<loc>${app.url}/pond-products/pumps/145</loc>`)
		expect(sitemap.match(/\/pond-products\/[a-z_]+\/\d+</g)?.length).toBe(
			(await app.runtime.catalog.all()).length,
		)
	})
})
