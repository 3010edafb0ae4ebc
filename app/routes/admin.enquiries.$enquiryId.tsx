import { data, Form, Link, useNavigation } from 'react-router'
import { requireAccess, requireAction } from '~/.server/auth/guards'
import { getEnquiry, updateEnquiry } from '~/.server/enquiries/enquiries'
import { readForm } from '~/.server/http/read-body'
import { AdminNav } from '~/components/admin/admin-nav'
import { PageHeader } from '~/components/content/page-header'
import { ErrorSummary } from '~/components/forms/error-summary'
import { errorProps, FieldError } from '~/components/forms/field-error'
import { useFormErrors } from '~/components/forms/use-form-errors'
import type { BreadcrumbHandle } from '~/components/layout/breadcrumbs'
import { formatDateTime } from '~/lib/dates'
import { mailtoHref } from '~/lib/email-address'
import {
	ENQUIRY_STATUS_LABELS,
	ENQUIRY_STATUSES,
	EnquiryUpdateSchema,
	TOPIC_LABELS,
} from '~/lib/enquiry-schema'
import { type FieldErrors, parseForm } from '~/lib/forms'
import { pageMeta } from '~/lib/seo'
import type { Route } from './+types/admin.enquiries.$enquiryId'

export const handle: BreadcrumbHandle = {
	breadcrumb: (match) => [
		{ label: 'Admin', to: '/admin' },
		{ label: 'Enquiries', to: '/admin/enquiries' },
		{ label: String(match.params.enquiryId), to: match.pathname },
	],
}

export const meta: Route.MetaFunction = (args) =>
	pageMeta(args, {
		title: `Enquiry ${args.params.enquiryId} · Admin`,
		description: 'Enquiry.',
		noindex: true,
	})

export async function loader({ request, context, params }: Route.LoaderArgs) {
	const viewer = await requireAccess(request, context, 'admin/enquiries/:enquiryId')
	const enquiry = await getEnquiry(context.db, params.enquiryId)
	if (!enquiry) throw data('Enquiry not found', { status: 404 })
	return {
		role: viewer.role,
		enquiry: {
			...enquiry,
			createdAt: new Date(enquiry.createdAt).toISOString(),
			updatedAt: new Date(enquiry.updatedAt).toISOString(),
		},
	}
}

export async function action({ request, context, params }: Route.ActionArgs) {
	const admin = await requireAction(request, context, 'admin/enquiries/:enquiryId')
	const form = parseForm(EnquiryUpdateSchema, await readForm(request))
	if (!form.ok) return data({ saved: false, fieldErrors: form.fieldErrors }, { status: 400 })
	if (!(await updateEnquiry(context.db, params.enquiryId, form.data)))
		throw data('Enquiry not found', { status: 404 })
	context.logger.info({ enquiryId: params.enquiryId, adminId: admin.id }, 'enquiry updated')
	return { saved: true, fieldErrors: {} as FieldErrors }
}

export default function AdminEnquiry({ loaderData, actionData }: Route.ComponentProps) {
	const { enquiry: e } = loaderData
	const mailto = mailtoHref(e.email, `Your enquiry ${e.id}`)
	const saving = useNavigation().state === 'submitting'
	const form = useFormErrors(EnquiryUpdateSchema, actionData?.fieldErrors)
	const { errors } = form
	return (
		<>
			<PageHeader
				title={`Enquiry ${e.id}`}
				intro={`${TOPIC_LABELS[e.topic]} · ${formatDateTime(e.createdAt)}`}
			/>
			<div className="container-page max-w-4xl py-10">
				<AdminNav role={loaderData.role} />
				<dl className="grid gap-3 sm:grid-cols-[10rem_1fr]">
					<dt className="font-semibold text-slate-600">From</dt>
					<dd>{e.name}</dd>
					<dt className="font-semibold text-slate-600">Email</dt>
					<dd>
						{/* An address stored before the strict rule gets no link (issue 28, I3). */}
						{mailto ? (
							<a className="text-pond-700 underline" href={mailto}>
								{e.email}
							</a>
						) : (
							e.email
						)}
					</dd>
					<dt className="font-semibold text-slate-600">Phone</dt>
					<dd>{e.phone || '—'}</dd>
					<dt className="font-semibold text-slate-600">Product code</dt>
					<dd>{e.productCode || '—'}</dd>
					<dt className="font-semibold text-slate-600">Message</dt>
					<dd className="whitespace-pre-wrap rounded-lg bg-slate-50 p-3">{e.message}</dd>
				</dl>
				<Form method="post" noValidate onSubmit={form.onSubmit} className="mt-8 space-y-4">
					<ErrorSummary
						errors={errors}
						idFor={(name) => `enquiry-${name}`}
						attempt={form.attempt}
					/>
					{actionData?.saved ? (
						<p
							role="status"
							className="rounded-lg bg-green-50 px-4 py-3 font-medium text-green-900"
						>
							Saved.
						</p>
					) : null}
					<fieldset aria-describedby={errors.status ? 'enquiry-status-error' : undefined}>
						<legend className="font-semibold text-slate-800">Status</legend>
						<div className="mt-2 flex flex-wrap gap-6">
							{ENQUIRY_STATUSES.map((s, i) => (
								<label key={s} className="flex min-h-11 items-center gap-2">
									<input
										// The summary's link goes to the first choice, as GOV.UK's does.
										id={i === 0 ? 'enquiry-status' : undefined}
										onChange={() => form.clear('status')}
										type="radio"
										name="status"
										value={s}
										defaultChecked={e.status === s}
										className="size-5 accent-pond-700"
									/>
									{ENQUIRY_STATUS_LABELS[s]}
								</label>
							))}
						</div>
						<FieldError id="enquiry-status" error={errors.status} />
					</fieldset>
					<div>
						<label htmlFor="enquiry-notes" className="block font-semibold text-slate-800">
							Notes (staff only)
						</label>
						<textarea
							id="enquiry-notes"
							name="notes"
							rows={4}
							maxLength={5000}
							defaultValue={e.notes}
							onChange={() => form.clear('notes')}
							className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-base"
							{...errorProps('enquiry-notes', errors.notes)}
						/>
						<FieldError id="enquiry-notes" error={errors.notes} />
					</div>
					<div className="flex flex-wrap gap-3">
						<button type="submit" className="btn-primary" disabled={saving}>
							{saving ? 'Saving…' : 'Save'}
						</button>
						<Link to="/admin/enquiries" className="btn-secondary">
							Back to enquiries
						</Link>
					</div>
				</Form>
			</div>
		</>
	)
}
