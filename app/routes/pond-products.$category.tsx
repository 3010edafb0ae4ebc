import { data, redirect } from 'react-router'
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
import { hasListingOptions, listingHref, parseListingOptions } from '~/lib/catalog/listing-options'
import { parsePageParam, parseSearchParam } from '~/lib/catalog/pagination'
import { categoryPath } from '~/lib/catalog/product'
import { categoryLabel } from '~/lib/categories'
import { pageMeta } from '~/lib/seo'
import type { Route } from './+types/pond-products.$category'

export const handle: BreadcrumbHandle = {
	breadcrumb: (match) => {
		const category = match.params.category ?? ''
		const name = (match.data as { name?: string } | undefined)?.name
		return [
			{ label: 'Products', to: '/pond-products' },
			{ label: name ?? categoryLabel(category), to: `/pond-products/${category}` },
		]
	},
}

export const meta: Route.MetaFunction = (args) => {
	const label = args.data?.name ?? categoryLabel(args.params.category)
	const page = args.data?.page ?? 1
	return pageMeta(args, {
		title: `${label}${page > 1 ? ` – Page ${page}` : ''}`,
		description:
			args.data?.description ||
			`${label} for garden and koi ponds: ${args.data?.total ?? 'our full'} products from brands we trust, with UK delivery confirmed before you pay.`,
		canonicalParams: ['page'],
		noindex: Boolean(args.data?.search) || Boolean(args.data?.filtered),
	})
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
	const url = new URL(request.url)
	// The owner's categories: a renamed one's old address moves for good to the new one (with the
	// query), a hidden or unknown one is not found (decision 0032).
	const found = await context.catalog.categoryAt(params.category)
	if (!found) throw data('Not Found', { status: 404 })
	if ('renamedTo' in found) throw redirect(`${categoryPath(found.renamedTo)}${url.search}`, 301)
	const { name, description } = found.category
	const categories = stripOf(await context.catalog.shownCategories())
	const search = parseSearchParam(url.searchParams.get('search'))
	const requested = parsePageParam(url.searchParams.get('page'))
	const options = parseListingOptions(url.searchParams)
	const filtered = hasListingOptions(options)
	try {
		const result = await context.catalog.categoryPage(params.category, search, requested, options)
		return {
			category: params.category,
			name,
			description,
			categories,
			search,
			options,
			filtered,
			...result,
			loadError: false,
		}
	} catch (error) {
		context.logger.error({ err: error }, 'catalogue read failed')
		return {
			category: params.category,
			name,
			description,
			categories,
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
	const { category, name, categories, search, options, filtered, vendors, items, total } =
		loaderData
	const { page, pageCount, loadError } = loaderData
	const loading = useCatalogLoading()
	const label = name
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
				<CategoryStrip categories={categories} active={category} search={search} />
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
