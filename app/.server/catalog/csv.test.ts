import { describe, expect, it } from 'vitest'
import { CSV_COLUMNS, parseCatalogCsv, parseOptionPairs } from './csv'
import { catalogCsv } from './export'

const HEADER = CSV_COLUMNS.join(',')
const row = (overrides: Partial<Record<(typeof CSV_COLUMNS)[number], string>> = {}) => {
	const values: Record<string, string> = {
		name: 'Oase Pump',
		code: 'OA-1',
		image_url: '/images/products/oa-1.jpg',
		product_url: 'https://supplier.example/oa-1',
		vendor: 'Oase',
		category: 'pumps',
		price: '99.99',
		available_sizes: '',
		option_price_pairs: '',
		selected_size: '',
		selected_option: '',
		original_name: '',
		...overrides,
	}
	return CSV_COLUMNS.map((c) => {
		const v = values[c] ?? ''
		return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v
	}).join(',')
}

describe('parseCatalogCsv', () => {
	it('reads quoted fields, commas and quotes inside quotes, a BOM and CRLF line ends', () => {
		const csv = `\uFEFF${HEADER}\r\n${row({ name: 'Pump, "Eco" 3000', available_sizes: '5 m,10 m' })}\r\n`
		const result = parseCatalogCsv(csv)
		expect(result.ok).toBe(true)
		if (!result.ok) return
		expect(result.products[0]).toMatchObject({
			id: '0',
			name: 'Pump, "Eco" 3000',
			sizes: ['5 m', '10 m'],
			selectedSize: '5 m',
			pricePence: 9999,
			originalName: 'Pump, "Eco" 3000',
		})
	})

	it('treats an empty price or "Price not available" as no price, and rejects other text', () => {
		const csv = [
			HEADER,
			row({ code: 'A', price: '' }),
			row({ code: 'B', price: 'Price not available' }),
			row({ code: 'C', price: 'call us' }),
			row({ code: 'D', price: '£1,299.00' }),
			row({ code: 'E', price: '1000000.01' }),
		].join('\n')
		const result = parseCatalogCsv(csv)
		if (!result.ok) throw new Error(result.error)
		expect(result.products.map((p) => [p.code, p.pricePence])).toEqual([
			['A', null],
			['B', null],
			['D', 129900],
		])
		expect(result.errors).toEqual([
			{ line: 4, reason: 'price "call us" is not an amount' },
			{ line: 6, reason: 'price "1000000.01" is more than £1,000,000' },
		])
	})

	it('keeps product ids as the data-row index even when earlier rows are rejected', () => {
		const csv = [HEADER, row({ code: 'A', category: 'Sofas & Chairs' }), row({ code: 'B' })].join(
			'\n',
		)
		const result = parseCatalogCsv(csv)
		if (!result.ok) throw new Error(result.error)
		expect(result.products.map((p) => p.id)).toEqual(['1'])
		expect(result.errors[0]?.line).toBe(2)
		expect(result.errors[0]?.reason).toMatch(/category is not a category address/)
	})

	it('reports rows with the wrong number of fields, duplicate codes and bad URLs by line', () => {
		const csv = [
			HEADER,
			'just,three,fields',
			row({ code: 'A' }),
			row({ code: 'A' }),
			row({ code: 'B', product_url: 'javascript:alert(1)' }),
		].join('\n')
		const result = parseCatalogCsv(csv)
		if (!result.ok) throw new Error(result.error)
		expect(result.errors.map((e) => e.line)).toEqual([2, 4, 5])
		expect(result.errors[1]?.reason).toBe('duplicate code A (first on line 3)')
		expect(result.errors[2]?.reason).toMatch(/product_url/)
	})

	it('refuses a file whose header lacks a column', () => {
		const result = parseCatalogCsv('name,code,price\nA,B,1')
		expect(result).toEqual({ ok: false, error: expect.stringContaining('image_url') })
		if (!result.ok)
			expect(result.error).toContain(`Expected columns: ${HEADER.replace(/,/g, ', ')}`)
	})
})

