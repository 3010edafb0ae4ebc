import { Form, Link } from 'react-router'
import { requireAccess } from '~/.server/auth/guards'
import { allProjects } from '~/.server/portfolio/project-admin'
import { AdminNav } from '~/components/admin/admin-nav'
import { Notice } from '~/components/admin/notices'
import { PageHeader } from '~/components/content/page-header'
import type { BreadcrumbHandle } from '~/components/layout/breadcrumbs'
import { cn } from '~/lib/cn'
import { formatDateTime } from '~/lib/dates'
import { FEATURED_ON_HOME } from '~/lib/portfolio/project'
import { pageMeta } from '~/lib/seo'
import type { Route } from './+types/admin.portfolio._index'
import { projectListAction } from './admin.portfolio._index.server'

export const handle: BreadcrumbHandle = {
	breadcrumb: () => [
		{ label: 'Admin', to: '/admin' },
		{ label: 'Portfolio', to: '/admin/portfolio' },
	],
}

export const meta: Route.MetaFunction = (args) =>
	pageMeta(args, {
		title: 'Portfolio · Admin',
		description:
			'Add, change and publish portfolio projects; choose the home page’s featured ones.',
		noindex: true,
	})

const DONE: Record<string, string> = {
	published: 'is published: it is on the portfolio now.',
	unpublished: 'is a draft again: off the portfolio, the home page and the sitemap.',
	featured: 'is featured on the home page.',
	unfeatured: 'is no longer featured on the home page.',
	moved: 'has moved in the home page’s order.',
}

export async function loader({ request, context }: Route.LoaderArgs) {
	const viewer = await requireAccess(request, context, 'admin/portfolio')
	const url = new URL(request.url)
	const projects = await allProjects(context.db)
	const done = DONE[url.searchParams.get('done') ?? '']
	const name = projects.find((p) => p.slug === url.searchParams.get('project'))?.name
	return {
		role: viewer.role,
		projects,
		message: done && name ? `${name} ${done}` : undefined,
	}
}

export async function action({ request, context }: Route.ActionArgs) {
	return projectListAction(request, context)
}

export default function AdminPortfolio({ loaderData, actionData }: Route.ComponentProps) {
	const { projects, message } = loaderData
	const featured = projects
		.filter((p) => p.featured)
		.sort((a, b) => a.featuredOrder - b.featuredOrder)
	const onHome = featured.filter((p) => p.published).slice(0, FEATURED_ON_HOME)
	return (
		<>
			<PageHeader
				title="Portfolio"
				intro="The projects on /portfolio, and the ones featured on the home page."
			/>
			<div className="container-page py-10">
				<AdminNav role={loaderData.role} />
				{message && !actionData ? <Notice kind="done">{message}</Notice> : null}
				{actionData?.error ? <Notice kind="refused">{actionData.error}</Notice> : null}
				<div className="mb-6 flex flex-wrap items-center justify-between gap-3">
					<p className="text-slate-700">
						{projects.length} {projects.length === 1 ? 'project' : 'projects'},{' '}
						{projects.filter((p) => p.published).length} published
					</p>
					<Link to="/admin/portfolio/new" className="btn-primary">
						Add a project
					</Link>
				</div>
				<section aria-labelledby="home-order" className="mb-10">
					<h2 id="home-order" className="font-display text-2xl font-bold text-pond-900">
						Featured on the home page
					</h2>
					<p className="mt-1 text-slate-700">
						The home page shows the first {FEATURED_ON_HOME} published featured projects, in this
						order.
					</p>
					{featured.length === 0 ? (
						<p className="mt-3 text-slate-700">None yet: feature a project below.</p>
					) : (
						<ol className="mt-3 space-y-2">
							{featured.map((project, i) => (
								<li
									key={project.slug}
									className="flex flex-wrap items-center gap-3 rounded-lg bg-slate-50 p-3"
								>
									<span className="min-w-0 flex-1 font-semibold text-pond-900">
										{i + 1}. {project.name}
										{onHome.includes(project) ? null : (
											<span className="ml-2 text-sm font-normal text-slate-600">
												(not shown: {project.published ? `only ${FEATURED_ON_HOME} fit` : 'a draft'}
												)
											</span>
										)}
									</span>
									<ListButton
										intent="up"
										slug={project.slug}
										disabled={i === 0}
										label={`: ${project.name}`}
									>
										Up
									</ListButton>
									<ListButton
										intent="down"
										slug={project.slug}
										disabled={i === featured.length - 1}
										label={`: ${project.name}`}
									>
										Down
									</ListButton>
								</li>
							))}
						</ol>
					)}
				</section>
				<h2 className="font-display text-2xl font-bold text-pond-900">All projects</h2>
				<ul className="mt-3 space-y-3">
					{projects.map((project) => (
						<li
							key={project.slug}
							data-project={project.slug}
							className="flex flex-wrap items-center gap-3 rounded-xl p-4 ring-1 ring-slate-200"
						>
							<div className="min-w-0 flex-1 basis-60">
								<Link
									to={`/admin/portfolio/${project.slug}`}
									className="font-semibold text-pond-800 underline"
								>
									{project.name}
								</Link>
								<p className="text-sm text-slate-600">
									{project.location} · {project.photoCount}{' '}
									{project.photoCount === 1 ? 'photo' : 'photos'} · changed{' '}
									{formatDateTime(project.updatedAt)} by {project.updatedBy}
								</p>
							</div>
							<span
								className={cn(
									'rounded-full px-3 py-1 text-sm font-semibold',
									project.published ? 'bg-green-100 text-green-900' : 'bg-amber-100 text-amber-900',
								)}
							>
								{project.published ? 'Published' : 'Draft'}
							</span>
							<ListButton
								intent={project.published ? 'unpublish' : 'publish'}
								slug={project.slug}
								version={project.version}
								label={` ${project.name}`}
							>
								{project.published ? 'Unpublish' : 'Publish'}
							</ListButton>
							<ListButton
								intent={project.featured ? 'unfeature' : 'feature'}
								slug={project.slug}
								version={project.version}
								label={`: ${project.name}`}
							>
								{project.featured ? 'Stop featuring' : 'Feature on home page'}
							</ListButton>
						</li>
					))}
				</ul>
			</div>
		</>
	)
}

function ListButton({
	intent,
	slug,
	version,
	disabled,
	label,
	children,
}: {
	intent: string
	slug: string
	version?: number
	disabled?: boolean
	label: string
	children: string
}) {
	return (
		<Form method="post">
			<input type="hidden" name="slug" value={slug} />
			{version ? <input type="hidden" name="version" value={version} /> : null}
			<button
				type="submit"
				name="intent"
				value={intent}
				disabled={disabled}
				className="btn-secondary min-h-11 px-3 py-1.5 text-sm disabled:opacity-40"
			>
				<span>
					{children}
					<span className="sr-only">{label}</span>
				</span>
			</button>
		</Form>
	)
}
