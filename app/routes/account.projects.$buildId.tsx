import { CheckCircle2 } from 'lucide-react'
import { data, Form } from 'react-router'
import { customerProjectData } from '~/.server/builds/customer-project'
import { projectAccessFor } from '~/.server/builds/project-access'
import { ProjectTimeline } from '~/components/builds/project-timeline'
import { CustomerQuotes } from '~/components/builds/quote-lists'
import { SlotPicker } from '~/components/builds/slot-picker'
import { CancelBuildForm } from '~/components/builds/stage-payment-forms'
import { StagePayments } from '~/components/builds/stage-payments'
import { isTestimonialAnswer, TestimonialForm } from '~/components/builds/testimonial-form'
import { PageHeader } from '~/components/content/page-header'
import type { BreadcrumbHandle } from '~/components/layout/breadcrumbs'
import { BUDGET_LABELS, BUILD_TYPE_LABELS, TIMESCALE_LABELS } from '~/lib/builds/build-schemas'
import { PROJECT_NOT_FOUND, projectPath } from '~/lib/builds/project-paths'
import { canBookSurvey, NEXT_STEP, PROJECT_STATUS_LABELS } from '~/lib/builds/project-status'
import { formatSurveyTime } from '~/lib/builds/survey-slots'
import { phoneHref } from '~/lib/business'
import { formatDate } from '~/lib/dates'
import { PRIVATE_ORDER_HEADERS, privateOrderMeta } from '~/lib/seo'
import type { Route } from './+types/account.projects.$buildId'
import { projectAction } from './account.projects.$buildId.server'

/**
 * A pond build's page for its customer (issue 59 item 3): signed-in owner or private link, the
 * same 404 for anyone else. Status, the site survey (book, move, cancel), what comes next, photos
 * and the timeline with staff messages.
 */
export const handle: BreadcrumbHandle = {
	breadcrumb: (match) => [
		{ label: 'Account', to: '/auth' },
		{ label: 'Your pond project', to: match.pathname },
	],
}

export const meta: Route.MetaFunction = (args) =>
	privateOrderMeta(
		args,
		args.data
			? {
					title: `Pond project ${args.data.page.project.id}`,
					description: 'Your pond build: the site survey, quote, payments and messages.',
				}
			: null,
	)

export const headers: Route.HeadersFunction = () => PRIVATE_ORDER_HEADERS

export async function loader({ params, request, context }: Route.LoaderArgs) {
	const access = await projectAccessFor(request, context, params.buildId)
	if (!access) throw data(PROJECT_NOT_FOUND, { status: 404, headers: PRIVATE_ORDER_HEADERS })
	const { changesAt, ...read } = await customerProjectData(context.db, access.project, {
		now: new Date(),
		siteUrl: context.env.SITE_URL,
	})
	// A replay of this render to its link ends when the clock changes the page or the link expires.
	context.replayUntil = Math.min(changesAt, access.linkExpiresAt?.getTime() ?? changesAt)
	const search = new URL(request.url).searchParams
	return data(
		{
			...read,
			key: access.key,
			isNew: search.get('new') === '1',
			done: search.get('done'),
		},
		{ headers: PRIVATE_ORDER_HEADERS },
	)
}

export const action = (args: Route.ActionArgs) => projectAction(args)

const SECTION = 'rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6'
const H2 = 'font-display text-2xl font-bold text-pond-900'

