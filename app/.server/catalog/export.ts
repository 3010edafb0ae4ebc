import { ALL_CSV_COLUMNS } from '~/lib/catalog/columns'
import type { ProductFields } from '~/lib/catalog/product-schema'
import { productToRow } from '~/lib/catalog/product-schema'
import { csvRow } from '~/lib/csv'

/**
 * The live catalogue in the upload format, so a download can be edited and uploaded again;
 * csvRow defuses formula-looking cells so a spreadsheet never runs them.
 */
export function* catalogCsvLines(products: ProductFields[]) {
	// A byte-order mark so Excel reads £ signs and accents as UTF-8 (the import skips it).
	yield `\uFEFF${csvRow(ALL_CSV_COLUMNS)}`
	for (const p of products) {
		const row = productToRow(p)
		yield csvRow(ALL_CSV_COLUMNS.map((column) => row[column]))
	}
}

/** The whole file as one string (what a catalogue version keeps). */
export const catalogCsv = (products: ProductFields[]) => [...catalogCsvLines(products)].join('')
