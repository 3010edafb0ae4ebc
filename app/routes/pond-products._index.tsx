import { Link } from 'react-router'
import {
	LoadError,
	LoadingProducts,
	NoSearchMatches,
	useCatalogLoading,
} from '~/components/catalog/catalog-states'
import { CategoryStrip } from '~/components/catalog/category-strip'
import { ProductGrid } from '~/components/catalog/product-card'
import { SearchBox } from '~/components/catalog/search-box'
import { PageHeader } from '~/components/content/page-header'
import type { BreadcrumbHandle } from '~/components/layout/breadcrumbs'
import { GROUP_SIZE, parseSearchParam } from '~/lib/catalog/pagination'
import { categoryPath } from '~/lib/catalog/product'
import { categoryLabel } from '~/lib/categories'
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
		noindex: Boolean(args.data?.search),
	})

export async function loader({ request, context }: Route.LoaderArgs) {
	const search = parseSearchParam(new URL(request.url).searchParams.get('search'))
	try {
		return { search, groups: await context.catalog.grouped(search), loadError: false }
	} catch (error) {
		context.logger.error({ err: error }, 'catalogue read failed')
		return { search, groups: [], loadError: true }
	}
}

export default function PondProducts({ loaderData }: Route.ComponentProps) {
	const { search, groups, loadError } = loaderData
	const loading = useCatalogLoading()
	const found = groups.filter((group) => group.total > 0)
	return (
		<>
			<PageHeader
				title="Pond Products"
				intro="Filters, pumps, fittings and more — the equipment we use on our own pond builds."
			/>
			<div className="container-page space-y-6 py-8">
				<SearchBox action="/pond-products" search={search} />
				<CategoryStrip search={search} />
				<LoadingProducts show={loading} />
				{loadError ? (
					<LoadError message="Failed to load products. Please try again later." />
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
											{categoryLabel(group.category)}
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
