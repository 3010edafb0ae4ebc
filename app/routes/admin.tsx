import { Download, RotateCw } from 'lucide-react'
import {
	data,
	isRouteErrorResponse,
	Link,
	Outlet,
	useLocation,
	useNavigation,
	useRevalidator,
} from 'react-router'
import { adminSummary } from '~/.server/analytics/summary'
import { requireAccess } from '~/.server/auth/guards'
import { waitingRequests } from '~/.server/orders/after-sale/staff-requests'
import { listAdminOrders } from '~/.server/orders/pages/admin-orders'
import { AdminNav } from '~/components/admin/admin-nav'
import { OrderCards } from '~/components/admin/order-cards'
import { OrderFilters } from '~/components/admin/order-filters'
import { OrdersTable } from '~/components/admin/orders-table'
import { useJustUpdated } from '~/components/admin/use-just-updated'
import { PageHeader } from '~/components/content/page-header'
import { AdminSummary } from '~/components/insights/admin-summary'
import type { BreadcrumbHandle } from '~/components/layout/breadcrumbs'
import { parseOrderFilters } from '~/lib/admin-order-schemas'
import { pageMeta } from '~/lib/seo'
import { can } from '~/lib/staff-access'
import type { Route } from './+types/admin'

export const handle: BreadcrumbHandle = { breadcrumb: () => ({ label: 'Admin', to: '/admin' }) }

export const meta: Route.MetaFunction = (args) =>
	pageMeta(args, { title: 'Admin Dashboard', description: 'Manage orders.', noindex: true })

export async function loader({ request, context }: Route.LoaderArgs) {
	const viewer = await requireAccess(request, context, 'admin')
	const url = new URL(request.url)
	const filters = parseOrderFilters(url.searchParams)
	try {
		const [page, summary, requestsWaiting] = await Promise.all([
			listAdminOrders(context.db, filters),
			// Sales figures are for those who may read insights (the owner and the bookkeeper).
			can(viewer.role, 'insights.read') ? adminSummary(context.db, new Date()) : null,
			waitingRequests(context.db),
		])
		return {
			role: viewer.role,
			...page,
			filters,
			summary,
			loadError: false,
			requestsWaiting,
		}
	} catch (error) {
		context.logger.error({ err: error }, 'admin order list failed')
		return data(
			{
				role: viewer.role,
				orders: [],
				hasOlder: false,
				filters,
				summary: null,
				loadError: true,
				requestsWaiting: 0,
			},
			{ status: 500 },
		)
	}
}

export default function Admin({ loaderData }: Route.ComponentProps) {
	const { orders, hasOlder, filters, summary, loadError } = loaderData
	const { search } = useLocation()
	const navigation = useNavigation()
	const revalidator = useRevalidator()
	const highlighted = useJustUpdated()
	const loading =
		(navigation.state === 'loading' && navigation.location.pathname === '/admin') ||
		revalidator.state === 'loading'
	const pageLink = (page: number) => {
		const params = new URLSearchParams(search)
		if (page > 1) params.set('page', String(page))
		else params.delete('page')
		const query = params.toString()
		return query ? `/admin?${query}` : '/admin'
	}
	return (
		<>
			<PageHeader title="Admin Dashboard" intro="Manage your orders" />
			<div className="container-page py-10">
				<AdminNav role={loaderData.role} requestsWaiting={loaderData.requestsWaiting} />
				{summary ? <AdminSummary {...summary} /> : null}
				<OrderFilters filters={filters} />
				<div className="mb-4 flex flex-wrap items-center justify-between gap-3">
					<h2 id="recent-orders" className="font-display text-2xl font-bold text-pond-900">
						Recent Orders
					</h2>
					{can(loaderData.role, 'orders.export') ? (
						<a href={`/admin/orders.csv${search}`} className="btn-secondary" download>
							<Download aria-hidden="true" className="size-5" /> Export CSV
						</a>
					) : null}
				</div>
				<div aria-live="polite" className="sr-only">
					{loading ? 'Loading orders…' : ''}
				</div>
				{loadError ? (
					<div role="alert" className="rounded-xl bg-red-50 p-6 text-red-800">
						<p className="font-semibold">Failed to load orders. Please try again.</p>
						<Link
							to={`/admin${search}`}
							className="btn-secondary mt-4"
							onClick={(event) => {
								event.preventDefault()
								revalidator.revalidate()
							}}
						>
							<RotateCw aria-hidden="true" className="size-5" /> Retry
						</Link>
					</div>
				) : orders.length === 0 ? (
					<p className="rounded-xl bg-pond-50 p-6 text-slate-700">
						No orders found matching your filters.
					</p>
				) : (
					<div
						className={loading ? 'opacity-60 transition-opacity' : undefined}
						aria-busy={loading}
					>
						<OrderCards orders={orders} search={search} highlighted={highlighted} />
						<OrdersTable orders={orders} search={search} highlighted={highlighted} />
						<nav aria-label="Order pages" className="mt-4 flex justify-between gap-3">
							{filters.page > 1 ? (
								<Link to={pageLink(filters.page - 1)} className="btn-secondary">
									Newer orders
								</Link>
							) : (
								<span />
							)}
							{hasOlder ? (
								<Link to={pageLink(filters.page + 1)} className="btn-secondary">
									Older orders
								</Link>
							) : null}
						</nav>
					</div>
				)}
			</div>
			<Outlet />
		</>
	)
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
	if (isRouteErrorResponse(error) && error.status === 403) {
		return (
			<div className="container-page py-20 text-center">
				<h1 className="font-display text-4xl font-bold text-pond-900">Access Denied</h1>
				<p className="mt-4 text-lg text-slate-700">
					You do not have permission to access the admin area.
				</p>
				<Link to="/" className="btn-primary mt-8">
					Return to Home
				</Link>
			</div>
		)
	}
	throw error
}
