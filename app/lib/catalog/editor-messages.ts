import type { z } from 'zod'
import { MALFORMED_TEXT_MESSAGE } from '~/lib/text-safety'
import { describeIssue, type PriceProblem } from './product-schema'

/**
 * The product editor's words for the catalogue rules (issue 62 item 7). The editor and the CSV
 * import share one schema (ProductRowSchema), whose messages name CSV columns for a file's line
 * ('price "-3" is negative'); beside a field the owner reads a sentence about that field
 * ('Price must be £0.01 or more'). The rules stay in one place; only the wording differs.
 */

/** Each field as a sentence names it: the editor's labels, without their hints. */
export const FIELD_NAMES: Record<string, string> = {
	name: 'Name',
	code: 'Product code',
	image_url: 'Photo',
	product_url: 'Supplier URL',
	vendor: 'Brand',
	category: 'Category',
	price: 'Price',
	available_sizes: 'Sizes',
	option_price_pairs: 'Options',
	selected_size: 'Size selected at first',
	selected_option: 'Option selected at first',
	original_name: 'Original name',
	shipping_class: 'Shipping class',
	hidden: 'Hidden',
	more_images: 'Gallery photos',
	description: 'Description',
	specifications: 'Specifications',
}

/** What to do about an empty required field. */
const REQUIRED: Record<string, string> = {
	name: 'Enter the product’s name',
	code: 'Enter a product code',
}

/** A field's own format rule, in the owner's words. */
const FORMAT: Record<string, string> = {
	image_url: 'Photo must be a path on this site (starting with /) or an address starting https://',
	product_url: 'Supplier URL must be an address starting https:// or http://',
	shipping_class: 'Choose a shipping class from the list',
	hidden: 'Choose whether the product is hidden',
	category: 'Choose a category from the list',
	more_images: 'Gallery photos must be paths on this site or https:// addresses',
}

/** A price's problem as a sentence: `subject` is 'Price' or 'Price for “Twin pack”'. */
export function priceMessage(problem: PriceProblem, subject = 'Price') {
	if (problem === 'negative' || problem === 'zero') return `${subject} must be £0.01 or more`
	if (problem === 'too-much') return `${subject} must be £1,000,000 or less`
	return `${subject} must be an amount in pounds, such as 12.50`
}

const PRICE_PROBLEMS: readonly string[] = ['negative', 'zero', 'not-an-amount', 'too-much']

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/** One of ProductRowSchema's issues, as the editor says it beside its field. */
export function editorMessage(issue: z.core.$ZodIssue): string {
	const field = String(issue.path[0] ?? '')
	const name = FIELD_NAMES[field] ?? capitalised(field.replace(/_/g, ' '))
	const params = issue.code === 'custom' ? (issue.params ?? {}) : {}
	if (typeof params.price === 'string' && PRICE_PROBLEMS.includes(params.price))
		return priceMessage(params.price as PriceProblem)
	if (field === 'price' && issue.code === 'too_big') return priceMessage('not-an-amount')
	if (issue.message === MALFORMED_TEXT_MESSAGE) return MALFORMED_TEXT_MESSAGE
	if (issue.message.includes('control character'))
		return `${name} contains a special control character: please remove it`
	if (params.reason === 'formula')
		return `${name} cannot start with =, +, - or @ (a spreadsheet would run it as a formula)`
	if (issue.code === 'too_big' && issue.origin === 'string')
		return `${name} must be ${issue.maximum} characters or fewer`
	if (params.reason === 'too-long') return `${name} must be ${params.maximum} characters or fewer`
	if (issue.code === 'too_small' && REQUIRED[field]) return REQUIRED[field]
	if (FORMAT[field]) return FORMAT[field]
	return capitalised(describeIssue(issue))
}
