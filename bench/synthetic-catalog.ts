// A synthetic catalogue of any size, for the catalogue and upload benches.
const CATEGORIES = ['filters', 'fittings', 'pumps', 'air_pumps', 'skimmers']
const VENDORS = [
	'Oase',
	'Evolution Aqua',
	'Blagdon',
	'Hozelock',
	'Bermuda',
	'Yamitsu',
	'Hailea',
	'Sunsun',
]
const KINDS = [
	'Pond Pump',
	'Box Filter',
	'Ball Valve',
	'Air Pump',
	'Skimmer',
	'UV Clarifier',
	'Hose Tail',
]

/** `rows` products in the catalogue format; `priceOffset` pence moves every price (a re-priced file). */
export function syntheticCatalogCsv(rows: number, priceOffset = 0) {
	const lines = [
		'name,code,image_url,product_url,vendor,category,price,available_sizes,option_price_pairs,selected_size,selected_option,original_name',
	]
	for (let i = 0; i < rows; i++) {
		const vendor = VENDORS[i % VENDORS.length]!
		const name = `${vendor} ${KINDS[i % KINDS.length]} ${1000 + i}`
		const sizes = i % 5 === 0 ? '"1 m,2 m,5 m"' : ''
		const options =
			i % 7 === 0
				? `"Standard,${(20 + (i % 500)).toFixed(2)},Deluxe,${(40 + (i % 500)).toFixed(2)}"`
				: ''
		lines.push(
			[
				name,
				`SYN-${i}`,
				'/images/products/missing.jpg',
				`https://supplier.example/${i}`,
				vendor,
				CATEGORIES[i % 5],
				(5 + (i % 900) + 0.99 + priceOffset / 100).toFixed(2),
				sizes,
				options,
				'',
				'',
				name,
			].join(','),
		)
	}
	return `${lines.join('\n')}\n`
}
