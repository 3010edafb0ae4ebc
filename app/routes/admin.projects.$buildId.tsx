import { Form, Link } from 'react-router'
import { requireAccess } from '~/.server/auth/guards'
import { AdminNav } from '~/components/admin/admin-nav'
import { AdminAftercare } from '~/components/builds/admin-aftercare'
import { StatusForm, TextForm } from '~/components/builds/admin-project-forms'
import { ProjectTimeline } from '~/components/builds/project-timeline'
import { AdminQuotes } from '~/components/builds/quote-lists'
import { SlotPicker } from '~/components/builds/slot-picker'
import { SettleCancellationForm, StageStaffForms } from '~/components/builds/stage-payment-forms'
import { StagePayments } from '~/components/builds/stage-payments'
import { PageHeader } from '~/components/content/page-header'
import type { BreadcrumbHandle } from '~/components/layout/breadcrumbs'
import {
	BUDGET_LABELS,
	BUILD_TYPE_LABELS,
	HEARD_FROM_LABELS,
	TIMESCALE_LABELS,
} from '~/lib/builds/build-schemas'
import { PROJECT_STATUS_LABELS } from '~/lib/builds/project-status'
import { canDraftQuote } from '~/lib/builds/quote-view'
import { formatSurveyTime } from '~/lib/builds/survey-slots'
import { phoneHref } from '~/lib/business'
import { mailtoHref } from '~/lib/email-address'
import { pageMeta } from '~/lib/seo'
import { can } from '~/lib/staff-access'
import type { Route } from './+types/admin.projects.$buildId'
import { adminProjectAction, adminProjectData } from './admin.projects.$buildId.server'

/** One pond build for staff (issue 59 item 6): customer, site, photos, survey, status, notes, timeline. */
export const handle: BreadcrumbHandle = {
	breadcrumb: (match) => [
		{ label: 'Admin', to: '/admin' },
		{ label: 'Pond builds', to: '/admin/projects' },
		{ label: 'Project', to: match.pathname },
	],
}

export const meta: Route.MetaFunction = (args) =>
	pageMeta(args, {
		title: args.data ? `Project ${args.data.page.project.id} · Admin` : 'Project · Admin',
		description: 'A pond build project.',
		noindex: true,
	})

export async function loader({ request, context, params }: Route.LoaderArgs) {
	const viewer = await requireAccess(request, context, 'admin/projects/:buildId')
	// The bookkeeper reads the project (its payments and documents) without its forms.
	const edit = can(viewer.role, 'projects.edit')
	const data = await adminProjectData(context, params.buildId, edit)
	return { role: viewer.role, edit, ...data, done: new URL(request.url).searchParams.get('done') }
}

export const action = (args: Route.ActionArgs) => adminProjectAction(args)

const SECTION = 'rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200'
const H2 = 'mb-3 text-xl font-bold text-pond-900'

