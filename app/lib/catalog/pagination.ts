/** Spec section 9: products per category page, and per category on the grouped listing. */
export const CATEGORY_PAGE_SIZE = 20
export const GROUP_SIZE = 8

export type PageItem = { type: 'page'; page: number } | { type: 'ellipsis'; key: 'start' | 'end' }

export const PAGE_WINDOW = 2

/** First page, a window of ±2 around the current page, last page, with ellipses for the gaps. */
export function pageItems(current: number, pageCount: number, radius = PAGE_WINDOW): PageItem[] {
	if (pageCount <= 1) return []
	const from = Math.max(1, current - radius)
	const to = Math.min(pageCount, current + radius)
	const items: PageItem[] = []
	if (from > 1) items.push({ type: 'page', page: 1 })
	if (from > 2) items.push({ type: 'ellipsis', key: 'start' })
	for (let page = from; page <= to; page++) items.push({ type: 'page', page })
	if (to < pageCount - 1) items.push({ type: 'ellipsis', key: 'end' })
	if (to < pageCount) items.push({ type: 'page', page: pageCount })
	return items
}

export type ResponsivePageItem = PageItem & { only?: 'narrow' | 'wide' }

/**
 * The ±2 window for wide screens and the ±1 window for narrow ones (360 px: one line) as one list
 * of links, in order: `only` marks what one of the two leaves out, so CSS can hide it.
 */
export function responsivePageItems(current: number, pageCount: number): ResponsivePageItem[] {
	const id = (item: PageItem) => (item.type === 'page' ? item.page : item.key)
	// Where each sits: an ellipsis just after the first page or just before the last.
	const at = (item: PageItem) =>
		item.type === 'page' ? item.page : item.key === 'start' ? 1.5 : pageCount - 0.5
	const wide = pageItems(current, pageCount)
	const narrow = pageItems(current, pageCount, 1)
	const inWide = new Set(wide.map(id))
	const inNarrow = new Set(narrow.map(id))
	const merged = [...wide, ...narrow.filter((item) => !inWide.has(id(item)))]
	return merged
		.sort((a, b) => at(a) - at(b))
		.map((item) =>
			inNarrow.has(id(item)) && inWide.has(id(item))
				? item
				: { ...item, only: inNarrow.has(id(item)) ? 'narrow' : 'wide' },
		)
}

/** `?page=` as typed by a person or a crawler: anything malformed means page 1. */
export function parsePageParam(value: string | null): number {
	if (!value || !/^\d{1,6}$/.test(value.trim())) return 1
	return Math.max(1, Number(value.trim()))
}

export const MAX_SEARCH_LENGTH = 200

/** `?search=` trimmed and bounded; matched literally, so any characters are safe. */
export function parseSearchParam(value: string | null): string {
	return (value ?? '').trim().slice(0, MAX_SEARCH_LENGTH)
}