describe('bad files (issue 20)', () => {
	it('refuses a file that is not UTF-8, naming the line', () => {
		const latin1 = Buffer.from(
			`${HEADER}\n${row()}\n${row({ code: 'OA-2', name: 'Pompe à eau' })}\n`,
			'latin1',
		)
		const result = parseCatalogCsv(latin1)
		expect(result).toEqual({ ok: false, error: expect.stringContaining('not UTF-8') })
		if (!result.ok) expect(result.error).toContain('line 3')
	})

	it('refuses an empty file and a file of junk', () => {
		expect(parseCatalogCsv('')).toEqual({ ok: false, error: 'The file is empty.' })
		expect(parseCatalogCsv(Buffer.from('\uFEFF\r\n\n'))).toEqual({
			ok: false,
			error: 'The file is empty.',
		})
		const junk = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256))
		expect(parseCatalogCsv(junk)).toMatchObject({ ok: false })
	})

	it('rejects formula-looking text cells and bad prices by line; grouped pounds are fine', () => {
		const csv = [
			HEADER,
			row({ code: 'F-1', name: '=HYPERLINK("http://evil.example","Click")' }),
			row({ code: 'F-2', vendor: '@SUM(A1)' }),
			row({ code: 'P-1', price: '£1,299.00' }),
			row({ code: 'P-2', price: 'abc' }),
		].join('\n')
		const result = parseCatalogCsv(csv)
		if (!result.ok) throw new Error(result.error)
		expect(result.products.map((p) => [p.code, p.pricePence])).toEqual([['P-1', 129_900]])
		expect(result.errors).toEqual([
			{ line: 2, reason: expect.stringContaining('spreadsheet formula') },
			{ line: 3, reason: expect.stringContaining('spreadsheet formula') },
			{ line: 5, reason: 'price "abc" is not an amount' },
		])
	})
})

describe('parseOptionPairs', () => {
	it('reads alternating name and price, ignoring pairs with a non-numeric price', () => {
		expect(parseOptionPairs('Standard,89.99,Pro,POA,With UV,£120')).toEqual([
			{ name: 'Standard', pricePence: 8999 },
			{ name: 'With UV', pricePence: 12000 },
		])
		expect(parseOptionPairs('')).toEqual([])
		expect(parseOptionPairs('Lonely')).toEqual([])
	})
})

describe('shipping_class column', () => {
	const header = `${CSV_COLUMNS.join(',')},shipping_class`
	const row = (cls: string) =>
		`Liner,LN-${cls || 'none'},/images/products/a.jpg,,Acme,filters,£10,,,,,,${cls}`
	it('is optional, accepts the three classes and rejects others with the line number', () => {
		const result = parseCatalogCsv(`${header}\n${row('pallet')}\n${row('')}\n${row('lorry')}\n`)
		expect(result.ok).toBe(true)
		if (!result.ok) return
		expect(result.products.map((p) => p.shippingClass)).toEqual(['pallet', null])
		expect(result.errors).toEqual([
			{ line: 4, reason: 'shipping_class must be one of parcel, pallet, collection (or empty)' },
		])
		const without = parseCatalogCsv(
			`${CSV_COLUMNS.join(',')}\nLiner,LN-1,/images/products/a.jpg,,Acme,filters,£10,,,,,\n`,
		)
		expect(without.ok && without.products[0]!.shippingClass).toBe(null)
	})
})

describe('descriptions and specifications (issue 32 item 1a)', () => {
	const HEADER_1A = `${CSV_COLUMNS.join(',')},description,specifications`
	const base = 'Pond Pump,PP-1,/images/products/a.jpg,,Oase,pumps,£99,,,,,'

	it('round-trips a multi-line description and specifications exactly', () => {
		const description =
			'Quiet, efficient "Eco" motor.\n\n- Moves 6,000 litres an hour\n- 3 year guarantee\n\n### Fitting\nUse 1" hose.'
		const csv = `${HEADER_1A}\n${base},"${description.replace(/"/g, '""')}","Flow rate: 6,000 l/h\nPower: 45 W\nCable: 10 m"\n`
		const first = parseCatalogCsv(csv)
		if (!first.ok) throw new Error(first.error)
		expect(first.errors).toEqual([])
		expect(first.products[0]).toMatchObject({
			description,
			specifications: [
				{ name: 'Flow rate', value: '6,000 l/h' },
				{ name: 'Power', value: '45 W' },
				{ name: 'Cable', value: '10 m' },
			],
		})
		const again = parseCatalogCsv(catalogCsv(first.products))
		if (!again.ok) throw new Error(again.error)
		expect(again.products).toEqual(first.products)
		expect(catalogCsv(again.products)).toBe(catalogCsv(first.products))
	})

	it('imports old files without the columns, and refuses a specification it cannot read', () => {
		const old = parseCatalogCsv(`${CSV_COLUMNS.join(',')}\n${base}\n`)
		expect(old.ok && old.products[0]).toMatchObject({ description: '', specifications: [] })
		const bad = parseCatalogCsv(
			`${HEADER_1A}\n${base},,"Flow rate 6000"\n${base.replace('PP-1', 'PP-2')},"=HYPERLINK(1)",\n`,
		)
		if (!bad.ok) throw new Error(bad.error)
		expect(bad.products).toEqual([])
		expect(bad.errors).toEqual([
			{ line: 2, reason: 'specifications line 1 is not "Name: value" ("Flow rate 6000")' },
			{ line: 3, reason: 'description starts like a spreadsheet formula (=, +, - or @)' },
		])
	})
})
