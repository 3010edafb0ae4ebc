import { z } from 'zod'
import { safeText } from '~/lib/text-safety'
import { CSV_COLUMNS } from './columns'
import { editorMessage, priceMessage } from './editor-messages'
import { MAX_SPECIFICATIONS, ProductRowSchema, parsePrice } from './product-schema'

/** Option rows the editor shows: the product's own, then a few empty ones to fill. */
export const MAX_OPTION_ROWS = 40
export const EMPTY_OPTION_ROWS = 3

export const EMPTY_SPEC_ROWS = 3

/** How many specification rows the editor shows: every filled one, then a few empty ones. */
export function specRowCount(values: Record<string, string>) {
	let last = -1
	for (let i = 0; i < MAX_SPECIFICATIONS; i++)
		if (values[`specs.${i}.name`] || values[`specs.${i}.value`]) last = i
	return Math.min(MAX_SPECIFICATIONS, last + 1 + EMPTY_SPEC_ROWS)
}

/** The CSV's 'Name: value' lines spread into the editor's rows (formValuesOf). */
export function specRowsOf(specifications: string) {
	const values: Record<string, string> = {}
	specifications
		.split('\n')
		.filter((line) => line.trim())
		.forEach((line, i) => {
			const colon = line.indexOf(':')
			values[`specs.${i}.name`] = colon === -1 ? line : line.slice(0, colon).trim()
			values[`specs.${i}.value`] = colon === -1 ? '' : line.slice(colon + 1).trim()
		})
	return values
}

/** The editor's specification rows as the CSV's lines; a row the CSV could not keep is refused. */
function specificationLines(
	values: Record<string, unknown>,
	issue: (path: string, message: string) => void,
) {
	const lines: string[] = []
	for (let i = 0; i < MAX_SPECIFICATIONS; i++) {
		const name = text(values, `specs.${i}.name`).trim()
		const value = text(values, `specs.${i}.value`).trim()
		if (!name && !value) continue
		if (!name) issue(`specs.${i}.name`, 'Enter a name for this specification (it has a value)')
		else if (!value) issue(`specs.${i}.value`, `Enter a value for “${name}”`)
		else if (name.includes(':'))
			issue(`specs.${i}.name`, 'A specification’s name cannot contain a colon (:)')
		else lines.push(`${name}: ${value}`)
	}
	return lines.join('\n')
}

const text = (values: Record<string, unknown>, key: string) => {
	const value = values[key]
	return typeof value === 'string' ? value : ''
}

/**
 * The product editor's form: its fields are the CSV's columns (option–price pairs as rows named
 * `options.N.name` / `options.N.price`), made into one CSV row and parsed by ProductRowSchema, the
 * schema the catalogue import uses, so the rules are the import's; the messages are the editor's
 * own words about each field (editor-messages.ts). What only a form can get wrong (an option row
 * with no price, which the CSV silently skips by the spec) is refused here, naming the option.
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
				issue('name', 'Enter a name for this option (it has a price)')
				continue
			}
			if (name.includes(',')) {
				issue('name', 'An option’s name cannot contain a comma')
				continue
			}
			if (seen.has(name)) {
				issue('name', `“${name}” is already an option above`)
				continue
			}
			seen.add(name)
			const parsed = parsePrice(price)
			if (!price || (parsed.ok && parsed.pence === null))
				issue('price', `Enter a price for “${name}”`)
			else if (!parsed.ok) issue('price', priceMessage(parsed.problem, `Price for “${name}”`))
			else pairs.push(name, price)
		}
		const row: Record<string, string> = {}
		for (const column of CSV_COLUMNS) row[column] = text(values, column)
		row.option_price_pairs = pairs.join(',')
		row.shipping_class = text(values, 'shipping_class')
		row.hidden = text(values, 'hidden') === 'yes' ? 'yes' : ''
		// The gallery is edited in its own section; the form carries it unchanged.
		row.more_images = text(values, 'more_images')
		row.description = text(values, 'description')
		row.specifications = specificationLines(values, (path, message) =>
			ctx.addIssue({ code: 'custom', path: [path], message }),
		)
		const parsed = ProductRowSchema.safeParse(row)
		if (!parsed.success) {
			for (const issue of parsed.error.issues)
				ctx.addIssue({ code: 'custom', path: issue.path, message: editorMessage(issue) })
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
	/** A delete acts only from its confirmation page's button, which sends 'yes'. */
	confirm: z.literal('yes').optional().catch(undefined),
})

/** The editor's save carries the fingerprint of the product as it was loaded. */
export const ProductVersionSchema = z.object({ fingerprint })

/** Where a product's delete is confirmed: its editor, opened on the question (works without script). */
export const deleteConfirmationPath = (id: string) => `/admin/products/${id}?confirm=delete`
