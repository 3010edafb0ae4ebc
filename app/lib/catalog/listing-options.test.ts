import { describe, expect, it } from 'vitest'
import { applyListing, parseListingOptions } from './listing-options'

const products = [
	{ name: 'Bravo', vendor: 'Oase', pricePence: 2000 },
	{ name: 'alpha', vendor: 'Blagdon', pricePence: null },
	{ name: 'Charlie', vendor: 'Oase', pricePence: 1000 },
	{ name: 'Delta', vendor: 'Hozelock', pricePence: 3000 },
]
const names = (list: typeof products) => list.map((p) => p.name)
const options = (query: string) => parseListingOptions(new URLSearchParams(query))

describe('listing sorting and filters', () => {
	it('sorts by price (unpriced last both ways), name and newest', () => {
		expect(names(applyListing(products, options('sort=price-asc')))).toEqual([
			'Charlie',
			'Bravo',
			'Delta',
			'alpha',
		])
		expect(names(applyListing(products, options('sort=price-desc')))).toEqual([
			'Delta',
			'Bravo',
			'Charlie',
			'alpha',
		])
		expect(names(applyListing(products, options('sort=name')))).toEqual([
			'alpha',
			'Bravo',
			'Charlie',
			'Delta',
		])
		expect(names(applyListing(products, options('sort=newest')))).toEqual([
			'Delta',
			'Charlie',
			'alpha',
			'Bravo',
		])
	})
	it('filters by vendor and price range (unpriced products leave a ranged view)', () => {
		expect(names(applyListing(products, options('vendor=Oase')))).toEqual(['Bravo', 'Charlie'])
		expect(names(applyListing(products, options('min=15&max=30')))).toEqual(['Bravo', 'Delta'])
		expect(names(applyListing(products, options('max=10.00')))).toEqual(['Charlie'])
	})
	it('reads malformed values as no option', () => {
		expect(options('sort=evil&min=-5&max=abc&vendor=')).toEqual({
			sort: '',
			vendor: '',
			minPence: null,
			maxPence: null,
		})
	})
})
