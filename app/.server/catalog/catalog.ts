import { asc, eq } from 'drizzle-orm'
import type { Db } from '~/.server/db/client'
import { catalogState, products } from '~/.server/db/schema'
import { applyListing, hasListingOptions, type ListingOptions } from '~/lib/catalog/listing-options'
import { CATEGORY_PAGE_SIZE, GROUP_SIZE } from '~/lib/catalog/pagination'
import type { Product, ProductSummary } from '~/lib/catalog/product'
import { CATEGORIES, type Category } from '~/lib/categories'

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

export type Pool = {
	products: Product[] /** Lower-cased "name code vendor", aligned with products. */
	haystack: string[]
}

type Index = {
	version: number
	/** Hidden products included: the back office's view. */
	everything: Product[]
	/** The same with the search text, for the back office's list (built on first use). */
	everyPool?: Pool
	everyById: Map<string, Product>
	/** What shoppers see: everything below leaves hidden products out. */
	all: Pool
	byId: Map<string, Product>
	byCategory: Map<Category, Pool>
}

const searchable = (p: Product) => `${p.name}\u0000${p.code}\u0000${p.vendor}`.toLowerCase()
const pool = (products: Product[]): Pool => ({ products, haystack: products.map(searchable) })

const NO_OPTIONS: ListingOptions = { sort: '', vendor: '', minPence: null, maxPence: null }

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

	/** `onSwap` runs when a new version goes live here (the page cache is cleared then). */
	constructor(
		private readonly db: Db,
		private readonly onSwap: () => void = () => {},
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
		const [state] = await this.db
			.select({ version: catalogState.version })
			.from(catalogState)
			.where(eq(catalogState.id, 1))
		const version = state?.version ?? 0
		this.#checkedAt = askedAt
		const current = this.#index
		if (current && current.version === version) return current
		this.#building ??= this.#build(version)
			.then((index) => {
				this.#index = index
				this.onSwap()
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

	async #build(version: number): Promise<Index> {
		const rows = await this.db.select().from(products).orderBy(asc(products.position))
		const everything = rows.map(({ position: _position, ...row }) => row as Product)
		const all = everything.filter((p) => !p.hidden)
		return {
			version,
			everything,
			everyById: new Map(everything.map((p) => [p.id, p])),
			all: pool(all),
			byId: new Map(all.map((p) => [p.id, p])),
			byCategory: new Map(CATEGORIES.map((c) => [c, pool(all.filter((p) => p.category === c))])),
		}
	}

	/** A product shoppers can see (a hidden one answers undefined: its page is a 404). */
	async product(id: string): Promise<Product | undefined> {
		return (await this.#current()).byId.get(id)
	}

	/** The products shoppers can see, in catalogue order. */
	async all(): Promise<Product[]> {
		return (await this.#current()).all.products
	}

	/** Every product, hidden ones included (the back office and the CSV download). */
	async everything(): Promise<Product[]> {
		return (await this.#current()).everything
	}

	/** Every product with its search text (/admin/products searches 50,000 without re-lowercasing). */
	async everyPool(): Promise<Pool> {
		const model = await this.#current()
		model.everyPool ??= pool(model.everything)
		return model.everyPool
	}

	/** Any product by id, hidden or not (the back office). */
	async anyProduct(id: string): Promise<Product | undefined> {
		return (await this.#current()).everyById.get(id)
	}

	/** Products of one category (or all), filtered by a literal, case-insensitive search. */
	async search(category: Category | undefined, search: string): Promise<Product[]> {
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
	 * One page of a category, sorted and filtered as asked; an out-of-range page is clamped to the
	 * nearest real one. `vendors` lists the category's brands for the filter.
	 */
	async categoryPage(
		category: Category,
		search: string,
		requestedPage: number,
		options: ListingOptions = NO_OPTIONS,
	): Promise<Page<ProductSummary> & { vendors: string[] }> {
		const found = await this.search(category, search)
		const matches = hasListingOptions(options) ? applyListing([...found], options) : found
		const vendors = [...new Set(found.map((p) => p.vendor).filter(Boolean))].sort()
		const pageCount = Math.max(1, Math.ceil(matches.length / CATEGORY_PAGE_SIZE))
		const page = Math.min(Math.max(1, requestedPage), pageCount)
		const start = (page - 1) * CATEGORY_PAGE_SIZE
		return {
			items: matches.slice(start, start + CATEGORY_PAGE_SIZE).map(summarise),
			total: matches.length,
			page,
			pageCount,
			vendors,
		}
	}

	/** The grouped listing: per category, the first few matches and how many there are. */
	async grouped(search: string) {
		return Promise.all(
			CATEGORIES.map(async (category) => {
				const matches = await this.search(category, search)
				return {
					category,
					total: matches.length,
					items: matches.slice(0, GROUP_SIZE).map(summarise),
				}
			}),
		)
	}
}

export function summarise(product: Product): ProductSummary {
	return {
		id: product.id,
		name: product.name,
		code: product.code,
		imageUrl: product.imageUrl,
		vendor: product.vendor,
		category: product.category,
		pricePence: product.pricePence,
		hasOptions: product.options.length > 0,
	}
}
