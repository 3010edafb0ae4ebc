import type { Db } from '~/.server/db/client'
import {
	applyListing,
	hasListingOptions,
	type ListingOptions,
	NO_LISTING_OPTIONS,
} from '~/lib/catalog/listing-options'
import { CATEGORY_PAGE_SIZE, GROUP_SIZE } from '~/lib/catalog/pagination'
import type { Product, ProductSummary } from '~/lib/catalog/product'
import type { ShopCategory } from '~/lib/categories'
import {
	buildIndex,
	type Index,
	indexOf,
	LOAD_PAGE_SIZE,
	type Pool,
	pool,
	readCatalogState,
} from './catalog-index'
import type { Published } from './edit'

/**
 * How often an instance asks the database whether another instance imported a new catalogue: the
 * read model is never older than this (the page cache counts its TTL from then).
 */
export const VERSION_CHECK_MS = 1000
/**
 * How long a read waits for a newly published catalogue before answering from the old one: a
 * small catalogue is live on the next page, a 50,000-row one loads in the background.
 */
const SWAP_WAIT_MS = 250

export type Page<T> = { items: T[]; total: number; page: number; pageCount: number }

/**
 * The catalogue read model: the whole catalogue in memory (read-mostly, ≤ 50,000 rows), refreshed
 * when the database's catalogue version changes — so every instance sees an import within a second.
 */
export class Catalog {
	#index: Index | undefined
	#loading: Promise<Index> | undefined
	#building: Promise<Index> | undefined
	#checkedAt = 0

	/**
	 * `onSwap` runs when a new version goes live here (the page cache is cleared then); `pageSize`
	 * is how many products a load reads a statement at a time.
	 */
	constructor(
		private readonly db: Db,
		private readonly onSwap: () => void = () => {},
		private readonly pageSize = LOAD_PAGE_SIZE,
	) {}

	/** Drop the cached copy (after an import by this instance). */
	invalidate() {
		this.#index = undefined
		this.#checkedAt = 0
	}

