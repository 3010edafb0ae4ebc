import { data, Form } from 'react-router'
import { auditWho, recordAudit } from '~/.server/audit/audit-log'
import { requireAccess, requireAction } from '~/.server/auth/guards'
import {
	getBusinessDetails,
	recentBusinessChanges,
	saveBusinessDetails,
} from '~/.server/business/details'
import { readForm } from '~/.server/http/read-body'
import { waitingRequests } from '~/.server/orders/after-sale/staff-requests'
import { AdminNav } from '~/components/admin/admin-nav'
import { BusinessField, FIELD_LABELS } from '~/components/admin/business-fields'
import { Notice } from '~/components/admin/notices'
import { PageHeader } from '~/components/content/page-header'
import { ErrorSummary } from '~/components/forms/error-summary'
import { useFormErrors } from '~/components/forms/use-form-errors'
import type { BreadcrumbHandle } from '~/components/layout/breadcrumbs'
import { changedFields, flatFields } from '~/lib/audit'
import { BusinessDetailsSchema } from '~/lib/business-details'
import { formatDateTime } from '~/lib/dates'
import { type FieldErrors, formValues, parseForm } from '~/lib/forms'
import { pageMeta } from '~/lib/seo'
import type { Route } from './+types/admin.settings'

export const handle: BreadcrumbHandle = {
	breadcrumb: () => [
		{ label: 'Admin', to: '/admin' },
		{ label: 'Business details', to: '/admin/settings' },
	],
}

export const meta: Route.MetaFunction = (args) =>
	pageMeta(args, {
		title: 'Business details · Admin',
		description: 'The business name, address and contact details shown across the site.',
		noindex: true,
	})

export async function loader({ request, context }: Route.LoaderArgs) {
	const viewer = await requireAccess(request, context, 'admin/settings')
	const [details, changes, requestsWaiting] = await Promise.all([
		getBusinessDetails(context.db),
		recentBusinessChanges(context.db),
		waitingRequests(context.db),
	])
	return {
		role: viewer.role,
		details,
		changes,
		requestsWaiting,
	}
}

export async function action({ request, context }: Route.ActionArgs) {
	const admin = await requireAction(request, context, 'admin/settings')
	const values = formValues(await readForm(request))
	const parsed = parseForm(BusinessDetailsSchema, values)
	if (!parsed.ok)
		return data({ saved: false, fieldErrors: parsed.fieldErrors, values }, { status: 400 })
	const before = await getBusinessDetails(context.db)
	await saveBusinessDetails(context.db, admin.email, parsed.data)
	await recordAudit(context.db, {
		...auditWho(admin, context.clientIp),
		kind: 'settings.change',
		subject: 'Business details',
		changes: changedFields(flatFields(before), flatFields(parsed.data)),
	})
	// Every page shows the details (header, footer): pages rendered with the old ones are dropped.
	context.pageCache.clear()
	context.logger.info({ adminId: admin.id }, 'business details changed')
	return { saved: true, fieldErrors: {} as FieldErrors, values: undefined }
}

export default function BusinessSettings({ loaderData, actionData }: Route.ComponentProps) {
	const { details, changes } = loaderData
	const form = useFormErrors(BusinessDetailsSchema, actionData?.fieldErrors)
	const { errors } = form
	const values: Record<string, string> = actionData?.values ?? {
		...details,
		address: details.address.join('\n'),
	}
	return (
		<>
			<PageHeader
				title="Business details"
				intro="Shown in the header and footer, on the contact and legal pages, in emails and on invoices."
			/>
			<div className="container-page py-10">
				<AdminNav role={loaderData.role} requestsWaiting={loaderData.requestsWaiting} />
				{actionData?.saved ? (
					<Notice kind="done">Saved. The site shows the new details now.</Notice>
				) : null}
				<Form method="post" noValidate onSubmit={form.onSubmit} className="max-w-3xl space-y-4">
					<ErrorSummary
						errors={errors}
						idFor={(field) => (field in FIELD_LABELS ? `business-${field}` : undefined)}
						attempt={form.attempt}
					/>
					<div className="grid gap-4 sm:grid-cols-2">
						{Object.keys(FIELD_LABELS).map((name) => (
							<BusinessField
								key={name}
								name={name}
								value={values[name] ?? ''}
								error={errors[name]}
							/>
						))}
					</div>
					<button type="submit" className="btn-primary">
						Save details
					</button>
				</Form>
				{changes.length > 0 ? (
					<section aria-labelledby="changes" className="mt-10">
						<h2 id="changes" className="font-display text-2xl font-bold text-pond-900">
							Changes
						</h2>
						<ul className="mt-3 space-y-1 text-slate-700">
							{changes.map((c) => (
								<li key={c.id}>
									{formatDateTime(c.at)} — {c.by}
								</li>
							))}
						</ul>
					</section>
				) : null}
			</div>
		</>
	)
}
