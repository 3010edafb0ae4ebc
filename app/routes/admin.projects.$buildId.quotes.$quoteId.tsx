import { data, Link } from 'react-router'
import { requireAccess } from '~/.server/auth/guards'
import { openProjectCount } from '~/.server/builds/project-pages'
import { builderPage } from '~/.server/builds/quote-pages'
import { waitingRequests } from '~/.server/orders/after-sale/staff-requests'
import { AdminNav } from '~/components/admin/admin-nav'
import { QuoteBuilderForm } from '~/components/builds/quote-builder-form'
import { QuoteDocument } from '~/components/builds/quote-document'
import { PageHeader } from '~/components/content/page-header'
import type { BreadcrumbHandle } from '~/components/layout/breadcrumbs'
import { PROJECT_ID_PATTERN } from '~/lib/builds/project-paths'
import { QUOTE_ID_PATTERN } from '~/lib/builds/quote-schemas'
import { QUOTE_STATUS_LABELS } from '~/lib/builds/quote-view'
import { pageMeta } from '~/lib/seo'
import { can } from '~/lib/staff-access'
import type { Route } from './+types/admin.projects.$buildId.quotes.$quoteId'
import { quoteBuilderAction } from './admin.projects.$buildId.quotes.$quoteId.server'

/**
 * The quote builder (issue 59 item 7): a draft's sections and lines, catalogue lines, the payment
 * schedule, valid-until and terms; the preview is the customer's own component, read-only. A sent
 * version is read-only here: a change is a new version from the project page.
 */
export const handle: BreadcrumbHandle = {
	breadcrumb: (match) => [
		{ label: 'Admin', to: '/admin' },
		{ label: 'Pond builds', to: '/admin/projects' },
		{ label: 'Project', to: match.pathname.replace(/\/quotes\/.*$/, '') },
		{ label: 'Quote', to: match.pathname },
	],
}

export const meta: Route.MetaFunction = (args) =>
	pageMeta(args, {
		title: args.data
			? `Quote version ${args.data.page.quote.version}, ${args.data.page.project.id} · Admin`
			: 'Quote · Admin',
		description: 'A pond build quote.',
		noindex: true,
	})

export async function loader({ request, context, params }: Route.LoaderArgs) {
	const viewer = await requireAccess(request, context, 'admin/projects/:buildId/quotes/:quoteId')
	const page =
		PROJECT_ID_PATTERN.test(params.buildId) && QUOTE_ID_PATTERN.test(params.quoteId)
			? await builderPage(context.db, params.buildId, Number(params.quoteId), new Date())
			: undefined
	if (!page) throw data('Quote not found', { status: 404 })
	const search = new URL(request.url).searchParams
	// A draft is the builder for those who write quotes; the bookkeeper reads it as the customer would.
	const edit = can(viewer.role, 'projects.edit')
	const editable = page.quote.status === 'draft' && edit
	const [open, requestsWaiting, products, categories] = await Promise.all([
		openProjectCount(context.db),
		waitingRequests(context.db),
		editable ? context.catalog.all() : [],
		editable ? context.catalog.shownCategories() : [],
	])
	return {
		role: viewer.role,
		page,
		open,
		requestsWaiting,
		editable,
		edit,
		preview: !editable || search.get('preview') === '1',
		done: search.get('done'),
		// The catalogue for 'Add product', by category (priced products only).
		catalogue: categories
			.map((c) => ({
				name: c.name,
				products: products.flatMap((p) =>
					p.category !== c.slug || p.pricePence === null
						? []
						: [{ id: p.id, name: p.name, pricePence: p.pricePence }],
				),
			}))
			.filter((c) => c.products.length),
	}
}

export const action = (args: Route.ActionArgs) => quoteBuilderAction(args)

const SECTION = 'rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200'
const DONE: Record<string, string> = {
	save: 'Draft saved.',
	template: 'Saved as a template. It is offered under ‘New quote’ on every project.',
}

export default function QuoteBuilder({ loaderData, actionData }: Route.ComponentProps) {
	const { page, editable, preview } = loaderData
	const path = `/admin/projects/${page.project.id}/quotes/${page.quote.id}`
	return (
		<>
			<PageHeader
				title={`Quote version ${page.quote.version} for ${page.project.name}`}
				intro={`Project ${page.project.id} · ${QUOTE_STATUS_LABELS[page.quote.status]}`}
			/>
			<div className="container-page py-10">
				<AdminNav
					role={loaderData.role}
					requestsWaiting={loaderData.requestsWaiting}
					projectsOpen={loaderData.open}
				/>
				<p className="flex flex-wrap gap-x-6 gap-y-2">
					<Link
						to={`/admin/projects/${page.project.id}`}
						className="font-semibold text-pond-800 underline"
					>
						Back to the project
					</Link>
					{editable ? (
						<Link
							to={preview ? path : `${path}?preview=1`}
							className="font-semibold text-pond-800 underline"
						>
							{preview ? 'Back to editing' : 'Preview as the customer sees it (saved version)'}
						</Link>
					) : null}
					{loaderData.edit ? (
						<Link
							to="/admin/projects/quote-templates"
							className="font-semibold text-pond-800 underline"
						>
							Quote templates
						</Link>
					) : null}
				</p>
				{loaderData.done && DONE[loaderData.done] ? (
					<p role="status" className="mt-3 rounded-lg bg-green-50 px-4 py-3 text-green-950">
						{DONE[loaderData.done]}
					</p>
				) : null}
				{actionData?.message ? (
					<p
						role={actionData.fieldErrors || actionData.intent === 'send' ? 'alert' : 'status'}
						className="mt-3 rounded-lg bg-amber-50 px-4 py-3 font-medium text-amber-950"
					>
						{actionData.message}
					</p>
				) : null}
				{editable ? null : page.quote.status === 'draft' ? (
					<p className="mt-3 rounded-lg bg-slate-50 px-4 py-3">
						A draft: not sent to the customer yet.
					</p>
				) : (
					<p className="mt-3 rounded-lg bg-slate-50 px-4 py-3">
						This version has been sent, so it cannot change.
						{loaderData.edit
							? ' To change the quote, make a new version from the project page (‘Copy of the latest version’).'
							: null}
					</p>
				)}
				<div className={`${SECTION} mt-4`}>
					{preview ? (
						<QuoteDocument view={page.preview} choosing={false} />
					) : (
						<QuoteBuilderForm
							// Each answer brings the rows back: mount them afresh so every field shows them.
							key={actionData ? JSON.stringify(actionData.state) : 'saved'}
							state={actionData?.state ?? page.form}
							errors={actionData?.fieldErrors ?? {}}
							catalogue={loaderData.catalogue}
						/>
					)}
				</div>
			</div>
		</>
	)
}
