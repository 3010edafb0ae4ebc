import { z } from 'zod'
import { isSlug } from '~/lib/categories'
import { SHIPPING_CLASSES } from '~/lib/delivery/shipping-class'
import { parsePriceText, penceToInput } from '~/lib/money'
import { MAX_MORE_IMAGES } from '~/lib/photos'
import { safeText } from '~/lib/text-safety'
import { PRICE_NOT_AVAILABLE, type Product, type ProductOption, type ProductSpec } from './product'

/**
 * The one set of rules for a product's fields, whether it arrives as a CSV row (the bulk import)
 * or from the product editor (/admin/products): the editor turns its form into a CSV row and
 * parses it with the very same schema, so both say the same thing about the same mistake.
 * Messages name the CSV column, which is also the editor's field name.
 */

const FORMULA = /^[=+\-@]/
/** A photo: a path on this site (generated or uploaded) or an https URL. */
const IMAGE_URL = /^(\/[\w\-./]+|https:\/\/\S+)$/
/** A text cell: no control characters, bounded, and never a spreadsheet formula (CSV injection). */
export const cell = (max: number) =>
	safeText({ message: 'contains a control character' })
		.trim()
		.max(max, `is longer than ${max} characters`)
		.refine((v) => !FORMULA.test(v), {
			message: 'starts like a spreadsheet formula (=, +, - or @)',
			params: { reason: 'formula' },
		})

/** A multi-line cell (a quoted CSV cell may hold line breaks): the description and specifications. */
const lines = (max: number, column: string) =>
	safeText({ allowLineBreaks: true, message: `${column} contains a control character` })
		.transform((v) => v.replace(/\r\n?/g, '\n').trim())
		.refine((v) => v.length <= max, {
			message: `${column} is longer than ${max} characters`,
			params: { reason: 'too-long', maximum: max },
		})
		.refine((v) => !FORMULA.test(v), {
			message: `${column} starts like a spreadsheet formula (=, +, - or @)`,
			params: { reason: 'formula' },
		})

export const MAX_SPECIFICATIONS = 30

/**
 * The specifications cell: one 'Name: value' a line, in order. A line without a colon, or with
 * nothing on one side of it, is refused (with its line number) rather than guessed at.
 */
export function parseSpecifications(
	value: string,
): { ok: true; specs: ProductSpec[] } | { ok: false; message: string } {
	const specs: ProductSpec[] = []
	const rows = value.split('\n').map((row) => row.trim())
	for (const [i, row] of rows.entries()) {
		if (!row) continue
		const colon = row.indexOf(':')
		const name = colon === -1 ? '' : row.slice(0, colon).trim()
		const text = colon === -1 ? '' : row.slice(colon + 1).trim()
		if (!name || !text)
			return {
				ok: false,
				message: `specifications line ${i + 1} is not "Name: value" ("${row.slice(0, 40)}")`,
			}
		if (name.length > 80 || text.length > 300)
			return { ok: false, message: `specifications line ${i + 1} is too long` }
		specs.push({ name, value: text })
	}
	if (specs.length > MAX_SPECIFICATIONS)
		return { ok: false, message: `specifications has more than ${MAX_SPECIFICATIONS} lines` }
	return { ok: true, specs }
}

export const specificationsText = (specs: ProductSpec[]) =>
	specs.map((s) => `${s.name}: ${s.value}`).join('\n')

const list = (value: string) =>
	value
		.split(',')
		.map((item) => item.trim())
		.filter(Boolean)

/**
 * The most a price may be: £1,000,000. Prices are integer pence in the database (at most
 * £21,474,836.47), and a cart multiplies them; nothing a pond shop sells comes near.
 */
export const MAX_PRICE_PENCE = 100_000_000

/**
 * Alternating name,price pairs; pairs whose price is not a number are ignored (spec), as are
 * those of £0.00 (the editor refuses them, as it does a product's) or over MAX_PRICE_PENCE.
 */
export function parseOptionPairs(value: string): ProductOption[] {
	const parts = value.split(',').map((part) => part.trim())
	const options: ProductOption[] = []
	for (let i = 0; i + 1 < parts.length; i += 2) {
		const name = parts[i]!
		const pricePence = parsePriceText(parts[i + 1])
		if (
			name &&
			pricePence !== null &&
			pricePence > 0 &&
			pricePence <= MAX_PRICE_PENCE &&
			!options.some((o) => o.name === name)
		) {
			options.push({ name, pricePence })
		}
	}
	return options
}

/** Why a price was refused: the CSV and the editor word each in their own way. */
export type PriceProblem = 'negative' | 'zero' | 'not-an-amount' | 'too-much'

/**
 * The price cell: an amount of at least 1p, or empty / 'Price not available'; null means not
 * available. £0.00 is refused: nothing is given away, and a product without a price yet is
 * 'Price not available' (customers are offered 'Ask for a price').
 */
export function parsePrice(
	price: string,
): { ok: true; pence: number | null } | { ok: false; message: string; problem: PriceProblem } {
	if (price === '' || price.toLowerCase() === PRICE_NOT_AVAILABLE.toLowerCase())
		return { ok: true, pence: null }
	const refuse = (problem: PriceProblem, message: string) =>
		({ ok: false, problem, message: `price "${price}" ${message}` }) as const
	if (/^-/.test(price)) return refuse('negative', 'is negative')
	const pence = parsePriceText(price)
	if (pence === null) return refuse('not-an-amount', 'is not an amount')
	if (pence === 0) return refuse('zero', "is zero (leave it empty for 'Price not available')")
	if (pence > MAX_PRICE_PENCE) return refuse('too-much', 'is more than £1,000,000')
	return { ok: true, pence }
}

