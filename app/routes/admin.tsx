import { isRouteErrorResponse, Link } from 'react-router'
import { requireAdmin } from '~/.server/auth/guards'
import { PageHeader } from '~/components/content/page-header'
import type { BreadcrumbHandle } from '~/components/layout/breadcrumbs'
import { pageMeta } from '~/lib/seo'
import type { Route } from './+types/admin'

export const handle: BreadcrumbHandle = { breadcrumb: () => ({ label: 'Admin', to: '/admin' }) }

export const meta: Route.MetaFunction = (args) =>
	pageMeta(args, { title: 'Admin Dashboard', description: 'Manage orders.', noindex: true })

export async function loader({ request, context }: Route.LoaderArgs) {
	const admin = await requireAdmin(request, context)
	return { adminName: admin.firstName }
}

export default function Admin() {
	return (
		<>
			<PageHeader title="Admin Dashboard" intro="Manage your orders" />
			<div className="container-page py-10">
				<p className="text-slate-700">The order dashboard is not part of this release yet.</p>
			</div>
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
