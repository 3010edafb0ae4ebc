import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../support/app'

let app: TestApp
const header =
	'name,code,image_url,product_url,vendor,category,price,available_sizes,option_price_pairs,selected_size,selected_option,original_name'
const csv = `${header}
Bravo Pump,P-B,/images/p.jpg,,Oase,pumps,20.00,,,,,
Alpha Pump,P-A,/images/p.jpg,,Blagdon,pumps,Price not available,,,,,
Charlie Pump,P-C,/images/p.jpg,,Oase,pumps,10.00,,,,,
Delta Pump,P-D,/images/p.jpg,,Hozelock,pumps,30.00,,,,,
Echo Filter,F-E,/images/p.jpg,,Evolution Aqua,filters,15.00,,,,,
`

beforeAll(async () => {
	app = await startTestApp({}, { catalogCsv: csv })
})
afterAll(async () => {
	await app?.close()
})

/** The product names in the order the listing shows them. */
async function listed(query: string) {
	const html = await (await app.request(`/pond-products/pumps${query}`)).text()
	return [...html.matchAll(/>(Alpha|Bravo|Charlie|Delta) Pump</g)].map((m) => m[1])
}

describe('category listings: sorting and filters without JavaScript (issue 32 item 1a)', () => {
	it('sorts by price, name and newest from the query string', async () => {
		expect(await listed('')).toEqual(['Bravo', 'Alpha', 'Charlie', 'Delta'])
		expect(await listed('?sort=price-asc')).toEqual(['Charlie', 'Bravo', 'Delta', 'Alpha'])
		expect(await listed('?sort=price-desc')).toEqual(['Delta', 'Bravo', 'Charlie', 'Alpha'])
		expect(await listed('?sort=name')).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta'])
		expect(await listed('?sort=newest')).toEqual(['Delta', 'Charlie', 'Alpha', 'Bravo'])
	})

	it('filters by brand and price range, and says so when nothing matches', async () => {
		expect(await listed('?vendor=Oase')).toEqual(['Bravo', 'Charlie'])
		expect(await listed('?min=15&max=30&sort=price-asc')).toEqual(['Bravo', 'Delta'])
		const none = await (await app.request('/pond-products/pumps?min=500')).text()
		expect(none).toContain('No products match these filters.')
		const page = await (await app.request('/pond-products/pumps')).text()
		expect(page).toMatch(/<form aria-label="Sort and filter"[^>]*method="get"/)
		expect(page).toContain('<option value="Hozelock">Hozelock</option>')
	})

	it('sorts and filters all products on /pond-products too, across categories (issue 62 item 8)', async () => {
		const all = async (query: string) => {
			const html = await (await app.request(`/pond-products${query}`)).text()
			return [...html.matchAll(/>(\w+) (?:Pump|Filter)</g)].map((m) => m[1])
		}
		// Unsorted: the grouped view, with the form offering every category's brands.
		const page = await (await app.request('/pond-products')).text()
		expect(page).toMatch(/<form aria-label="Sort and filter"[^>]*action="\/pond-products"/)
		expect(page).toContain('<option value="Evolution Aqua">Evolution Aqua</option>')
		expect(page).toContain('<option value="Hozelock">Hozelock</option>')
		// Sorted or filtered: one list across the categories.
		expect(await all('?sort=price-asc')).toEqual(['Charlie', 'Echo', 'Bravo', 'Delta', 'Alpha'])
		expect(await all('?sort=name&min=12')).toEqual(['Bravo', 'Delta', 'Echo'])
		expect(await all('?vendor=Evolution+Aqua')).toEqual(['Echo'])
		expect(await all('?search=pump&sort=price-desc')).toEqual([
			'Delta',
			'Bravo',
			'Charlie',
			'Alpha',
		])
		const none = await (await app.request('/pond-products?min=500')).text()
		expect(none).toContain('No products match these filters.')
		expect((await app.request('/pond-products?sort=evil&page=-4&max=x')).status).toBe(200)
	})

	it('reads nonsense as no option, never an error', async () => {
		const res = await app.request(
			'/pond-products/pumps?sort=evil&min=-1&max=1e9&vendor=%3Cscript%3E',
		)
		expect(res.status).toBe(200)
	})
})