	/**
	 * Compare the catalogue version now (another process, or this one, published): a new version
	 * loads while other reads keep answering from the old one. Resolves once it is live here, so a
	 * request that published a change answers after the change shows: the admin's next page, or
	 * the download straight after a publish, is never one version behind (it was, on a slow machine).
	 */
	async recheck() {
		if (!this.#index) return
		// A check begun before the change was written may have read the old version: let it end first.
		await this.#loading?.catch(() => {})
		this.#checkedAt = 0
		await this.#current().catch(() => {})
		await this.#building?.catch(() => {})
	}

	async #current(): Promise<Index> {
		const now = Date.now()
		if (this.#index && now - this.#checkedAt < VERSION_CHECK_MS) return this.#index
		this.#loading ??= this.#refresh().finally(() => {
			this.#loading = undefined
		})
		return this.#loading
	}

	async #refresh(): Promise<Index> {
		// The data is as current as the moment we asked, not the moment the answer came back.
		const askedAt = Date.now()
		const state = await readCatalogState(this.db)
		this.#checkedAt = askedAt
		const current = this.#index
		if (current && current.version === state.version) return current
		this.#building ??= buildIndex(this.db, state, () => this.#index, this.pageSize)
			.then((index) => {
				// A version this process published (adopt) may have gone live while this one loaded.
				if (this.#index && this.#index.version > index.version) return this.#index
				const replaced = this.#index
				this.#index = index
				// No cached page can show a catalogue before the first one loads: the first load (the
				// root loader reads the categories on every page) must not discard pages mid-render.
				if (replaced) this.onSwap()
				return index
			})
			.finally(() => {
				this.#building = undefined
			})
		if (!current) return this.#building
		// A failed load leaves the old catalogue in place; the next check tries again.
		const old = new Promise<Index>((resolve) => setTimeout(resolve, SWAP_WAIT_MS, current).unref())
		return Promise.race([this.#building.catch(() => current), old])
	}

	/** A product shoppers can see (a hidden one answers undefined: its page is a 404). */
	async product(id: string): Promise<Product | undefined> {
		return (await this.#current()).byId.get(id)
	}

	/** The products shoppers can see, in catalogue order. */
	async all(): Promise<Product[]> {
		return (await this.#current()).all.products
	}

	/**
	 * A version this process has just published (editCatalog), live at once from the products it
	 * wrote: the saving admin's next page shows it without reading 50,000 rows back (1.6–1.9 s).
	 */
	adopt(published: Published) {
		if (this.#index && this.#index.version >= published.version) return
		this.#index = indexOf(published, published.everything, published.categoryData, this.#index)
		this.onSwap()
	}

	/** Every product and the version they are (an editor's save starts from them: editCatalog). */
	async snapshot(): Promise<{ version: number; everything: Product[] }> {
		const { version, everything } = await this.#current()
		return { version, everything }
	}

	/** Every product, hidden ones included (the back office and the CSV download). */
	async everything(): Promise<Product[]> {
		return (await this.#current()).everything
	}

	/** Every product with its search text (/admin/products searches 50,000 without re-lowercasing). */
	async everyPool(): Promise<Pool> {
		const model = await this.#current()
		model.everyPool ??= pool(model.everything, model.texts)
		return model.everyPool
	}

	/** Any product by id, hidden or not (the back office). */
	async anyProduct(id: string): Promise<Product | undefined> {
		return (await this.#current()).everyById.get(id)
	}

	/** The shop's categories in order, hidden ones included (the back office). */
	async categories(): Promise<ShopCategory[]> {
		return (await this.#current()).categories
	}

	/** The categories customers see, in the owner's order (tiles, strip, footer, sitemap). */
	async shownCategories(): Promise<ShopCategory[]> {
		return (await this.#current()).categories.filter((c) => !c.hidden)
	}

	/**
	 * What a category address shows a customer: the category, the slug it was renamed to (the
	 * page answers 301 there), or nothing (404; a hidden category too).
	 */
	async categoryAt(
		slug: string,
	): Promise<{ category: ShopCategory } | { renamedTo: string } | undefined> {
		const index = await this.#current()
		const category = index.categories.find((c) => c.slug === slug)
		if (category) return category.hidden ? undefined : { category }
		const renamedTo = index.redirects.get(slug)
		const target = index.categories.find((c) => c.slug === renamedTo)
		return renamedTo && target && !target.hidden ? { renamedTo } : undefined
	}

	/** Products of one category (or all), filtered by a literal, case-insensitive search. */
	async search(category: string | undefined, search: string): Promise<Product[]> {
		const index = await this.#current()
		const { products, haystack } = category
			? (index.byCategory.get(category) ?? pool([]))
			: index.all
		const needle = search.trim().toLowerCase()
		if (!needle) return products
		const matches: Product[] = []
		for (let i = 0; i < products.length; i++)
			if (haystack[i]!.includes(needle)) matches.push(products[i]!)
		return matches
	}

	/**
	 * One page of a category (or of every category: /pond-products sorted or filtered), sorted and
	 * filtered as asked; an out-of-range page is clamped to the nearest real one. `vendors` lists
	 * the brands found for the filter.
	 */
	async categoryPage(
		category: string | undefined,
		search: string,
		requestedPage: number,
		options: ListingOptions = NO_LISTING_OPTIONS,
	): Promise<Page<ProductSummary> & { vendors: string[] }> {
		const found = await this.search(category, search)
		const matches = hasListingOptions(options) ? applyListing([...found], options) : found
		const vendors = [...new Set(found.map((p) => p.vendor).filter(Boolean))].sort()
		const pageCount = Math.max(1, Math.ceil(matches.length / CATEGORY_PAGE_SIZE))
		const page = Math.min(Math.max(1, requestedPage), pageCount)
		const start = (page - 1) * CATEGORY_PAGE_SIZE
		const { names } = await this.#current()
		return {
			items: matches.slice(start, start + CATEGORY_PAGE_SIZE).map((p) => summarise(p, names)),
			total: matches.length,
			page,
			pageCount,
			vendors,
		}
	}

	/** The grouped listing: per category, the first few matches and how many there are. */
	async grouped(search: string) {
		const { names } = await this.#current()
		return Promise.all(
			(await this.shownCategories()).map(async ({ slug, name }) => {
				const matches = await this.search(slug, search)
				return {
					category: slug,
					name,
					total: matches.length,
					items: matches.slice(0, GROUP_SIZE).map((p) => summarise(p, names)),
				}
			}),
		)
	}
}

export function summarise(product: Product, names: Map<string, string>): ProductSummary {
	return {
		id: product.id,
		name: product.name,
		code: product.code,
		imageUrl: product.imageUrl,
		vendor: product.vendor,
		category: product.category,
		categoryName: names.get(product.category) ?? product.category,
		pricePence: product.pricePence,
		hasOptions: product.options.length > 0,
	}
}
