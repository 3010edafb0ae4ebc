import { Link } from 'react-router'
import {
	LoadError,
	LoadingProducts,
	NoSearchMatches,
	useCatalogLoading,
} from '~/components/catalog/catalog-states'
import { CategoryStrip, stripOf } from '~/components/catalog/category-strip'
import { ListingOptionsForm } from '~/components/catalog/listing-options-form'
import { Pagination } from '~/components/catalog/pagination'
import { ProductGrid } from '~/components/catalog/product-card'
import { SearchBox } from '~/components/catalog/search-box'
import { PageHeader } from '~/components/content/page-header'
import type { BreadcrumbHandle } from '~/components/layout/breadcrumbs'
import {
	hasListingOptions,
	listingHref,
	NO_LISTING_OPTIONS,
	parseListingOptions,
} from '~/lib/catalog/listing-options'
import { GROUP_SIZE, parsePageParam, parseSearchParam } from '~/lib/catalog/pagination'
import { categoryPath } from '~/lib/catalog/product'
import { cn } from '~/lib/cn'
import { pageMeta } from '~/lib/seo'
import type { Route } from './+types/pond-products._index'

export const handle: BreadcrumbHandle = {
	breadcrumb: () => ({ label: 'Products', to: '/pond-products' }),
}

export const meta: Route.MetaFunction = (args) =>
	pageMeta(args, {
		title: args.data?.search
			? `Search results for “${args.data.search}” – Pond Products`
			: 'Pond Products',
		description:
			'Pond filters, pipe fittings, water pumps, air pumps, showers and skimmers from brands we trust, delivered across the UK.',
		noindex: Boolean(args.data?.search) || Boolean(args.data?.filtered),
	})

/**
 * Every product, grouped by category (the first few of each); sorted or filtered (the same form
 * as a category page, issue 62 item 8), one list across every category, paged as a category is.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
	const url = new URL(request.url)
	const search = parseSearchParam(url.searchParams.get('search'))
	const options = parseListingOptions(url.searchParams)
	const filtered = hasListingOptions(options)
	try {
		const requested = filtered ? parsePageParam(url.searchParams.get('page')) : 1
		const page = await context.catalog.categoryPage(undefined, search, requested, options)
		// Unsorted, the page shows the groups: the list is read only for the form's brands.
		const listing = filtered ? page : { ...page, items: [] }
		const groups = filtered ? [] : await context.catalog.grouped(search)
		const categories = stripOf(await context.catalog.shownCategories())
		return { search, options, filtered, groups, listing, categories, loadError: false }
	} catch (error) {
		context.logger.error({ err: error }, 'catalogue read failed')
		const listing = { items: [], total: 0, page: 1, pageCount: 1, vendors: [] as string[] }
		return { search, options, filtered, groups: [], listing, categories: [], loadError: true }
	}
}

export default function PondProducts({ loaderData }: Route.ComponentProps) {
	const { search, options, filtered, groups, listing, categories, loadError } = loaderData
	const loading = useCatalogLoading()
	const found = groups.filter((group) => group.total > 0)
	const hrefFor = (page: number) => listingHref('/pond-products', search, options, page)
	return (
		<>
			<PageHeader
				title="Pond Products"
				intro="Filters, pumps, fittings and more — the equipment we use on our own pond builds."
			/>
			<div className="container-page space-y-6 py-8">
				<SearchBox action="/pond-products" search={search} />
				<CategoryStrip categories={categories} search={search} />
				{listing.total > 0 || filtered ? (
					<ListingOptionsForm
						action="/pond-products"
						search={search}
						options={options}
						vendors={listing.vendors}
					/>
				) : null}
				<LoadingProducts show={loading} />
				{loadError ? (
					<LoadError message="Failed to load products. Please try again later." />
				) : filtered && listing.total === 0 ? (
					<p className="rounded-2xl bg-pond-50 px-6 py-12 text-center text-lg text-slate-700">
						No products match these filters.{' '}
						<a
							href={listingHref('/pond-products', search, NO_LISTING_OPTIONS, 1)}
							className="font-semibold text-pond-800 underline"
						>
							Show all products
						</a>
					</p>
				) : filtered ? (
					<div className={loading ? 'opacity-60 transition-opacity' : undefined}>
						<p className="mb-4 text-sm text-slate-600" aria-live="polite">
							{`${listing.total} ${listing.total === 1 ? 'product' : 'products'}${search ? ` matching “${search}”` : ''} · Page ${listing.page} of ${listing.pageCount}`}
						</p>
						<h2 className="sr-only">{`All products, page ${listing.page}`}</h2>
						<ProductGrid products={listing.items} eager={4} />
						<Pagination page={listing.page} pageCount={listing.pageCount} hrefFor={hrefFor} />
					</div>
				) : search && found.length === 0 ? (
					<NoSearchMatches
						search={search}
						clearHref="/pond-products"
						backHref="/"
						backLabel="Back to Home"
					/>
				) : (
					<div className={loading ? 'opacity-60 transition-opacity' : undefined}>
						{search ? (
							<p className="mb-6 text-slate-700" aria-live="polite">
								{found.reduce((sum, g) => sum + g.total, 0)} products match “{search}”.{' '}
								<Link to="/pond-products" className="font-semibold text-pond-700 underline">
									Clear Search
								</Link>
							</p>
						) : null}
						{found.map((group, groupIndex) => (
							<section
								key={group.category}
								aria-labelledby={`cat-${group.category}`}
								className={cn('mb-12', groupIndex > 0 && 'below-fold')}
							>
								<div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
									<h2
										id={`cat-${group.category}`}
										className="font-display text-2xl font-bold text-pond-900"
									>
										<Link to={categoryPath(group.category)} className="hover:underline">
											{group.name}
										</Link>
									</h2>
									{group.total > GROUP_SIZE && !search ? (
										<Link
											to={categoryPath(group.category)}
											className="font-semibold text-pond-700 underline-offset-4 hover:underline"
										>
											{`View All ${group.total} Products`} <span aria-hidden="true">→</span>
										</Link>
									) : null}
								</div>
								{/* Only the first section starts in view: its pictures load first. */}
								<ProductGrid products={group.items} eager={groupIndex === 0 ? 4 : 0} />
							</section>
						))}
					</div>
				)}
			</div>
		</>
	)
}
