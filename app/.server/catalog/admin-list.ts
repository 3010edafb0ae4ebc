import type { Db } from '~/.server/db/client'
import { ADMIN_PAGE_SIZE, type AdminProductFilters } from '~/lib/catalog/admin-filters'
import type { Product } from '~/lib/catalog/product'
import type { Pool } from './catalog-index'
import { productFingerprint } from './edit'
import { photoChecker } from './photos'

/** One row of /admin/products, with what its one-click forms need. */
export type AdminProductRow = Pick<
	Product,
	'id' | 'name' | 'code' | 'vendor' | 'category' | 'pricePence' | 'hidden' | 'imageUrl'
> & { fingerprint: string; hasPhoto: boolean }

/** The back office's product list: every product (hidden ones too), filtered, 50 a page. */
export async function adminProductPage(
	db: Db,
	{ products, haystack }: Pool,
	filters: AdminProductFilters,
	/** Whether a path under /images is a demo picture the site draws (decision 0028). */
	demoImage?: (name: string) => boolean,
) {
	const needle = filters.search.toLowerCase()
	let matches = products.filter(
		(p, i) =>
			(!filters.category || p.category === filters.category) &&
			(!filters.visibility || p.hidden === (filters.visibility === 'hidden')) &&
			(!filters.noPrice || p.pricePence === null) &&
			(!needle || haystack[i]!.includes(needle)),
	)
	// Photos are checked only where they decide something: every match for 'no photo', else the page.
	let hasPhoto = filters.noPhoto
		? await photoChecker(
				db,
				matches.map((p) => p.imageUrl),
				{ demoImage },
			)
		: undefined
	if (hasPhoto) {
		const check = hasPhoto
		matches = matches.filter((p) => !check(p.imageUrl))
	}
	const pageCount = Math.max(1, Math.ceil(matches.length / ADMIN_PAGE_SIZE))
	const page = Math.min(filters.page, pageCount)
	const shown = matches.slice((page - 1) * ADMIN_PAGE_SIZE, page * ADMIN_PAGE_SIZE)
	hasPhoto ??= await photoChecker(
		db,
		shown.map((p) => p.imageUrl),
		{ demoImage },
	)
	const check = hasPhoto
	const rows: AdminProductRow[] = shown.map((p) => ({
		id: p.id,
		name: p.name,
		code: p.code,
		vendor: p.vendor,
		category: p.category,
		pricePence: p.pricePence,
		hidden: p.hidden,
		imageUrl: p.imageUrl,
		fingerprint: productFingerprint(p),
		hasPhoto: check(p.imageUrl),
	}))
	return { rows, total: matches.length, page, pageCount }
}
