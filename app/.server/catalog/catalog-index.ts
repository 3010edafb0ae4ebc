import { isDeepStrictEqual } from 'node:util'
import { asc, eq, inArray, sql } from 'drizzle-orm'
import type { Db, Tx } from '~/.server/db/client'
import { catalogState, products } from '~/.server/db/schema'
import type { Product } from '~/lib/catalog/product'
import type { ShopCategory } from '~/lib/categories'
import { type CategoryData, readCategoryData } from './categories-read'

/** How the catalogue read model (catalog.ts) holds one version, and how it loads one. */

export type Pool = {
	products: Product[] /** Lower-cased "name code vendor", aligned with products. */
	haystack: string[]
}

export type Index = {
	version: number
	/** The version's content hash (catalog_state): an editor's save names the one it was made from. */
	contentHash: string
	/** Hidden products included: the back office's view. */
	everything: Product[]
	/** The same with the search text, for the back office's list (built on first use). */
	everyPool?: Pool
	everyById: Map<string, Product>
	/** Each product's search text, shared by the pools (and by the next version's unchanged ones). */
	texts: Map<Product, string>
	/** What shoppers see: everything below leaves hidden products out. */
	all: Pool
	byId: Map<string, Product>
	/** Each category's shown products (a hidden category's too: the back office may ask). */
	byCategory: Map<string, Pool>
	/** The shop's categories in order, hidden ones included, as this version was published with. */
	categories: ShopCategory[]
	/** Old slug → the renamed category's current slug. */
	redirects: Map<string, string>
	/** Slug → name, for the product cards. */
	names: Map<string, string>
}

/** Products read a statement at a time when a version loads (a few MB of rows at once). */
export const LOAD_PAGE_SIZE = 2000

const searchable = (p: Product) => `${p.name}\u0000${p.code}\u0000${p.vendor}`.toLowerCase()

/** A pool whose search text comes from `texts` (every product's, made once a version). */
export const pool = (products: Product[], texts?: Map<Product, string>): Pool => ({
	products,
	haystack: products.map((p) => texts?.get(p) ?? searchable(p)),
})

/**
 * Every product in catalogue order, a page of `pageSize` a statement (keyset on position, id):
 * a product equal to the one in `live` is that object, so a version that changed one product
 * holds one new object, not a second copy of the catalogue.
 */
export async function readProducts(
	db: Db | Tx,
	pageSize = LOAD_PAGE_SIZE,
	live?: Index,
): Promise<Product[]> {
	const kept = live?.everyById
	const everything: Product[] = []
	let after: { position: number; id: string } | undefined
	for (;;) {
		const rows = await db
			.select()
			.from(products)
			.where(
				after && sql`(${products.position}, ${products.id}) > (${after.position}, ${after.id})`,
			)
			.orderBy(asc(products.position), asc(products.id))
			.limit(pageSize)
		for (const product of rows.map(asProduct)) {
			const same = kept?.get(product.id)
			everything.push(same && isDeepStrictEqual(same, product) ? same : product)
		}
		const last = rows.at(-1)
		if (!last || rows.length < pageSize) return everything
		after = { position: last.position, id: last.id }
	}
}

/** The products with these ids (an editor's save wrote them), in no particular order. */
export async function readProductsById(db: Db | Tx, ids: string[]): Promise<Product[]> {
	if (ids.length === 0) return []
	return (await db.select().from(products).where(inArray(products.id, ids))).map(asProduct)
}

/** A stored row as a product: its position is its id (a product's row in the file). */
const asProduct = ({ position: _position, ...row }: typeof products.$inferSelect) => row as Product

/**
 * A version's index; products unchanged from `before` keep their search text. A hidden category's
 * products stay open by their own address (a cart or an email links there) but are off every list
 * (decision 0032), so `all` leaves them out and `byId` keeps them.
 */
