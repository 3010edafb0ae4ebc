import { describe, expect, it } from 'vitest'
import { parseForm } from '~/lib/forms'
import { ProductFormSchema } from './product-form'
import { parseOptionPairs, parsePrice } from './product-schema'

/** A product as the editor posts it, with some fields changed. */
const form = (fields: Record<string, string>) => ({
	name: 'Oase BioSmart 6000',
	code: 'OA-BIOSMA-6000',
	image_url: '',
	product_url: '',
	vendor: 'Oase',
	category: 'filters',
	price: '128.99',
	available_sizes: '',
	selected_size: '',
	selected_option: '',
	original_name: '',
	shipping_class: '',
	...fields,
})

const errors = (fields: Record<string, string>) => {
	const submission = parseForm(ProductFormSchema, form(fields))
	if (submission.ok) throw new Error('expected the form to be refused')
	return submission.fieldErrors
}

describe("the product editor's words (issue 62 item 7)", () => {
	it('says what a price must be, beside the price', () => {
		expect(errors({ price: '-3' }).price).toBe('Price must be £0.01 or more')
		expect(errors({ price: '0' }).price).toBe('Price must be £0.01 or more')
		expect(errors({ price: '0.00' }).price).toBe('Price must be £0.01 or more')
		expect(errors({ price: 'call us' }).price).toBe(
			'Price must be an amount in pounds, such as 12.50',
		)
		expect(errors({ price: '1'.repeat(31) }).price).toBe(
			'Price must be an amount in pounds, such as 12.50',
		)
		expect(errors({ price: '2000000' }).price).toBe('Price must be £1,000,000 or less')
	})

	it('words every other field for the owner, never as a CSV column', () => {
		const cases: Array<[Record<string, string>, string, string]> = [
			[{ name: '' }, 'name', 'Enter the product’s name'],
			[{ code: '  ' }, 'code', 'Enter a product code'],
			[{ name: 'x'.repeat(301) }, 'name', 'Name must be 300 characters or fewer'],
			[
				{ vendor: '=cmd()' },
				'vendor',
				'Brand cannot start with =, +, - or @ (a spreadsheet would run it as a formula)',
			],
			[
				{ original_name: 'a\u0007b' },
				'original_name',
				'Original name contains a special control character: please remove it',
			],
			[{ category: 'Koi & more' }, 'category', 'Choose a category from the list'],
			[{ shipping_class: 'boat' }, 'shipping_class', 'Choose a shipping class from the list'],
			[
				{ image_url: 'photo.jpg' },
				'image_url',
				'Photo must be a path on this site (starting with /) or an address starting https://',
			],
			[
				{ product_url: 'oase.com' },
				'product_url',
				'Supplier URL must be an address starting https:// or http://',
			],
			[
				{ description: 'x'.repeat(5001) },
				'description',
				'Description must be 5000 characters or fewer',
			],
			[
				{ 'options.0.name': 'Single', 'options.0.price': '' },
				'options.0.price',
				'Enter a price for “Single”',
			],
			[
				{ 'options.0.name': 'Twin pack', 'options.0.price': '-5' },
				'options.0.price',
				'Price for “Twin pack” must be £0.01 or more',
			],
			[
				{ 'options.1.name': '', 'options.1.price': '5' },
				'options.1.name',
				'Enter a name for this option (it has a price)',
			],
			[
				{ 'specs.0.name': 'Flow', 'specs.0.value': '' },
				'specs.0.value',
				'Enter a value for “Flow”',
			],
		]
		for (const [fields, field, message] of cases) {
			const found = errors(fields)
			expect(found[field], JSON.stringify(fields)).toBe(message)
			// No CSV wording anywhere: a column name, a quoted cell or 'is negative'.
			for (const text of Object.values(found))
				expect(text).not.toMatch(/_|is negative|is not an amount|"|must be one of/)
		}
	})

	it('shows every field of one submission at once', () => {
		const found = errors({ price: '-5', image_url: 'photo.jpg', code: '' })
		expect(Object.keys(found).sort()).toEqual(['code', 'image_url', 'price'])
	})

	it('leaves the CSV import its own words, and the same rule: a price of at least 1p', () => {
		expect(parsePrice('-3')).toMatchObject({ ok: false, message: 'price "-3" is negative' })
		expect(parsePrice('0')).toMatchObject({ ok: false, problem: 'zero' })
		expect(parsePrice('0.01')).toEqual({ ok: true, pence: 1 })
		expect(parseOptionPairs('Single,0,Twin,9.50')).toEqual([{ name: 'Twin', pricePence: 950 }])
	})
})
