import { z } from 'zod'
import { safeText } from '~/lib/text-safety'
import { CSV_COLUMNS } from './columns'
import { describeIssue, ProductRowSchema, parsePrice } from './product-schema'

/** Option rows the editor shows: the product's own, then a few empty ones to fill. */
export const MAX_OPTION_ROWS = 40
export const EMPTY_OPTION_ROWS = 3

const text = (values: Record<string, unknown>, key: string) => {
	const value = values[key]
	return typeof value === 'string' ? value : ''
}

/**
 * The product editor's form: its fields are the CSV's columns (option–price pairs as rows named
 * `options.N.name` / `options.N.price`), made into one CSV row and parsed by ProductRowSchema, the
 * schema the catalogue import uses, so the rules and messages are the import's. What only a form
 * can get wrong (an option row with no price, which the CSV silently skips by the spec) is
 * refused here, naming the option.
 */
export const ProductFormSchema = z
	.custom<Record<string, unknown>>((v) => typeof v === 'object' && v !== null)
	.transform((values, ctx) => {
		const pairs: string[] = []
		const seen = new Set<string>()
		for (let i = 0; i < MAX_OPTION_ROWS; i++) {
			const name = text(values, `options.${i}.name`).trim()
			const price = text(values, `options.${i}.price`).trim()
			if (!name && !price) continue
			const issue = (field: 'name' | 'price', message: string) =>
				ctx.addIssue({ code: 'custom', path: [`options.${i}.${field}`], message })
			if (!name) {
				issue('name', `option row ${i + 1} has a price but no name`)
				continue
			}
			if (name.includes(',')) {
				issue(
					'name',
					`option "${name}" contains a comma (the catalogue separates options with commas)`,
				)
				continue
			}
			if (seen.has(name)) {
				issue('name', `option "${name}" is listed twice`)
				continue
			}
			seen.add(name)
			const parsed = parsePrice(price)
			if (!price || (parsed.ok && parsed.pence === null))
				issue('price', `option "${name}" has no price`)
			else if (!parsed.ok) issue('price', `option "${name}" ${parsed.message}`)
			else pairs.push(name, price)
		}
		const row: Record<string, string> = {}
		for (const column of CSV_COLUMNS) row[column] = text(values, column)
		row.option_price_pairs = pairs.join(',')
		row.shipping_class = text(values, 'shipping_class')
		row.hidden = text(values, 'hidden') === 'yes' ? 'yes' : ''
		// The gallery is edited in its own section; the form carries it unchanged.
		row.more_images = text(values, 'more_images')
		const parsed = ProductRowSchema.safeParse(row)
		if (!parsed.success) {
			for (const issue of parsed.error.issues)
				ctx.addIssue({ code: 'custom', path: issue.path, message: describeIssue(issue) })
			return z.NEVER
		}
		return parsed.data
	})

const fingerprint = safeText().regex(
	/^[0-9a-f]{64}$/,
	'This product is not known. Please reload the page.',
)
const productId = safeText().regex(/^\d{1,7}$/, 'This product is not known.')

/** The list's one-click changes; each carries what the admin saw (the optimistic check). */
export const ProductListActionSchema = z.object({
	intent: z.enum(['hide', 'show', 'duplicate', 'delete'], { error: 'Unknown action.' }),
	id: productId,
	fingerprint,
})

/** The editor's save carries the fingerprint of the product as it was loaded. */
export const ProductVersionSchema = z.object({ fingerprint })
