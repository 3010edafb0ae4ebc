import { Download } from 'lucide-react'
import { Form, Link, useLocation } from 'react-router'
import { listAudit } from '~/.server/audit/audit-read'
import { requireAccess } from '~/.server/auth/guards'
import { listStaff } from '~/.server/auth/staff'
import { AdminNav } from '~/components/admin/admin-nav'
import { PageHeader } from '~/components/content/page-header'
import { INPUT_CLASS } from '~/components/forms/input-class'
import type { BreadcrumbHandle } from '~/components/layout/breadcrumbs'
import {
	AUDIT_KIND_LIST,
	AUDIT_KINDS,
	type AuditKind,
	fieldLabel,
	parseAuditFilters,
} from '~/lib/audit'
import { formatDateTime } from '~/lib/dates'
import { pageMeta } from '~/lib/seo'
import { can } from '~/lib/staff-access'
import type { Route } from './+types/admin.audit'

export const handle: BreadcrumbHandle = {
	breadcrumb: () => [
		{ label: 'Admin', to: '/admin' },
		{ label: 'Audit log', to: '/admin/audit' },
	],
}

export const meta: Route.MetaFunction = (args) =>
	pageMeta(args, {
		title: 'Audit log · Admin',
		description: 'Who changed what in the back office, and when.',
		noindex: true,
	})

export async function loader({ request, context }: Route.LoaderArgs) {
	const viewer = await requireAccess(request, context, 'admin/audit')
	const filters = parseAuditFilters(new URL(request.url).searchParams)
	const [page, staff] = await Promise.all([listAudit(context.db, filters), listStaff(context.db)])
	return {
		role: viewer.role,
		filters,
		people: staff.people.map((p) => ({ id: p.id, email: p.email })),
		entries: page.entries.map((e) => ({ ...e, at: e.at.toISOString() })),
		hasOlder: page.hasOlder,
	}
}

const kindLabel = (kind: string) => AUDIT_KINDS[kind as AuditKind] ?? kind

export default function AuditLog({ loaderData }: Route.ComponentProps) {
	const { filters, people, entries, hasOlder, role } = loaderData
	const { search } = useLocation()
	const pageLink = (page: number) => {
		const params = new URLSearchParams(search)
		if (page > 1) params.set('page', String(page))
		else params.delete('page')
		const query = params.toString()
		return query ? `/admin/audit?${query}` : '/admin/audit'
	}
	const csvQuery = new URLSearchParams(search)
	csvQuery.delete('page')
	return (
		<>
			<PageHeader title="Audit log" intro="Who changed what in the back office, and when." />
			<div className="container-page py-10">
				<AdminNav role={role} />
				<Form method="get" className="mb-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-5 lg:items-end">
					<label className="block font-semibold" htmlFor="audit-person">
						Person
						<select
							id="audit-person"
							name="person"
							defaultValue={filters.person}
							className={INPUT_CLASS}
						>
							<option value="">Everyone</option>
							{people.map((p) => (
								<option key={p.id} value={p.id}>
									{p.email}
								</option>
							))}
						</select>
					</label>
					<label className="block font-semibold" htmlFor="audit-kind">
						What
						<select id="audit-kind" name="kind" defaultValue={filters.kind} className={INPUT_CLASS}>
							<option value="">Everything</option>
							{AUDIT_KIND_LIST.map((kind) => (
								<option key={kind} value={kind}>
									{AUDIT_KINDS[kind]}
								</option>
							))}
						</select>
					</label>
					<label className="block font-semibold" htmlFor="audit-from">
						From
						<input
							id="audit-from"
							name="from"
							type="date"
							defaultValue={filters.from}
							className={INPUT_CLASS}
						/>
					</label>
					<label className="block font-semibold" htmlFor="audit-to">
						To
						<input
							id="audit-to"
							name="to"
							type="date"
							defaultValue={filters.to}
							className={INPUT_CLASS}
						/>
					</label>
					<div className="flex flex-wrap gap-2">
						<button type="submit" className="btn-primary">
							Filter
						</button>
						{can(role, 'audit.export') ? (
							<a
								href={`/admin/audit.csv${csvQuery.size ? `?${csvQuery}` : ''}`}
								className="btn-secondary"
								download
							>
								<Download aria-hidden="true" className="size-5" /> CSV
							</a>
						) : null}
					</div>
				</Form>
				{entries.length === 0 ? (
					<p className="rounded-xl bg-pond-50 p-6 text-slate-700">
						Nothing recorded matches these filters.
					</p>
				) : (
					<ol className="divide-y divide-slate-200 rounded-xl border border-slate-200">
						{entries.map((entry) => (
							<li key={entry.id} className="grid gap-1 p-4 md:grid-cols-[12rem_1fr]">
								<div className="text-sm text-slate-600">
									<time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
									{entry.ip ? <span className="block break-all">from {entry.ip}</span> : null}
								</div>
								<div className="min-w-0">
									<p className="font-semibold text-pond-900">
										{kindLabel(entry.kind)}
										{entry.subject ? (
											<span className="font-normal text-slate-700"> · {entry.subject}</span>
										) : null}
									</p>
									<p className="break-all text-sm text-slate-700">
										{entry.actorEmail || 'The shop'}
										{entry.actorRole ? ` (${entry.actorRole})` : ''}
									</p>
									{entry.detail ? (
										<p className="break-words text-slate-800">{entry.detail}</p>
									) : null}
									{entry.changes.length > 0 ? (
										<ul className="mt-1 text-sm text-slate-800">
											{entry.changes.map((c) => (
												<li key={c.field} className="break-words">
													<span className="font-semibold">{fieldLabel(c.field)}</span>:{' '}
													{c.from || '—'} → {c.to || '—'}
												</li>
											))}
										</ul>
									) : null}
								</div>
							</li>
						))}
					</ol>
				)}
				<nav aria-label="Audit log pages" className="mt-4 flex justify-between gap-3">
					{filters.page > 1 ? (
						<Link to={pageLink(filters.page - 1)} className="btn-secondary">
							Newer entries
						</Link>
					) : (
						<span />
					)}
					{hasOlder ? (
						<Link to={pageLink(filters.page + 1)} className="btn-secondary">
							Older entries
						</Link>
					) : null}
				</nav>
			</div>
		</>
	)
}
