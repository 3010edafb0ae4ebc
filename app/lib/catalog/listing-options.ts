import { penceToInput } from '~/lib/money'

/** A category listing's sorting and filters (issue 32 item 1a), read from the URL: no JavaScript. */
export const SORTS = {
	'': 'Catalogue order',
	'price-asc': 'Price, low to high',
	'price-desc': 'Price, high to low',
	name: 'Name, A to Z',
	newest: 'Newest first',
} as const
export type Sort = keyof typeof SORTS

export type ListingOptions = {
	sort: Sort
	vendor: string
	/** Pence; null for no bound. */
	minPence: number | null
	maxPence: number | null
}

/** No sorting or filter: the catalogue's order. */
export const NO_LISTING_OPTIONS: ListingOptions = {
	sort: '',
	vendor: '',
	minPence: null,
	maxPence: null,
}

const pounds = (value: string | null) => {
	const text = (value ?? '').trim()
	if (!/^\d{1,6}(\.\d{1,2})?$/.test(text)) return null
	return Math.round(Number(text) * 100)
}

export function parseListingOptions(params: URLSearchParams): ListingOptions {
	const sort = params.get('sort') ?? ''
	return {
		sort: sort in SORTS ? (sort as Sort) : '',
		vendor: (params.get('vendor') ?? '').trim().slice(0, 100),
		minPence: pounds(params.get('min')),
		maxPence: pounds(params.get('max')),
	}
}

/** The options as query parameters (paging links keep them). */
export function setListingParams(params: URLSearchParams, options: ListingOptions) {
	if (options.sort) params.set('sort', options.sort)
	if (options.vendor) params.set('vendor', options.vendor)
	if (options.minPence !== null) params.set('min', penceToInput(options.minPence))
	if (options.maxPence !== null) params.set('max', penceToInput(options.maxPence))
	return params
}

/** A listing's address for one page: its search, sorting and filters kept (paging links). */
export function listingHref(base: string, search: string, options: ListingOptions, page: number) {
	const params = new URLSearchParams()
	if (search) params.set('search', search)
	setListingParams(params, options)
	if (page > 1) params.set('page', String(page))
	const query = params.toString()
	return query ? `${base}?${query}` : base
}

export const hasListingOptions = (o: ListingOptions) =>
	Boolean(o.sort || o.vendor || o.minPence !== null || o.maxPence !== null)

/** Filters then sorts (a stable sort: equal prices keep catalogue order). */
export function applyListing<T extends { name: string; vendor: string; pricePence: number | null }>(
	products: T[],
	options: ListingOptions,
): T[] {
	const { vendor, minPence, maxPence, sort } = options
	const priced = minPence !== null || maxPence !== null
	const matches = products.filter(
		(p) =>
			(!vendor || p.vendor === vendor) &&
			(!priced ||
				(p.pricePence !== null &&
					(minPence === null || p.pricePence >= minPence) &&
					(maxPence === null || p.pricePence <= maxPence))),
	)
	if (sort === 'newest') return matches.reverse()
	if (sort === 'name') return matches.sort((a, b) => a.name.localeCompare(b.name, 'en-GB'))
	if (sort === 'price-asc' || sort === 'price-desc') {
		const sign = sort === 'price-asc' ? 1 : -1
		// 'Price not available' goes last either way.
		return matches.sort((a, b) =>
			a.pricePence === null
				? b.pricePence === null
					? 0
					: 1
				: b.pricePence === null
					? -1
					: sign * (a.pricePence - b.pricePence),
		)
	}
	return matches
}
