import { data } from 'react-router'
import {
	LoadError,
	LoadingProducts,
	NoSearchMatches,
	useCatalogLoading,
} from '~/components/catalog/catalog-states'
import { CategoryStrip } from '~/components/catalog/category-strip'
import { ListingOptionsForm } from '~/components/catalog/listing-options-form'
import { Pagination } from '~/components/catalog/pagination'
import { ProductGrid } from '~/components/catalog/product-card'
import { SearchBox } from '~/components/catalog/search-box'
import { PageHeader } from '~/components/content/page-header'
import type { BreadcrumbHandle } from '~/components/layout/breadcrumbs'
import { hasListingOptions, listingHref, parseListingOptions } from '~/lib/catalog/listing-options'
import { parsePageParam, parseSearchParam } from '~/lib/catalog/pagination'
import { categoryPath } from '~/lib/catalog/product'
import { categoryLabel, isCategory } from '~/lib/categories'
import { pageMeta } from '~/lib/seo'
import type { Route } from './+types/pond-products.$category'

export const handle: BreadcrumbHandle = {
	breadcrumb: (match) => {
		const category = match.params.category ?? ''
		return [
			{ label: 'Products', to: '/pond-products' },
			{ label: categoryLabel(category), to: `/pond-products/${category}` },
		]
	},
}

export const meta: Route.MetaFunction = (args) => {
	const label = categoryLabel(args.params.category)
	const page = args.data?.page ?? 1
	return pageMeta(args, {
		title: `${label}${page > 1 ? ` – Page ${page}` : ''}`,
		description: `${label} for garden and koi ponds: ${args.data?.total ?? 'our full'} products from brands we trust, with UK delivery confirmed before you pay.`,
		canonicalParams: ['page'],
		noindex: Boolean(args.data?.search) || Boolean(args.data?.filtered),
	})
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
	if (!isCategory(params.category)) throw data('Not Found', { status: 404 })
	const url = new URL(request.url)
	const search = parseSearchParam(url.searchParams.get('search'))
	const requested = parsePageParam(url.searchParams.get('page'))
	const options = parseListingOptions(url.searchParams)
	const filtered = hasListingOptions(options)
	try {
		const result = await context.catalog.categoryPage(params.category, search, requested, options)
		return { category: params.category, search, options, filtered, ...result, loadError: false }
	} catch (error) {
		context.logger.error({ err: error }, 'catalogue read failed')
		return {
			category: params.category,
			search,
			options,
			filtered,
			vendors: [] as string[],
			items: [],
			total: 0,
			page: 1,
			pageCount: 1,
			loadError: true,
		}
	}
}

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
	const { category, search, options, filtered, vendors, items, total, page, pageCount, loadError } =
		loaderData
	const loading = useCatalogLoading()
	const label = categoryLabel(category)
	const base = categoryPath(category)
	const hrefFor = (target: number) => listingHref(base, search, options, target)
	return (
		<>
			<PageHeader
				title={label}
				intro={`${total} ${total === 1 ? 'product' : 'products'}${search ? ` matching “${search}”` : ''}`}
			/>
			<div className="container-page space-y-6 py-8">
				<SearchBox action={base} search={search} />
				<CategoryStrip active={category} search={search} />
				{total > 0 || filtered ? (
					<ListingOptionsForm action={base} search={search} options={options} vendors={vendors} />
				) : null}
				<LoadingProducts show={loading} />
				{loadError ? (
					<LoadError message="Failed to load products. Please try again later." />
				) : total === 0 && search ? (
					<NoSearchMatches
						search={search}
						clearHref={base}
						backHref="/pond-products"
						backLabel="Back to All Products"
					/>
				) : total === 0 && filtered ? (
					<p className="rounded-2xl bg-pond-50 px-6 py-12 text-center text-lg text-slate-700">
						No products match these filters.{' '}
						<a href={base} className="font-semibold text-pond-800 underline">
							Show all {label}
						</a>
					</p>
				) : total === 0 ? (
					<div className="rounded-2xl bg-pond-50 px-6 py-12 text-center">
						<h2 className="text-xl font-semibold text-pond-900">
							No products in {label} at the moment
						</h2>
						<p className="mt-2 text-slate-600">
							Please check back soon, or get in touch and we will source what you need.
						</p>
					</div>
				) : (
					<div className={loading ? 'opacity-60 transition-opacity' : undefined}>
						<p className="mb-4 text-sm text-slate-600">{`Page ${page} of ${pageCount}`}</p>
						<h2 className="sr-only">{`${label}, page ${page}`}</h2>
						<ProductGrid products={items} />
						<Pagination page={page} pageCount={pageCount} hrefFor={hrefFor} />
					</div>
				)}
			</div>
		</>
	)
}
