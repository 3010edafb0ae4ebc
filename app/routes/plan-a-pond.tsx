import { data, Link } from 'react-router'
import { currentBusinessDetails } from '~/.server/business/details'
import { PlanForm } from '~/components/builds/plan-form'
import { PageHeader } from '~/components/content/page-header'
import type { BreadcrumbHandle } from '~/components/layout/breadcrumbs'
import { phoneHref } from '~/lib/business'
import { businessNameFrom, pageMeta } from '~/lib/seo'
import type { Route } from './+types/plan-a-pond'
import { planAction } from './plan-a-pond.server'

export const handle: BreadcrumbHandle = {
	breadcrumb: () => [
		{ label: 'Services', to: '/services' },
		{ label: 'Plan a pond', to: '/plan-a-pond' },
	],
}

export const meta: Route.MetaFunction = (args) =>
	pageMeta(args, {
		title: 'Plan a Pond',
		description: `Tell ${businessNameFrom(args.matches)} about the pond you have in mind, send a few photos of the site and book a free site survey.`,
	})

export async function loader({ context }: Route.LoaderArgs) {
	const business = await currentBusinessDetails(context.db)
	return data({ phone: business.phone })
}

export const action = (args: Route.ActionArgs) => planAction(args)

export default function PlanAPond({ loaderData, actionData }: Route.ComponentProps) {
	return (
		<>
			<PageHeader
				title="Plan a pond"
				intro="Tell us about the pond you have in mind. We will book a site survey, measure up and send you an itemised quote."
			/>
			<div className="container-page grid gap-10 py-12 lg:grid-cols-[2fr_1fr]">
				<PlanForm actionData={actionData} />
				<aside className="space-y-4 rounded-2xl bg-pond-50 p-6 text-slate-800 lg:self-start">
					<h2 className="font-display text-xl font-bold text-pond-900">What happens next</h2>
					<ol className="list-decimal space-y-2 pl-5">
						<li>You choose a time for our site survey on the next page.</li>
						<li>We visit, measure up and talk the build through with you.</li>
						<li>We send an itemised quote with options you can tick or untick.</li>
					</ol>
					<p>
						Rather talk it through?{' '}
						<a href={phoneHref(loaderData.phone)} className="font-semibold text-pond-700 underline">
							Call {loaderData.phone}
						</a>{' '}
						or see{' '}
						<Link to="/portfolio" className="font-semibold text-pond-700 underline">
							ponds we have built
						</Link>
						.
					</p>
				</aside>
			</div>
		</>
	)
}