export function indexOf(
	{ version, contentHash }: { version: number; contentHash: string },
	everything: Product[],
	{ categories, redirects }: CategoryData,
	before?: Index,
): Index {
	const texts = new Map(everything.map((p) => [p, before?.texts.get(p) ?? searchable(p)]))
	const shown = everything.filter((p) => !p.hidden)
	const hiddenCategories = new Set(categories.filter((c) => c.hidden).map((c) => c.slug))
	const all = hiddenCategories.size ? shown.filter((p) => !hiddenCategories.has(p.category)) : shown
	const bySlug = new Map<string, Product[]>(categories.map((c) => [c.slug, []]))
	for (const p of shown) bySlug.get(p.category)?.push(p)
	return {
		version,
		contentHash,
		everything,
		everyById: new Map(everything.map((p) => [p.id, p])),
		texts,
		all: pool(all, texts),
		byId: new Map(shown.map((p) => [p.id, p])),
		byCategory: new Map([...bySlug].map(([slug, list]) => [slug, pool(list, texts)])),
		categories,
		redirects,
		names: new Map(categories.map((c) => [c.slug, c.name])),
	}
}

/** The catalogue's row in catalog_state: its version, and what an editor's save changed. */
export type CatalogState = {
	version: number
	contentHash: string
	productCount: number
	previousHash: string | null
	changedIds: string[] | null
}
/** Before anything is imported. */
const NO_CATALOGUE: CatalogState = {
	version: 0,
	contentHash: '',
	productCount: 0,
	previousHash: null,
	changedIds: null,
}

export async function readCatalogState(db: Db): Promise<CatalogState> {
	const [state] = await db
		.select({
			version: catalogState.version,
			contentHash: catalogState.contentHash,
			productCount: catalogState.productCount,
			previousHash: catalogState.previousHash,
			changedIds: catalogState.changedIds,
		})
		.from(catalogState)
		.where(eq(catalogState.id, 1))
	return state ?? NO_CATALOGUE
}

/**
 * The catalogue read a page at a time, keeping the product objects of the version live here
 * (`live()`) that did not change: at 50,000 products a whole second copy beside the live one, and
 * every row read at once, took the heap over its 192 MB ceiling (decision 0013) on an admin's
 * save. Pages are read without one transaction (on PGlite it would hold every shopper's query), so
 * the version is read again after them: a change that committed meanwhile means reading them again.
 */
export async function buildIndex(
	db: Db,
	state: CatalogState,
	live: () => Index | undefined,
	pageSize: number,
): Promise<Index> {
	const changed = await changesOnly(db, state, live())
	if (changed) return changed
	for (;;) {
		const everything = await readProducts(db, pageSize, live())
		const categoryData = await readCategoryData(db)
		const after = await readCatalogState(db)
		if (after.version === state.version) return indexOf(state, everything, categoryData, live())
		state = after
	}
}

/**
 * An editor's save made from the catalogue live here (its content hash): only the rows it wrote
 * are read, so another instance shows it within the version check's second at 50,000 products,
 * not after reading them all (1.6–1.9 s). Undefined when that does not apply: read everything.
 */
async function changesOnly(
	db: Db,
	state: CatalogState,
	live: Index | undefined,
): Promise<Index | undefined> {
	if (!live || !state.changedIds || state.previousHash !== live.contentHash) return undefined
	const written = new Map((await readProductsById(db, state.changedIds)).map((p) => [p.id, p]))
	// Categories are few: read whole with every version (a category change is a version of its own).
	const categoryData = await readCategoryData(db)
	// Another change committed meanwhile: these rows may be of either version.
	if ((await readCatalogState(db)).version !== state.version) return undefined
	const everything: Product[] = []
	for (let i = 0; i < state.productCount; i++) {
		// A product's id is its row in the file.
		const product = written.get(String(i)) ?? live.everything[i]
		if (product?.id !== String(i)) return undefined
		everything.push(product)
	}
	return indexOf(state, everything, categoryData, live)
}
