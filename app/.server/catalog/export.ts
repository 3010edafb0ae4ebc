import { CSV_COLUMNS, OPTIONAL_CSV_COLUMNS } from '~/lib/catalog/columns'
import type { Product } from '~/lib/catalog/product'
import { PRICE_NOT_AVAILABLE } from '~/lib/catalog/product'
import { csvRow } from '~/lib/csv'
import { penceToInput } from '~/lib/money'

/**
 * The live catalogue in the upload format, so a download can be edited and uploaded again;
 * csvRow defuses formula-looking cells so a spreadsheet never runs them.
 */
export function* catalogCsvLines(products: Product[]) {
	// A byte-order mark so Excel reads £ signs and accents as UTF-8 (the import skips it).
	yield `\uFEFF${csvRow([...CSV_COLUMNS, ...OPTIONAL_CSV_COLUMNS])}`
	for (const p of products) {
		yield csvRow([
			p.name,
			p.code,
			p.imageUrl,
			p.productUrl,
			p.vendor,
			p.category,
			p.pricePence === null ? PRICE_NOT_AVAILABLE : penceToInput(p.pricePence),
			p.sizes.join(','),
			p.options.flatMap((o) => [o.name, penceToInput(o.pricePence)]).join(','),
			p.selectedSize,
			p.selectedOption,
			p.originalName,
			p.shippingClass ?? '',
		])
	}
}
