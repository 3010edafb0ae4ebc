import { Form, Link, useLocation } from 'react-router'
import { requireAccess } from '~/.server/auth/guards'
import { openProjectCount, projectBoard, projectList } from '~/.server/builds/project-pages'
import { waitingRequests } from '~/.server/orders/after-sale/staff-requests'
import { AdminNav } from '~/components/admin/admin-nav'
import { ProjectCard } from '~/components/builds/project-card'
import { PageHeader } from '~/components/content/page-header'
import { INPUT_CLASS } from '~/components/forms/input-class'
import type { BreadcrumbHandle } from '~/components/layout/breadcrumbs'
import { BUILD_TYPE_LABELS, BUILD_TYPES, ProjectFiltersSchema } from '~/lib/builds/build-schemas'
import { PROJECT_STATUS_LABELS, PROJECT_STATUSES } from '~/lib/builds/project-status'
import { cn } from '~/lib/cn'
import { pageMeta } from '~/lib/seo'
import { can } from '~/lib/staff-access'
import type { Route } from './+types/admin.projects._index'

/** Pond builds in the admin (issue 59 item 6): the pipeline as a board, or a filtered list. */
export const handle: BreadcrumbHandle = {
	breadcrumb: () => [
		{ label: 'Admin', to: '/admin' },
		{ label: 'Pond builds', to: '/admin/projects' },
	],
}

export const meta: Route.MetaFunction = (args) =>
	pageMeta(args, {
		title: 'Pond builds · Admin',
		description: 'Pond build projects.',
		noindex: true,
	})

export async function loader({ request, context }: Route.LoaderArgs) {
	const viewer = await requireAccess(request, context, 'admin/projects')
	const params = new URL(request.url).searchParams
	const filters = ProjectFiltersSchema.parse(
		Object.fromEntries([...params].filter(([, v]) => v !== '')),
	)
	const [board, list, open, requestsWaiting] = await Promise.all([
		filters.view === 'board' ? projectBoard(context.db, filters) : null,
		filters.view === 'list' ? projectList(context.db, filters) : null,
		openProjectCount(context.db),
		waitingRequests(context.db),
	])
	return { role: viewer.role, filters, board, list, open, requestsWaiting }
}

export default function AdminProjects({ loaderData }: Route.ComponentProps) {
	const { filters, board, list } = loaderData
	const { search } = useLocation()
	const link = (change: Record<string, string>) => {
		const params = new URLSearchParams(search)
		for (const [k, v] of Object.entries(change)) params.set(k, v)
		return `/admin/projects?${params}`
	}
	return (
		<>
			<PageHeader
				title="Pond builds"
				intro="Every build from the first enquiry to the finished pond."
			/>
			<div className="container-page py-10">
				<AdminNav
					role={loaderData.role}
					requestsWaiting={loaderData.requestsWaiting}
					projectsOpen={loaderData.open}
				/>
				<div className="mb-4 flex flex-wrap items-center justify-between gap-3">
					<nav aria-label="Views" className="flex gap-2">
						{(['board', 'list'] as const).map((view) => (
							<Link
								key={view}
								to={link({ view, page: '1' })}
								aria-current={filters.view === view ? 'page' : undefined}
								className={cn(filters.view === view ? 'btn-primary' : 'btn-secondary')}
							>
								{view === 'board' ? 'Board' : 'List'}
							</Link>
						))}
					</nav>
					{can(loaderData.role, 'business.settings') ? (
						<Link to="/admin/projects/settings" className="font-semibold text-pond-800 underline">
							Survey times and service area
						</Link>
					) : null}
				</div>
				<Form
					method="get"
					className="mb-6 flex flex-wrap items-end gap-4 rounded-xl bg-pond-50 p-4"
				>
					<input type="hidden" name="view" value={filters.view} />
					{filters.view === 'list' ? (
						<label className="text-sm font-semibold text-slate-800">
							Status
							<select name="status" defaultValue={filters.status ?? ''} className={INPUT_CLASS}>
								<option value="">All</option>
								{PROJECT_STATUSES.map((s) => (
									<option key={s} value={s}>
										{PROJECT_STATUS_LABELS[s]}
									</option>
								))}
							</select>
						</label>
					) : null}
					<label className="text-sm font-semibold text-slate-800">
						Type
						<select name="type" defaultValue={filters.type ?? ''} className={INPUT_CLASS}>
							<option value="">All</option>
							{BUILD_TYPES.map((t) => (
								<option key={t} value={t}>
									{BUILD_TYPE_LABELS[t]}
								</option>
							))}
						</select>
					</label>
					<label className="min-w-52 flex-1 text-sm font-semibold text-slate-800">
						Search number, name, email or postcode
						<input name="q" defaultValue={filters.q ?? ''} className={INPUT_CLASS} />
					</label>
					<button type="submit" className="btn-primary">
						Filter
					</button>
					<Link to={`/admin/projects?view=${filters.view}`} className="btn-secondary">
						Reset
					</Link>
				</Form>
				{board ? (
					<section
						aria-label="Pipeline board"
						// biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
						tabIndex={0}
						className="relative -mx-4 flex snap-x gap-4 overflow-x-auto px-4 pb-4 sm:mx-0 sm:px-0"
					>
						{board.map((column) => (
							<section
								key={column.status}
								aria-labelledby={`column-${column.status}`}
								data-column={column.status}
								className="w-72 shrink-0 snap-start rounded-xl bg-slate-100 p-3"
							>
								<h2
									id={`column-${column.status}`}
									className="mb-3 flex justify-between font-semibold text-pond-900"
								>
									{PROJECT_STATUS_LABELS[column.status]}
									<span className="rounded-full bg-white px-2 text-sm">
										{column.count}
										<span className="sr-only"> projects</span>
									</span>
								</h2>
								<ul className="space-y-2">
									{column.projects.map((p) => (
										<ProjectCard key={p.id} project={p} />
									))}
								</ul>
								{column.count > column.projects.length ? (
									<Link
										to={link({ view: 'list', status: column.status, page: '1' })}
										className="mt-2 block text-sm font-semibold text-pond-800 underline"
									>
										All {column.count} in the list
									</Link>
								) : null}
							</section>
						))}
					</section>
				) : null}
				{list ? (
					<>
						{list.projects.length === 0 ? (
							<p className="rounded-xl bg-pond-50 p-6 text-slate-700">No projects match.</p>
						) : (
							<ul className="space-y-2">
								{list.projects.map((p) => (
									<ProjectCard key={p.id} project={p} withStatus />
								))}
							</ul>
						)}
						<nav aria-label="Project pages" className="mt-4 flex justify-between">
							{filters.page > 1 ? (
								<Link to={link({ page: String(filters.page - 1) })} className="btn-secondary">
									Newer
								</Link>
							) : (
								<span />
							)}
							{list.hasOlder ? (
								<Link to={link({ page: String(filters.page + 1) })} className="btn-secondary">
									Older
								</Link>
							) : null}
						</nav>
					</>
				) : null}
			</div>
		</>
	)
}
