// Writes catalog/products.csv: the demo catalogue of a UK pond supplier (see README: demo data).
// Deterministic, so re-running it produces the same file.
import fs from 'node:fs'
import { rows, slug } from './demo-rows'

const header =
	'name,code,image_url,product_url,vendor,category,price,available_sizes,option_price_pairs,selected_size,selected_option,original_name,shipping_class'
// Drum filters and anything over £600 is too big for a parcel courier; the rest uses the default.
const shippingClass = (row: { name: string; price: string }) =>
	/Drum/.test(row.name) || Number(row.price) >= 600 ? 'pallet' : ''
const cell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value)
const lines = rows.map((row) => {
	const image = `/images/products/${slug(row.code)}.jpg`
	const url = `https://www.pond-supplier.example/${slug(row.vendor)}/${slug(row.code)}`
	return [
		row.name,
		row.code,
		image,
		url,
		row.vendor,
		row.category,
		row.price,
		row.sizes?.join(',') ?? '',
		row.options?.flat().join(',') ?? '',
		row.sizes?.[0] ?? '',
		row.options?.[0]?.[0] ?? '',
		row.originalName ?? row.name,
		shippingClass(row),
	]
		.map(cell)
		.join(',')
})
fs.mkdirSync('catalog', { recursive: true })
fs.writeFileSync('catalog/products.csv', `${header}\n${lines.join('\n')}\n`)
const counts = rows.reduce<Record<string, number>>((acc, row) => {
	acc[row.category] = (acc[row.category] ?? 0) + 1
	return acc
}, {})
const codes = new Set(rows.map((row) => row.code))
if (codes.size !== rows.length) throw new Error('duplicate product codes')
console.log(`${rows.length} products`, counts)