export const duplicateCodeMessage = (code: string, where: string) =>
	`duplicate code ${code} (${where})`

/** One catalogue row, as the CSV's columns (the optional ones may be missing from old files). */
export const ProductRowSchema = z
	.object({
		name: cell(300).min(1, 'has no name'),
		code: cell(100).min(1, 'has no code'),
		// Empty is no photo yet: a new product gets its photos uploaded once it exists, and pages
		// show the site's placeholder meanwhile. The import takes the same empty cell.
		image_url: cell(500).refine(
			(v) => v === '' || IMAGE_URL.test(v),
			'image_url is not a path or https URL',
		),
		product_url: cell(1000).refine(
			(v) => v === '' || /^https?:\/\/\S+$/.test(v),
			'product_url is not an http(s) URL',
		),
		vendor: cell(100),
		// Which categories exist is the shop's data: the import checks it against them (csv.ts).
		category: safeText()
			.trim()
			.toLowerCase()
			.refine(isSlug, 'category is not a category address (such as air_pumps)'),
		// Parsed to pence here, so a formula-looking value never survives as text. Checked with the
		// other cells (not in the row's transform, which runs only once they all pass), so a form
		// shows every mistake at once.
		price: safeText({ message: 'contains a control character' })
			.trim()
			.max(30, 'price is longer than 30 characters')
			.transform((v, ctx) => {
				const price = parsePrice(v)
				if (price.ok) return price.pence
				ctx.addIssue({ code: 'custom', message: price.message, params: { price: price.problem } })
				return z.NEVER
			}),
		available_sizes: cell(2000),
		option_price_pairs: cell(4000),
		selected_size: cell(100),
		selected_option: cell(100),
		original_name: cell(300),
		shipping_class: safeText()
			.trim()
			.toLowerCase()
			.default('')
			.refine((v) => v === '' || (SHIPPING_CLASSES as readonly string[]).includes(v), {
				message: `shipping_class must be one of ${SHIPPING_CLASSES.join(', ')} (or empty)`,
			}),
		more_images: cell(6000)
			.default('')
			.transform((v) => v.split(/\s+/).filter(Boolean))
			.refine((urls) => urls.every((url) => IMAGE_URL.test(url) && url.length <= 500), {
				message: 'more_images must be paths or https URLs separated by spaces',
			})
			.refine((urls) => urls.length <= MAX_MORE_IMAGES, {
				message: `more_images has more than ${MAX_MORE_IMAGES} photos`,
			}),
		hidden: safeText()
			.trim()
			.toLowerCase()
			.default('')
			.refine((v) => v === '' || v === 'yes' || v === 'no', {
				message: 'hidden must be yes, no or empty',
			}),
		description: lines(5000, 'description').default(''),
		specifications: lines(6000, 'specifications')
			.default('')
			.transform((v, ctx) => {
				const specifications = parseSpecifications(v)
				if (specifications.ok) return specifications.specs
				ctx.addIssue({ code: 'custom', message: specifications.message })
				return z.NEVER
			}),
	})
	.transform((row) => {
		const sizes = list(row.available_sizes)
		const options = parseOptionPairs(row.option_price_pairs)
		return {
			name: row.name,
			code: row.code,
			imageUrl: row.image_url,
			moreImages: row.more_images,
			productUrl: row.product_url,
			vendor: row.vendor,
			category: row.category,
			pricePence: row.price,
			sizes,
			options,
			selectedSize: sizes.includes(row.selected_size) ? row.selected_size : (sizes[0] ?? ''),
			selectedOption: options.some((o) => o.name === row.selected_option)
				? row.selected_option
				: (options[0]?.name ?? ''),
			originalName: row.original_name || row.name,
			shippingClass: row.shipping_class || null,
			hidden: row.hidden === 'yes',
			description: row.description,
			specifications: row.specifications,
		}
	})

export type ProductFields = Omit<Product, 'id'>
export type ProductRow = z.input<typeof ProductRowSchema>

/** A product as its CSV row's cells, in column order (the export writes these). */
export function productToRow(p: ProductFields) {
	return {
		name: p.name,
		code: p.code,
		image_url: p.imageUrl,
		product_url: p.productUrl,
		vendor: p.vendor,
		category: p.category,
		price: p.pricePence === null ? PRICE_NOT_AVAILABLE : penceToInput(p.pricePence),
		available_sizes: p.sizes.join(','),
		option_price_pairs: p.options.flatMap((o) => [o.name, penceToInput(o.pricePence)]).join(','),
		selected_size: p.selectedSize,
		selected_option: p.selectedOption,
		original_name: p.originalName,
		shipping_class: p.shippingClass ?? '',
		hidden: p.hidden ? 'yes' : '',
		more_images: p.moreImages.join(' '),
		description: p.description,
		specifications: specificationsText(p.specifications),
	} satisfies Record<string, string>
}

/** Message for one issue, naming its field when the message does not already. */
export function describeIssue(issue: z.core.$ZodIssue) {
	const field = issue.path.join('.')
	return field && !issue.message.includes(field) ? `${field} ${issue.message}` : issue.message
}
