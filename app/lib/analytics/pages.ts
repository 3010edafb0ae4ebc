/**
 * The public pages visits are counted on, as route patterns (app/routes.ts), and how a path maps
 * to one: the pattern plus the product, category or project id it shows. Anything else (account,
 * admin, checkout, unknown paths) is not counted, and a beacon naming it is refused.
 */
export const COUNTED_PAGES = [
	'/',
	'/about',
	'/services',
	'/portfolio',
	'/portfolio/:projectId',
	'/pond-products',
	'/pond-products/:category',
	'/pond-products/:category/:productId',
	'/cart',
	'/contact',
	'/privacy-policy',
	'/terms-and-conditions',
] as const

/** Raw page views are kept this long, then only daily totals (decision 0020). */
export const RAW_VIEW_MONTHS = 13

export type CountedPage = { route: string; itemId: string }

const ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,79}$/
const FIXED = new Set<string>(COUNTED_PAGES.filter((p) => !p.includes(':')))

/** The counted page a path is, or null; never looks at a query string (pass the path alone). */
export function countedPage(pathname: string): CountedPage | null {
	if (pathname.length > 200) return null
	if (FIXED.has(pathname)) return { route: pathname, itemId: '' }
	const parts = pathname.split('/').slice(1)
	if (!parts.every((part) => ID.test(part))) return null
	if (parts[0] === 'portfolio' && parts.length === 2)
		return { route: '/portfolio/:projectId', itemId: parts[1]! }
	if (parts[0] !== 'pond-products') return null
	if (parts.length === 2) return { route: '/pond-products/:category', itemId: parts[1]! }
	if (parts.length === 3) return { route: '/pond-products/:category/:productId', itemId: parts[2]! }
	return null
}

/** A product id as the cart and the product page carry it (the CSV row index, decision 3). */
export function isItemId(value: string) {
	return ID.test(value)
}
