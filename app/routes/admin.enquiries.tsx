import { Form, Link, useLocation } from 'react-router'
import { requireAccess } from '~/.server/auth/guards'
import { listEnquiries } from '~/.server/enquiries/enquiries'
import { waitingRequests } from '~/.server/orders/after-sale/staff-requests'
import { AdminNav } from '~/components/admin/admin-nav'
import { PageHeader } from '~/components/content/page-header'
import { INPUT_CLASS } from '~/components/forms/input-class'
import type { BreadcrumbHandle } from '~/components/layout/breadcrumbs'
import { cn } from '~/lib/cn'
import { formatDateTime } from '~/lib/dates'
import {
	ENQUIRY_STATUS_LABELS,
	ENQUIRY_STATUSES,
	EnquiryFiltersSchema,
	TOPIC_LABELS,
} from '~/lib/enquiry-schema'
import { pageMeta } from '~/lib/seo'
import type { Route } from './+types/admin.enquiries'

export const handle: BreadcrumbHandle = {
	breadcrumb: () => [
		{ label: 'Admin', to: '/admin' },
		{ label: 'Enquiries', to: '/admin/enquiries' },
	],
}

export const meta: Route.MetaFunction = (args) =>
	pageMeta(args, {
		title: 'Enquiries · Admin',
		description: 'Enquiries from the website.',
		noindex: true,
	})

export async function loader({ request, context }: Route.LoaderArgs) {
	const viewer = await requireAccess(request, context, 'admin/enquiries')
	const params = new URL(request.url).searchParams
	const filters = EnquiryFiltersSchema.parse(
		Object.fromEntries([...params].filter(([, v]) => v !== '')),
	)
	return {
		role: viewer.role,
		...(await listEnquiries(context.db, filters)),
		filters,
		requestsWaiting: await waitingRequests(context.db),
	}
}

const STATUS_STYLE = {
	new: 'bg-amber-100 text-amber-900',
	replied: 'bg-green-100 text-green-900',
	closed: 'bg-slate-200 text-slate-800',
} as const

export default function AdminEnquiries({ loaderData }: Route.ComponentProps) {
	const { enquiries, hasOlder, filters } = loaderData
	const { search } = useLocation()
	const page = (n: number) => {
		const params = new URLSearchParams(search)
		params.set('page', String(n))
		return `/admin/enquiries?${params}`
	}
	return (
		<>
			<PageHeader title="Enquiries" intro="Questions from the contact form, newest first." />
			<div className="container-page py-10">
				<AdminNav role={loaderData.role} requestsWaiting={loaderData.requestsWaiting} />
				<Form
					method="get"
					className="mb-6 flex flex-wrap items-end gap-4 rounded-xl bg-pond-50 p-4"
				>
					<label className="text-sm font-semibold text-slate-800">
						Status
						<select name="status" defaultValue={filters.status ?? ''} className={INPUT_CLASS}>
							<option value="">All</option>
							{ENQUIRY_STATUSES.map((s) => (
								<option key={s} value={s}>
									{ENQUIRY_STATUS_LABELS[s]}
								</option>
							))}
						</select>
					</label>
					<label className="min-w-60 flex-1 text-sm font-semibold text-slate-800">
						Search name, email, product or message
						<input name="q" defaultValue={filters.q ?? ''} className={INPUT_CLASS} />
					</label>
					<button type="submit" className="btn-primary">
						Filter
					</button>
					<Link to="/admin/enquiries" className="btn-secondary">
						Reset
					</Link>
				</Form>
				{enquiries.length === 0 ? (
					<p className="rounded-xl bg-pond-50 p-6 text-slate-700">No enquiries match.</p>
				) : (
					<ul className="space-y-3">
						{enquiries.map((e) => (
							<li
								key={e.id}
								data-enquiry-id={e.id}
								className="rounded-xl p-4 ring-1 ring-slate-200"
							>
								<div className="flex flex-wrap items-center justify-between gap-2">
									<Link
										to={`/admin/enquiries/${e.id}`}
										className="font-semibold text-pond-800 underline"
									>
										{e.name} · {TOPIC_LABELS[e.topic]}
										{e.productCode ? ` · ${e.productCode}` : ''}
									</Link>
									<span
										className={cn(
											'rounded-full px-3 py-1 text-xs font-bold',
											STATUS_STYLE[e.status],
										)}
									>
										{ENQUIRY_STATUS_LABELS[e.status]}
									</span>
								</div>
								<p className="mt-1 text-sm text-slate-600">
									{e.id} · {formatDateTime(e.createdAt)}
								</p>
								<p className="mt-2 line-clamp-2 text-slate-800">{e.preview}</p>
							</li>
						))}
					</ul>
				)}
				<nav aria-label="Enquiry pages" className="mt-4 flex justify-between">
					{filters.page > 1 ? (
						<Link to={page(filters.page - 1)} className="btn-secondary">
							Newer
						</Link>
					) : (
						<span />
					)}
					{hasOlder ? (
						<Link to={page(filters.page + 1)} className="btn-secondary">
							Older
						</Link>
					) : null}
				</nav>
			</div>
		</>
	)
}
