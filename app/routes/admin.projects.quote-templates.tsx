import { Form, Link } from 'react-router'
import { requireAccess } from '~/.server/auth/guards'
import { openProjectCount } from '~/.server/builds/project-pages'
import { listQuoteTemplates } from '~/.server/builds/quote-templates'
import { waitingRequests } from '~/.server/orders/after-sale/staff-requests'
import { AdminNav } from '~/components/admin/admin-nav'
import { PageHeader } from '~/components/content/page-header'
import type { BreadcrumbHandle } from '~/components/layout/breadcrumbs'
import { totalRange } from '~/lib/builds/quote-totals'
import { formatDate } from '~/lib/dates'
import { formatPence } from '~/lib/money'
import { pageMeta } from '~/lib/seo'
import type { Route } from './+types/admin.projects.quote-templates'
import { quoteTemplatesAction } from './admin.projects.quote-templates.server'

/**
 * Saved quote templates (issue 59 item 7): made with 'Save as template' in the builder, used from
 * 'New quote' on a project, deleted here.
 */
export const handle: BreadcrumbHandle = {
	breadcrumb: () => [
		{ label: 'Admin', to: '/admin' },
		{ label: 'Pond builds', to: '/admin/projects' },
		{ label: 'Quote templates', to: '/admin/projects/quote-templates' },
	],
}

export const meta: Route.MetaFunction = (args) =>
	pageMeta(args, {
		title: 'Quote templates · Admin',
		description: 'Starting points for common pond build quotes.',
		noindex: true,
	})

export async function loader({ request, context }: Route.LoaderArgs) {
	const viewer = await requireAccess(request, context, 'admin/projects/quote-templates')
	const [templates, open, requestsWaiting] = await Promise.all([
		listQuoteTemplates(context.db),
		openProjectCount(context.db),
		waitingRequests(context.db),
	])
	return {
		role: viewer.role,
		open,
		requestsWaiting,
		deleted: new URL(request.url).searchParams.has('deleted'),
		templates: templates.map((t) => ({
			id: t.id,
			name: t.name,
			lines: t.content.lines.length,
			options: t.content.lines.filter((l) => l.optional).length,
			...totalRange(t.content.lines),
			changedBy: t.changedBy,
			changedAt: t.changedAt.toISOString(),
		})),
	}
}

export const action = (args: Route.ActionArgs) => quoteTemplatesAction(args)

export default function QuoteTemplates({ loaderData, actionData }: Route.ComponentProps) {
	return (
		<>
			<PageHeader
				title="Quote templates"
				intro="Starting points for common builds. Save one from any draft quote with ‘Save as template’."
			/>
			<div className="container-page max-w-4xl py-10">
				<AdminNav
					role={loaderData.role}
					requestsWaiting={loaderData.requestsWaiting}
					projectsOpen={loaderData.open}
				/>
				<Link to="/admin/projects" className="font-semibold text-pond-800 underline">
					Back to pond builds
				</Link>
				{loaderData.deleted ? (
					<p role="status" className="mt-3 rounded-lg bg-green-50 px-4 py-3 text-green-950">
						Template deleted. Quotes made from it are unchanged.
					</p>
				) : null}
				{actionData?.message ? (
					<p role="alert" className="mt-3 rounded-lg bg-red-50 px-4 py-3 font-medium text-red-800">
						{actionData.message}
					</p>
				) : null}
				{loaderData.templates.length ? (
					<ul className="mt-4 space-y-3">
						{loaderData.templates.map((t) => (
							<li
								key={t.id}
								className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
							>
								<div className="min-w-0">
									<h2 className="break-words text-lg font-semibold text-pond-900">{t.name}</h2>
									<p className="text-sm text-slate-700">
										{t.lines} lines ({t.options} optional) ·{' '}
										{t.fewestPence === t.mostPence
											? formatPence(t.fewestPence)
											: `${formatPence(t.fewestPence)} to ${formatPence(t.mostPence)}`}{' '}
										· saved {formatDate(t.changedAt)} by {t.changedBy}
									</p>
								</div>
								<Form method="post">
									<input type="hidden" name="id" value={t.id} />
									<button type="submit" name="intent" value="delete" className="btn-secondary">
										Delete<span className="sr-only"> {t.name}</span>
									</button>
								</Form>
							</li>
						))}
					</ul>
				) : (
					<p className="mt-4 text-slate-700">
						No templates yet. Open a draft quote and use ‘Save as template’ at the bottom.
					</p>
				)}
			</div>
		</>
	)
}
