import { isSlug } from '~/lib/categories'
import { parsePageParam, parseSearchParam } from './pagination'

/** Products per page of /admin/products. */
export const ADMIN_PAGE_SIZE = 50

/** /admin/products's filters, read from the URL (so a filtered view can be bookmarked). */
export type AdminProductFilters = {
	search: string
	/** A category's slug ('' for all): any the shop has, so only its form is checked here. */
	category: string
	/** '' all, 'hidden' only hidden, 'shown' only those shoppers see. */
	visibility: '' | 'hidden' | 'shown'
	noPhoto: boolean
	noPrice: boolean
	page: number
}

export function parseAdminFilters(params: URLSearchParams): AdminProductFilters {
	const category = params.get('category') ?? ''
	const visibility = params.get('visibility') ?? ''
	return {
		search: parseSearchParam(params.get('search')),
		category: isSlug(category) ? category : '',
		visibility: visibility === 'hidden' || visibility === 'shown' ? visibility : '',
		noPhoto: params.get('photo') === 'missing',
		noPrice: params.get('price') === 'none',
		page: parsePageParam(params.get('page')),
	}
}

/** The same filters as a query string (paging links keep them). */
export function adminFiltersQuery(filters: AdminProductFilters, page = filters.page) {
	const params = new URLSearchParams()
	if (filters.search) params.set('search', filters.search)
	if (filters.category) params.set('category', filters.category)
	if (filters.visibility) params.set('visibility', filters.visibility)
	if (filters.noPhoto) params.set('photo', 'missing')
	if (filters.noPrice) params.set('price', 'none')
	if (page > 1) params.set('page', String(page))
	const query = params.toString()
	return query ? `?${query}` : ''
}
