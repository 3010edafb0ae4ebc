import { Form, Link } from 'react-router'
import { z } from 'zod'
import { requireAccess } from '~/.server/auth/guards'
import { listRequests, requestCounts } from '~/.server/orders/after-sale/staff-requests'
import { AdminNav } from '~/components/admin/admin-nav'
import { PageHeader } from '~/components/content/page-header'
import { INPUT_CLASS } from '~/components/forms/input-class'
import type { BreadcrumbHandle } from '~/components/layout/breadcrumbs'
import { cn } from '~/lib/cn'
import { formatDateTime } from '~/lib/dates'
import {
	KIND_LABELS,
	OUTCOME_LABELS,
	PROBLEM_LABELS,
	REQUEST_KINDS,
	REQUEST_STATUSES,
	STATUS_LABELS,
} from '~/lib/order-requests'
import { pageMeta } from '~/lib/seo'
import type { Route } from './+types/admin.requests'

export const handle: BreadcrumbHandle = {
	breadcrumb: () => [
		{ label: 'Admin', to: '/admin' },
		{ label: 'Requests', to: '/admin/requests' },
	],
}

export const meta: Route.MetaFunction = (args) =>
	pageMeta(args, {
		title: 'Requests · Admin',
		description: 'Cancellations, returns and problem reports.',
		noindex: true,
	})

/** Unknown values read as 'all' rather than an error: these are links and a filter form. */
const FiltersSchema = z.object({
	kind: z.enum(REQUEST_KINDS).nullable().catch(null),
	status: z.enum(REQUEST_STATUSES).nullable().catch(null),
})

export async function loader({ request, context }: Route.LoaderArgs) {
	const viewer = await requireAccess(request, context, 'admin/requests')
	const params = new URL(request.url).searchParams
	const filters = FiltersSchema.parse({ kind: params.get('kind'), status: params.get('status') })
	const [requests, counts] = await Promise.all([
		listRequests(context.db, filters),
		requestCounts(context.db),
	])
	return {
		role: viewer.role,
		filters,
		counts,
		requests: requests.map((r) => ({ ...r, createdAt: new Date(r.createdAt).toISOString() })),
	}
}

const STATUS_STYLE = {
	open: 'bg-amber-100 text-amber-900',
	in_progress: 'bg-sky-100 text-sky-900',
	resolved: 'bg-slate-200 text-slate-800',
} as const

export default function AdminRequests({ loaderData }: Route.ComponentProps) {
	const { requests, counts, filters } = loaderData
	return (
		<>
			<PageHeader
				title="Requests"
				intro="Cancellations, returns and problem reports from customers: open ones first."
			/>
			<div className="container-page py-10">
				<AdminNav role={loaderData.role} requestsWaiting={counts.waiting} />
				<Form
					method="get"
					className="mb-6 flex flex-wrap items-end gap-4 rounded-xl bg-pond-50 p-4"
				>
					<label className="text-sm font-semibold text-slate-800">
						Status
						<select name="status" defaultValue={filters.status ?? ''} className={INPUT_CLASS}>
							<option value="">
								All ({Object.values(counts.byStatus).reduce((a, b) => a + b, 0)})
							</option>
							{REQUEST_STATUSES.map((s) => (
								<option key={s} value={s}>
									{STATUS_LABELS[s]} ({counts.byStatus[s] ?? 0})
								</option>
							))}
						</select>
					</label>
					<label className="text-sm font-semibold text-slate-800">
						Kind
						<select name="kind" defaultValue={filters.kind ?? ''} className={INPUT_CLASS}>
							<option value="">All</option>
							{REQUEST_KINDS.map((k) => (
								<option key={k} value={k}>
									{KIND_LABELS[k]} ({counts.byKind[k] ?? 0})
								</option>
							))}
						</select>
					</label>
					<button type="submit" className="btn-primary">
						Filter
					</button>
					<Link to="/admin/requests" className="btn-secondary">
						Reset
					</Link>
				</Form>
				{requests.length === 0 ? (
					<p className="rounded-xl bg-pond-50 p-6 text-slate-700">
						{filters.kind || filters.status
							? 'No requests match these filters.'
							: 'No requests yet. Cancellations, returns and problem reports from customers will appear here.'}
					</p>
				) : (
					<ul className="space-y-3">
						{requests.map((r) => (
							<li
								key={r.id}
								data-request-id={r.id}
								className="rounded-xl p-4 ring-1 ring-slate-200"
							>
								<div className="flex flex-wrap items-center justify-between gap-2">
									<Link
										to={`/admin/requests/${r.id}`}
										className="font-semibold text-pond-800 underline"
									>
										{KIND_LABELS[r.kind]}
										{r.problem ? `: ${PROBLEM_LABELS[r.problem].toLowerCase()}` : ''} · order{' '}
										{r.orderId}
									</Link>
									<span
										className={cn(
											'rounded-full px-3 py-1 text-xs font-bold',
											STATUS_STYLE[r.status],
										)}
									>
										{STATUS_LABELS[r.status]}
									</span>
								</div>
								<p className="mt-1 text-sm text-slate-600">
									Request {r.id} · {r.customer} · {formatDateTime(r.createdAt)}
									{r.late ? ' · late (over 24 hours after delivery)' : ''}
									{r.outcome ? ` · ${OUTCOME_LABELS[r.outcome]}` : ''}
								</p>
							</li>
						))}
					</ul>
				)}
			</div>
		</>
	)
}
