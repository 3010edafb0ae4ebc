/** Product categories in the spec's order; 'all' is the pseudo-category for the full listing. */
export const CATEGORIES = ['filters', 'fittings', 'pumps', 'air_pumps', 'skimmers'] as const
export type Category = (typeof CATEGORIES)[number]

export function isCategory(value: string): value is Category {
	return (CATEGORIES as readonly string[]).includes(value)
}

/** 'air_pumps' → 'Air Pumps' (spec: underscores to spaces, words capitalised). */
export function categoryLabel(category: string) {
	return category
		.split('_')
		.filter(Boolean)
		.map((word) => word.charAt(0).toUpperCase() + word.slice(1))
		.join(' ')
}
