import { z } from 'zod'
import { safeText } from '~/lib/text-safety'
import { wholeNumber } from '~/lib/whole-number'

/**
 * Product categories are the owner's data (issue 62 item 3, decision 0032): the `categories`
 * table, managed at /admin/products/categories. This file holds their pure rules: what a slug
 * (the address /pond-products/<slug> and the CSV's category column) may be, and the admin form.
 */
export type ShopCategory = {
	id: number
	slug: string
	name: string
	description: string
	/** The home page tile's words ('Water Pumps'); '' shows the name. */
	tileTitle: string
	/** A demo tile picture's name ('tile-pumps'), or '' for the icon alone. */
	tileImage: string
	position: number
	hidden: boolean
}

/** A category as customers' pages need it. */
export type CategoryLink = Pick<ShopCategory, 'slug' | 'name'>

/** Lower-case letters and digits, words joined by single underscores or hyphens: 'koi_food'. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:[_-][a-z0-9]+)*$/
export const SLUG_MAX = 40
/** Not a category: /pond-products itself is 'all'. */
const RESERVED_SLUGS = new Set(['all'])

/** Why a slug cannot be a category's address, in the owner's words; undefined when it can. */
export function slugProblem(slug: string): string | undefined {
	if (slug === '') return 'Enter an address, such as koi_food'
	if (slug.length > SLUG_MAX) return `Keep the address to ${SLUG_MAX} characters or fewer`
	if (!SLUG_PATTERN.test(slug))
		return 'Use lower-case letters and numbers, with words joined by _ or - (such as koi_food)'
	if (RESERVED_SLUGS.has(slug)) return `'${slug}' is kept for all products: choose another address`
	return undefined
}

export const isSlug = (value: string) => slugProblem(value) === undefined

/** A slug suggested from a name: 'Koi Food & Treats' → 'koi_food_treats'. */
export function slugFromName(name: string) {
	return name
		.normalize('NFKD')
		.replace(/[\u0300-\u036f]/g, '')
		.toLowerCase()
		.replace(/&/g, ' ')
		.replace(/[^a-z0-9]+/g, '_')
		.replace(/^_+|_+$/g, '')
		.slice(0, SLUG_MAX)
		.replace(/_+$/, '')
}

/** 'air_pumps' → 'Air Pumps': a category's name when the shop no longer knows it. */
export function categoryLabel(category: string) {
	return category
		.split(/[_-]/)
		.filter(Boolean)
		.map((word) => word.charAt(0).toUpperCase() + word.slice(1))
		.join(' ')
}

/** The name of `slug` among `categories`, or its label when none has it. */
export function categoryName(categories: readonly CategoryLink[], slug: string) {
	return categories.find((c) => c.slug === slug)?.name ?? categoryLabel(slug)
}

/** The demo tile pictures a category may show (the site's drawn images), with the owner's words. */
export const TILE_PICTURES: ReadonlyArray<readonly [string, string]> = [
	['', 'No picture: the icon alone'],
	['tile-filters', 'Pond filter'],
	['tile-fittings', 'Pipe fittings'],
	['tile-pumps', 'Water pump'],
	['tile-air-pumps', 'Air pump'],
	['tile-skimmers', 'Skimmer and shower'],
	['tile-all', 'Koi pond'],
]

const text = (max: number, label: string) =>
	safeText({ message: `${label} contains a control character` })
		.trim()
		.max(max, `Keep the ${label.toLowerCase()} to ${max} characters or fewer`)

/** The category form (add and edit). An empty slug is made from the name. */
export const CategoryFormSchema = z
	.object({
		name: text(60, 'Name').min(1, 'Enter a name'),
		slug: safeText({ message: 'Address contains a control character' })
			.trim()
			.max(200, `Keep the address to ${SLUG_MAX} characters or fewer`)
			.default(''),
		description: text(500, 'Description').default(''),
		tileTitle: text(60, 'Tile title').default(''),
		tileImage: text(40, 'Tile picture')
			.default('')
			.refine((v) => TILE_PICTURES.some(([name]) => name === v), 'Choose a picture from the list'),
	})
	.transform((form, ctx) => {
		const slug = form.slug || slugFromName(form.name)
		const problem = slugProblem(slug)
		if (problem) {
			ctx.addIssue({ code: 'custom', path: ['slug'], message: problem })
			return z.NEVER
		}
		return { ...form, slug }
	})
export type CategoryForm = z.output<typeof CategoryFormSchema>

/** What a post to /admin/products/categories does: save the form, or a list button's change. */
export const CategoryTargetSchema = z.object({
	intent: z.enum(['save', 'up', 'down', 'hide', 'show', 'delete'], { error: 'Unknown action' }),
	id: wholeNumber('That category no longer exists. Reload the list.', { min: 1 }).optional(),
})