export default function ProjectPage({ loaderData, actionData }: Route.ComponentProps) {
	const { page, key, calendar, phone } = loaderData
	const { project, booking } = page
	const bookable = canBookSurvey(project.status)
	return (
		<>
			<PageHeader
				title="Your pond project"
				intro={`Project ${project.id} · started ${formatDate(project.createdAt)}`}
			/>
			<div className="container-page max-w-4xl space-y-6 py-10">
				{loaderData.isNew ? (
					<div
						className="flex items-start gap-3 rounded-2xl bg-green-50 p-5 text-green-950"
						role="status"
					>
						<CheckCircle2 aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-green-700" />
						<p>
							Thank you: your enquiry is with us. We have emailed you a link to this page (keep it
							to come back later). Now choose a time for your site survey below.
						</p>
					</div>
				) : null}
				<section aria-labelledby="status-heading" className={SECTION}>
					<h2 id="status-heading" className={H2}>
						Status:{' '}
						<span data-testid="project-status">{PROJECT_STATUS_LABELS[project.status]}</span>
					</h2>
					<p className="mt-2 text-lg text-slate-800">{NEXT_STEP[project.status]}</p>
					{project.statusReason ? (
						<p className="mt-1 text-slate-700">{project.statusReason}</p>
					) : null}
					<dl className="mt-4 grid gap-x-6 gap-y-2 sm:grid-cols-2">
						<Detail term="Project" value={BUILD_TYPE_LABELS[project.type]} />
						<Detail term="Size" value={project.size} />
						<Detail term="Budget" value={BUDGET_LABELS[project.budget]} />
						<Detail term="Timescale" value={TIMESCALE_LABELS[project.timescale]} />
						<Detail term="Postcode" value={project.postcode} />
					</dl>
				</section>
				<section id="survey" aria-labelledby="survey-heading" className={SECTION}>
					<h2 id="survey-heading" className={H2}>
						Site survey
					</h2>
					{actionData?.message && !isTestimonialAnswer(actionData) && !('intent' in actionData) ? (
						<p
							role="alert"
							className="mt-3 rounded-lg bg-red-50 px-4 py-3 font-medium text-red-800"
						>
							{actionData.message}
						</p>
					) : null}
					{loaderData.done === 'book' && booking ? (
						<p role="status" className="mt-3 rounded-lg bg-green-50 px-4 py-3 text-green-950">
							Booked. A confirmation with a calendar invite is on its way to your inbox.
						</p>
					) : null}
					{loaderData.done === 'cancel' && !booking ? (
						<p role="status" className="mt-3 rounded-lg bg-green-50 px-4 py-3 text-green-950">
							Your survey is cancelled. Book another time whenever suits you.
						</p>
					) : null}
					{booking ? (
						<div className="mt-3 space-y-3">
							<p className="text-lg text-slate-900" data-testid="survey-time">
								We visit on <strong>{formatSurveyTime(booking.startsAt)}</strong> (UK time).
							</p>
							{booking.canChange ? (
								<Form method="post">
									<input type="hidden" name="intent" value="cancel" />
									<button type="submit" className="btn-secondary">
										Cancel the survey
									</button>
								</Form>
							) : (
								<p className="rounded-lg bg-amber-50 p-3 text-amber-950">
									Your survey is less than 24 hours away, so it can no longer be changed online. To
									move or cancel it, please call us on{' '}
									<a href={phoneHref(phone)} className="font-semibold underline">
										{phone}
									</a>
									.
								</p>
							)}
						</div>
					) : bookable ? null : (
						<p className="mt-3 text-slate-800">Your survey has taken place.</p>
					)}
					{bookable && (!booking || booking.canChange) ? (
						<div className="mt-5">
							<h3 className="mb-2 text-lg font-semibold text-pond-900">
								{booking ? 'Move to another time' : 'Choose a time'}
							</h3>
							<SlotPicker days={calendar} moving={Boolean(booking)} />
						</div>
					) : null}
				</section>
				{/* Quotes (issue 59 item 4, decision 0037) */}
				<section id="quotes" aria-labelledby="quote-heading" className={SECTION}>
					<h2 id="quote-heading" className={H2}>
						Your quote
					</h2>
					{loaderData.done === 'accepted' ? (
						<p role="status" className="mt-3 rounded-lg bg-green-50 px-4 py-3 text-green-950">
							Thank you: your acceptance is recorded and a summary is on its way to your inbox.
						</p>
					) : null}
					{loaderData.quotes.length ? (
						<CustomerQuotes
							quotes={loaderData.quotes}
							hrefFor={(version) => projectPath(project.id, key, `/quotes/${version}`)}
						/>
					) : (
						<p className="mt-2 text-slate-800">
							We will send your quote after the survey: itemised, with options you can choose, and a
							payment schedule. It will appear here and in your inbox.
						</p>
					)}
				</section>
				{/* Payments (decision 0038) */}
				{loaderData.payments ? (
					<div className={SECTION}>
						<StagePayments
							view={loaderData.payments}
							documentHref={(number) => projectPath(project.id, key, `/documents/${number}`)}
						>
							<CancelBuildForm
								view={loaderData.payments}
								answer={
									actionData && 'intent' in actionData
										? (actionData as { intent: string; message: string })
										: undefined
								}
							/>
						</StagePayments>
					</div>
				) : (
					<section aria-labelledby="payments-heading" className={SECTION}>
						<h2 id="payments-heading" className={H2}>
							Payments
						</h2>
						<p className="mt-2 text-slate-800">
							Nothing to pay yet. The survey is free; when you accept your quote, the deposit and
							each stage payment will be listed here with its invoice.
						</p>
					</section>
				)}
				{page.photos.length ? (
					<section aria-labelledby="photos-heading" className={SECTION}>
						<h2 id="photos-heading" className={H2}>
							Your photos of the site
						</h2>
						<ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
							{page.photos.map((photo, i) => (
								<li key={photo.id}>
									<img
										src={projectPath(project.id, key, `/photos/${photo.id}`)}
										alt={`View ${i + 1} of your site`}
										width={photo.width}
										height={photo.height}
										loading="lazy"
										className="aspect-square w-full rounded-lg object-cover"
									/>
								</li>
							))}
						</ul>
					</section>
				) : null}
				{loaderData.testimonial || loaderData.done === 'testimonial' ? (
					<section id="testimonial" aria-labelledby="testimonial-heading" className={SECTION}>
						<h2 id="testimonial-heading" className={H2}>
							How did we do?
						</h2>
						{loaderData.testimonial ? (
							<TestimonialForm answer={isTestimonialAnswer(actionData) ? actionData : undefined} />
						) : (
							<p role="status" className="mt-3 rounded-lg bg-green-50 px-4 py-3 text-green-950">
								Thank you for your testimonial. We will read it before it goes on our website.
							</p>
						)}
					</section>
				) : null}
				<section aria-labelledby="timeline-heading" className={SECTION}>
					<h2 id="timeline-heading" className={H2}>
						Messages and timeline
					</h2>
					<div className="mt-3">
						<ProjectTimeline entries={page.timeline} />
					</div>
				</section>
			</div>
		</>
	)
}

function Detail({ term, value }: { term: string; value: string }) {
	return (
		<div className="min-w-0">
			<dt className="text-sm text-slate-600">{term}</dt>
			<dd className="break-words font-semibold text-slate-900">{value}</dd>
		</div>
	)
}