export default function AdminProject({ loaderData, actionData }: Route.ComponentProps) {
	const { page, calendar, bookable, edit } = loaderData
	const { project: p, booking } = page
	return (
		<>
			<PageHeader
				title={`${p.name}: ${BUILD_TYPE_LABELS[p.type]}`}
				intro={`Project ${p.id} · ${PROJECT_STATUS_LABELS[p.status]}`}
			/>
			<div className="container-page py-10">
				<AdminNav
					role={loaderData.role}
					requestsWaiting={loaderData.requestsWaiting}
					projectsOpen={loaderData.open}
				/>
				<Link to="/admin/projects" className="font-semibold text-pond-800 underline">
					Back to pond builds
				</Link>
				{loaderData.done ? (
					<p role="status" className="mt-3 rounded-lg bg-green-50 px-4 py-3 text-green-950">
						Saved.
					</p>
				) : null}
				<div className="mt-4 grid gap-6 lg:grid-cols-2">
					<section aria-labelledby="customer-heading" className={SECTION}>
						<h2 id="customer-heading" className={H2}>
							Customer and site
						</h2>
						<dl className="grid gap-2 sm:grid-cols-2">
							<Row
								term="Status"
								value={`${PROJECT_STATUS_LABELS[p.status]}${p.statusReason ? `: ${p.statusReason}` : ''}`}
							/>
							<Row term="Name" value={p.name} />
							<div className="min-w-0">
								<dt className="text-sm text-slate-600">Email</dt>
								<dd className="break-all">
									<a
										href={mailtoHref(p.email, `Your pond project ${p.id}`)}
										className="text-pond-800 underline"
									>
										{p.email}
									</a>
								</dd>
							</div>
							<div>
								<dt className="text-sm text-slate-600">Phone</dt>
								<dd>
									<a href={phoneHref(p.phone)} className="text-pond-800 underline">
										{p.phone}
									</a>
								</dd>
							</div>
							<Row
								term="Address"
								value={`${p.address}, ${p.postcode}${p.outsideArea ? ' (outside the service area)' : ''}`}
							/>
							<Row term="Size" value={p.size} />
							<Row term="Budget" value={BUDGET_LABELS[p.budget]} />
							<Row term="Timescale" value={TIMESCALE_LABELS[p.timescale]} />
							<Row term="Heard of us" value={HEARD_FROM_LABELS[p.heardFrom]} />
							<Row
								term="Account"
								value={p.userId ? 'Signed in when sending' : 'Guest (private link)'}
							/>
						</dl>
						{p.details ? (
							<p className="mt-3 whitespace-pre-line break-words rounded-lg bg-slate-50 p-3">
								{p.details}
							</p>
						) : null}
						{page.photos.length ? (
							<ul className="mt-3 grid grid-cols-3 gap-2">
								{page.photos.map((photo, i) => (
									<li key={photo.id}>
										<a href={`/admin/projects/${p.id}/photos/${photo.id}`}>
											<img
												src={`/admin/projects/${p.id}/photos/${photo.id}`}
												alt={`View ${i + 1} of the customer's site`}
												width={photo.width}
												height={photo.height}
												className="aspect-square w-full rounded object-cover"
											/>
										</a>
									</li>
								))}
							</ul>
						) : (
							<p className="mt-3 text-slate-700">No site photos sent.</p>
						)}
					</section>
					<section aria-labelledby="survey-heading" className={SECTION}>
						<h2 id="survey-heading" className={H2}>
							Site survey
						</h2>
						{booking ? (
							<div className="mb-4 space-y-2">
								<p data-testid="admin-survey-time">
									Booked for <strong>{formatSurveyTime(booking.startsAt)}</strong> (by{' '}
									{booking.bookedBy}).
								</p>
								{edit ? (
									<Form method="post">
										<input type="hidden" name="intent" value="cancel-survey" />
										<button type="submit" className="btn-secondary">
											Cancel the survey for the customer
										</button>
									</Form>
								) : null}
							</div>
						) : (
							<p className="mb-4 text-slate-700">No survey booked.</p>
						)}
						{actionData?.intent === 'book' || actionData?.intent === 'cancel-survey' ? (
							<p
								role="alert"
								className="mb-3 rounded-lg bg-red-50 px-3 py-2 font-medium text-red-800"
							>
								{actionData.message}
							</p>
						) : null}
						{bookable ? <SlotPicker days={calendar} moving={Boolean(booking)} staff /> : null}
					</section>
					{edit ? (
						<>
							<section aria-labelledby="status-heading" className={SECTION}>
								<h2 id="status-heading" className={H2}>
									Status
								</h2>
								<StatusForm status={p.status} version={p.version} answer={actionData} />
							</section>
							<section aria-labelledby="notes-heading" className={`${SECTION} space-y-6`}>
								<h2 id="notes-heading" className={H2}>
									Notes and messages
								</h2>
								<TextForm
									intent="message"
									name="text"
									label="Message to the customer"
									hint="Emailed to them and shown on their project page."
									button="Send message"
									answer={actionData}
								/>
								<TextForm
									intent="survey-notes"
									name="surveyNotes"
									label="Survey notes"
									hint="What we found on site. Staff only."
									button="Save survey notes"
									defaultValue={p.surveyNotes}
									answer={actionData}
								/>
								<TextForm
									intent="note"
									name="text"
									label="Internal note"
									hint="Staff only: never shown to the customer."
									button="Add note"
									answer={actionData}
								/>
							</section>
						</>
					) : null}
				</div>
				{/* Quotes (issue 59 item 7, decision 0037) */}
				<section id="quotes" aria-labelledby="quotes-heading" className={`${SECTION} mt-6`}>
					<h2 id="quotes-heading" className={H2}>
						Quotes
					</h2>
					{loaderData.done === 'quote-sent' ? (
						<p role="status" className="mb-3 rounded-lg bg-green-50 px-3 py-2 text-green-950">
							Quote sent: the customer has an email with the link to it.
						</p>
					) : null}
					<AdminQuotes
						projectId={p.id}
						quotes={loaderData.quotes}
						templates={loaderData.templates}
						canDraft={canDraftQuote(p.status)}
						edit={edit}
						message={actionData?.intent === 'new-quote' ? actionData.message : undefined}
					/>
				</section>
				{/* Payments (decision 0038) */}
				{loaderData.payments ? (
					<div className={`${SECTION} mt-6`}>
						<StagePayments
							view={loaderData.payments}
							documentHref={(number) => `/admin/projects/${p.id}/documents/${number}`}
							stageActions={
								edit
									? (stage) => (
											<StageStaffForms stage={stage} version={p.version} answer={actionData} />
										)
									: undefined
							}
						>
							{edit ? (
								<SettleCancellationForm
									view={loaderData.payments}
									version={p.version}
									answer={actionData}
								/>
							) : null}
						</StagePayments>
					</div>
				) : null}
				{loaderData.aftercare ? (
					<section aria-labelledby="aftercare-heading" className={`${SECTION} mt-6`}>
						<h2 id="aftercare-heading" className={H2}>
							Finished build
						</h2>
						<AdminAftercare
							projectId={p.id}
							data={loaderData.aftercare}
							photos={page.photos}
							answer={actionData}
						/>
					</section>
				) : null}
				<section aria-labelledby="timeline-heading" className={`${SECTION} mt-6`}>
					<h2 id="timeline-heading" className={H2}>
						Timeline
					</h2>
					<ProjectTimeline entries={page.timeline} staff />
				</section>
			</div>
		</>
	)
}

function Row({ term, value }: { term: string; value: string }) {
	return (
		<div className="min-w-0">
			<dt className="text-sm text-slate-600">{term}</dt>
			<dd className="break-words text-slate-900">{value}</dd>
		</div>
	)
}
