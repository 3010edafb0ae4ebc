import { data, Link } from 'react-router'
import { requireAccess, requireAction } from '~/.server/auth/guards'
import { projectRow } from '~/.server/portfolio/project-admin'
import { AdminNav } from '~/components/admin/admin-nav'
import { Notice } from '~/components/admin/notices'
import { ProjectForm } from '~/components/admin/project-form'
import { PageHeader } from '~/components/content/page-header'
import type { BreadcrumbHandle } from '~/components/layout/breadcrumbs'
import { formatDateTime } from '~/lib/dates'
import { pageMeta } from '~/lib/seo'
import type { Route } from './+types/admin.portfolio.$projectId'
import { projectFormAction, projectFormValues } from './admin.portfolio.$projectId.server'

/** /admin/portfolio/new adds a project; one route for both keeps the route manifest light. */
const NEW = 'new'
const SLUG = /^[a-z0-9-]{1,80}$/

export const handle: BreadcrumbHandle = {
	breadcrumb: (match) => [
		{ label: 'Admin', to: '/admin' },
		{ label: 'Portfolio', to: '/admin/portfolio' },
		{ label: match.params.projectId === NEW ? 'New project' : 'Edit project', to: match.pathname },
	],
}

export const meta: Route.MetaFunction = (args) =>
	pageMeta(args, {
		title: `${args.data?.project?.name ?? 'New project'} · Admin`,
		description: 'Add or change a portfolio project.',
		noindex: true,
	})

const SAVED: Record<string, string> = {
	created: 'The project is added.',
	edited: 'Saved. The portfolio shows the change now.',
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
	const viewer = await requireAccess(request, context, 'admin/portfolio/:projectId')
	if (params.projectId === NEW)
		return {
			role: viewer.role,
			project: null,
			values: { testimonialRating: '5' } as Record<string, string>,
			message: undefined,
		}
	const row = SLUG.test(params.projectId)
		? await projectRow(context.db, params.projectId)
		: undefined
	if (!row) throw data({ notFound: true }, { status: 404 })
	const saved = new URL(request.url).searchParams.get('saved') ?? ''
	return {
		role: viewer.role,
		project: {
			slug: row.slug,
			name: row.name,
			published: row.published,
			version: row.version,
			updatedAt: row.updatedAt,
			updatedBy: row.updatedBy,
		},
		values: projectFormValues(row),
		message:
			SAVED[saved] &&
			(row.published ? SAVED[saved] : `${SAVED[saved]} It is a draft: only staff see it.`),
	}
}

export async function action({ request, context, params }: Route.ActionArgs) {
	if (params.projectId === NEW) return projectFormAction(request, context, undefined)
	if (!SLUG.test(params.projectId)) {
		await requireAction(request, context, 'admin/portfolio/:projectId')
		throw data({ notFound: true }, { status: 404 })
	}
	return projectFormAction(request, context, params.projectId)
}

export default function EditProject({ loaderData, actionData }: Route.ComponentProps) {
	const { project, values, message } = loaderData
	const answered =
		actionData && (Object.keys(actionData.fieldErrors).length > 0 || actionData.notice)
	// A refusal of the whole save (someone else changed the project) shows the latest values.
	const formError =
		actionData?.error && Object.keys(actionData.fieldErrors).length === 0 ? actionData.error : null
	return (
		<>
			<PageHeader
				title={project?.name ?? 'New project'}
				intro={
					project
						? `Address /portfolio/${project.slug} · last changed ${formatDateTime(project.updatedAt)} by ${project.updatedBy}`
						: 'Its address is made from the name when it is first saved, and stays the same after.'
				}
			/>
			<div className="container-page py-10">
				<AdminNav role={loaderData.role} />
				{message && !actionData ? <Notice kind="done">{message}</Notice> : null}
				{actionData?.notice ? <Notice kind="done">{actionData.notice}</Notice> : null}
				{formError ? <Notice kind="refused">{formError}</Notice> : null}
				<p className="mb-6 flex flex-wrap gap-4">
					<Link to="/admin/portfolio" className="font-semibold text-pond-800 underline">
						All projects
					</Link>
					{project?.published ? (
						<Link
							to={`/portfolio/${project.slug}`}
							className="font-semibold text-pond-800 underline"
						>
							View on the site
						</Link>
					) : null}
				</p>
				<ProjectForm
					key={answered ? JSON.stringify(actionData.values) : `${project?.version ?? 0}`}
					values={answered ? actionData.values : values}
					serverErrors={actionData?.fieldErrors}
					version={project?.version}
					submitLabel={project ? 'Save project' : 'Add project'}
				/>
			</div>
		</>
	)
}
