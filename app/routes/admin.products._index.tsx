import { Link } from 'react-router'
import { requireAccess } from '~/.server/auth/guards'
import { adminProductPage } from '~/.server/catalog/admin-list'
import { recentChanges } from '~/.server/catalog/product-admin'
import { waitingRequests } from '~/.server/orders/after-sale/staff-requests'
import { AdminNav } from '~/components/admin/admin-nav'
import { Notice } from '~/components/admin/notices'
import { ChangeHistory, ProductActionButton } from '~/components/admin/product-actions'
import { ProductFilters, ProductsTable } from '~/components/admin/products-table'
import { PageHeader } from '~/components/content/page-header'
import type { BreadcrumbHandle } from '~/components/layout/breadcrumbs'
import { adminFiltersQuery, parseAdminFilters } from '~/lib/catalog/admin-filters'
import { pageMeta } from '~/lib/seo'
import type { Route } from './+types/admin.products._index'
import { productListAction } from './admin.products._index.server'

export const handle: BreadcrumbHandle = {
	breadcrumb: () => [
		{ label: 'Admin', to: '/admin' },
		{ label: 'Products', to: '/admin/products' },
	],
}

export const meta: Route.MetaFunction = (args) =>
	pageMeta(args, {
		title: 'Products · Admin',
		description: 'Find, add, change, hide and remove products.',
		noindex: true,
	})

const DONE: Record<string, string> = {
	hidden: 'The product is hidden: off the shop, search and sitemap. Past orders keep it.',
	shown: 'The product is back on the shop.',
	deleted: 'The product is deleted. Restore the previous catalogue version to undo it.',
}

export async function loader({ request, context }: Route.LoaderArgs) {
	const viewer = await requireAccess(request, context, 'admin/products')
	const url = new URL(request.url)
	const filters = parseAdminFilters(url.searchParams)
	const [all, changes, requestsWaiting, demoImage, categories] = await Promise.all([
		context.catalog.everyPool(),
		recentChanges(context.db, { limit: 10 }),
		waitingRequests(context.db),
		context.demoImages.namer(),
		context.catalog.categories(),
	])
	return {
		role: viewer.role,
		requestsWaiting,
		filters,
		categories: categories.map(({ slug, name }) => ({ slug, name })),
		...(await adminProductPage(context.db, all, filters, demoImage)),
		changes,
		message: DONE[url.searchParams.get('done') ?? ''],
	}
}

export async function action({ request, context }: Route.ActionArgs) {
	return productListAction(request, context)
}

export default function AdminProducts({ loaderData, actionData }: Route.ComponentProps) {
	const { filters, rows, total, page, pageCount, changes, message } = loaderData
	const returnTo = `/admin/products${adminFiltersQuery(filters)}`
	return (
		<>
			<PageHeader
				title="Products"
				intro="Find a product to change its price, details or visibility."
			/>
			<div className="container-page py-10">
				<AdminNav role={loaderData.role} requestsWaiting={loaderData.requestsWaiting} />
				{message && !actionData ? <Notice kind="done">{message}</Notice> : null}
				{actionData?.error ? (
					<Notice kind="refused">
						<p>{actionData.error}</p>
						{actionData.hide ? (
							<ProductActionButton
								intent="hide"
								id={actionData.hide.id}
								fingerprint={actionData.hide.fingerprint}
								name="it"
								returnTo={returnTo}
							/>
						) : null}
					</Notice>
				) : null}
				<div className="mb-6 flex flex-wrap items-center justify-between gap-3">
					<p className="text-slate-700">
						{total.toLocaleString('en-GB')} {total === 1 ? 'product' : 'products'}
					</p>
					<div className="flex flex-wrap gap-3">
						<Link to="/admin/products/categories" className="btn-secondary">
							Categories
						</Link>
						<Link to="/admin/products/new" className="btn-primary">
							Add a product
						</Link>
					</div>
				</div>
				<ProductFilters filters={filters} categories={loaderData.categories} />
				<ProductsTable rows={rows} returnTo={returnTo} categories={loaderData.categories} />
				{pageCount > 1 ? (
					<nav aria-label="Pagination" className="mt-6 flex items-center justify-between gap-3">
						{page > 1 ? (
							<Link
								to={`/admin/products${adminFiltersQuery(filters, page - 1)}`}
								rel="prev"
								className="btn-secondary"
							>
								Previous
							</Link>
						) : (
							<span />
						)}
						<span>
							Page {page} of {pageCount}
						</span>
						{page < pageCount ? (
							<Link
								to={`/admin/products${adminFiltersQuery(filters, page + 1)}`}
								rel="next"
								className="btn-secondary"
							>
								Next
							</Link>
						) : (
							<span />
						)}
					</nav>
				) : null}
				<ChangeHistory changes={changes} title="Recent catalogue changes" />
			</div>
		</>
	)
}
