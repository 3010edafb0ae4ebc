import { data, Form, Link } from 'react-router'
import { projectAccessFor } from '~/.server/builds/project-access'
import { customerQuote } from '~/.server/builds/quote-pages'
import { QuoteDocument } from '~/components/builds/quote-document'
import { PageHeader } from '~/components/content/page-header'
import { errorProps, FieldError } from '~/components/forms/field-error'
import { INPUT_CLASS } from '~/components/forms/input-class'
import type { BreadcrumbHandle } from '~/components/layout/breadcrumbs'
import { PROJECT_NOT_FOUND, projectPath } from '~/lib/builds/project-paths'
import { QUOTE_VERSION_PATTERN } from '~/lib/builds/quote-schemas'
import { optionIds } from '~/lib/builds/quote-totals'
import { PRIVATE_ORDER_HEADERS, privateOrderMeta } from '~/lib/seo'
import type { Route } from './+types/account.projects.$buildId.quotes.$version'
import { quoteAction } from './account.projects.$buildId.quotes.$version.server'

/**
 * A build quote for its customer (issue 59 items 4 and 5): the project page's access rule (the
 * same 404 otherwise). Options are ticked and the total updated by posting the form, so it works
 * without JavaScript; accepting signs with a typed name and asks about an early start.
 */
export const handle: BreadcrumbHandle = {
	breadcrumb: (match) => [
		{ label: 'Account', to: '/auth' },
		{ label: 'Your pond project', to: match.pathname.replace(/\/quotes\/.*$/, '') },
		{ label: 'Quote', to: match.pathname },
	],
}

export const meta: Route.MetaFunction = (args) =>
	privateOrderMeta(
		args,
		args.data
			? {
					title: `Quote version ${args.data.view.version}, project ${args.data.projectId}`,
					description: 'Your itemised pond build quote.',
				}
			: null,
	)

export const headers: Route.HeadersFunction = () => PRIVATE_ORDER_HEADERS

export async function loader({ params, request, context }: Route.LoaderArgs) {
	const access = await projectAccessFor(request, context, params.buildId)
	if (!access || !QUOTE_VERSION_PATTERN.test(params.version))
		throw data(PROJECT_NOT_FOUND, { status: 404, headers: PRIVATE_ORDER_HEADERS })
	const search = new URL(request.url).searchParams
	const asked = search.has('update') ? optionIds(search.getAll('option')) : null
	const view = await customerQuote(
		context.db,
		access.project.id,
		Number(params.version),
		asked,
		new Date(),
	)
	if (!view) throw data(PROJECT_NOT_FOUND, { status: 404, headers: PRIVATE_ORDER_HEADERS })
	return data(
		{ view, projectId: access.project.id, key: access.key, done: search.get('done') },
		{ headers: PRIVATE_ORDER_HEADERS },
	)
}

export const action = (args: Route.ActionArgs) => quoteAction(args)

const SECTION = 'rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6'
const LABEL = 'block font-semibold text-slate-900'

export default function QuotePage({ loaderData, actionData }: Route.ComponentProps) {
	const { projectId, key } = loaderData
	const view = actionData?.view ?? loaderData.view
	const errors = actionData?.fieldErrors ?? {}
	const pdf = projectPath(projectId, key, `/quotes/${view.version}/pdf`)
	const pdfWithOptions = `${pdf}${pdf.includes('?') ? '&' : '?'}update=1${view.chosen.map((id) => `&option=${id}`).join('')}`
	return (
		<>
			<PageHeader title="Your pond build quote" intro={`Project ${projectId}`} />
			<div className="container-page max-w-3xl space-y-6 py-10">
				<p className="flex flex-wrap gap-x-6 gap-y-2">
					<Link to={projectPath(projectId, key)} className="font-semibold text-pond-800 underline">
						Back to your project
					</Link>
					<a href={pdfWithOptions} className="font-semibold text-pond-800 underline">
						Download as PDF
					</a>
				</p>
				{loaderData.done === 'requested' ? (
					<p role="status" className="rounded-lg bg-green-50 px-4 py-3 text-green-950">
						Thank you: we have your request and will send a new quote.
					</p>
				) : null}
				{actionData?.message ? (
					<p role="alert" className="rounded-lg bg-red-50 px-4 py-3 font-medium text-red-800">
						{actionData.message}
					</p>
				) : null}
				<Form method="post" className={`${SECTION} space-y-6`} noValidate>
					<QuoteDocument view={view} choosing={view.acceptable} />
					{view.acceptable && view.hasOptions ? (
						<button type="submit" name="intent" value="update" className="btn-secondary">
							Update total
						</button>
					) : null}
					{view.acceptable ? (
						<fieldset className="space-y-4 border-t border-slate-200 pt-5">
							<legend className="font-display text-2xl font-bold text-pond-900">
								Accept and pay deposit
							</legend>
							<p className="text-slate-800">
								Your right to cancel: you may cancel this contract within 14 days of accepting it,
								without giving a reason, by telling us by email, letter or phone. We refund what you
								have paid within 14 days of hearing from you.
							</p>
							<div className="flex items-start gap-3">
								<input
									type="checkbox"
									id="earlyStart"
									name="earlyStart"
									value="yes"
									className="mt-1 size-5 shrink-0"
									aria-describedby="earlyStart-hint"
								/>
								<div>
									<label htmlFor="earlyStart" className={LABEL}>
										I ask you to start work within the 14-day cancellation period
									</label>
									<p id="earlyStart-hint" className="text-sm text-slate-700">
										If you ask for this and then cancel within the 14 days, you will pay for the
										work done up to the time you tell us (Consumer Contracts Regulations 2013,
										regulations 36 and 50). Leave it unticked and we start after the 14 days.
									</p>
								</div>
							</div>
							<div>
								<label htmlFor="accept-name" className={LABEL}>
									Your full name (your signature)
								</label>
								<input
									id="accept-name"
									name="name"
									autoComplete="name"
									maxLength={100}
									defaultValue={actionData?.name ?? ''}
									className={INPUT_CLASS}
									{...errorProps('accept-name', errors.name)}
								/>
								<FieldError id="accept-name" error={errors.name} />
							</div>
							<p className="text-sm text-slate-700">
								By accepting you agree to this quote with the options ticked above, its total and
								payment schedule, and its terms.
							</p>
							<button type="submit" name="intent" value="accept" className="btn-primary">
								Accept and pay deposit
							</button>
						</fieldset>
					) : null}
				</Form>
				{view.status === 'expired' || view.status === 'superseded' ? (
					<Form method="post" className={`${SECTION} space-y-3`}>
						<h2 className="font-display text-2xl font-bold text-pond-900">Ask for a new quote</h2>
						<p className="text-slate-800">
							{view.status === 'expired'
								? 'This quote has passed its valid-until date, so it can no longer be accepted online.'
								: 'We have sent a newer version of this quote; this one is kept for your records.'}{' '}
							Ask us and we will send you an up-to-date one.
						</p>
						<label htmlFor="request-message" className={LABEL}>
							Anything we should know? <span className="font-normal">(optional)</span>
						</label>
						<textarea
							id="request-message"
							name="message"
							rows={3}
							maxLength={1000}
							className={`${INPUT_CLASS} py-2`}
							{...errorProps('request-message', errors.message)}
						/>
						<FieldError id="request-message" error={errors.message} />
						<button type="submit" name="intent" value="request-new" className="btn-secondary">
							Ask for a new quote
						</button>
					</Form>
				) : null}
			</div>
		</>
	)
}
