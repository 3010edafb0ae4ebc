import { insightsFor } from '~/.server/analytics/insights'
import { requireAccess } from '~/.server/auth/guards'
import { waitingRequests } from '~/.server/orders/after-sale/staff-requests'
import { AdminNav } from '~/components/admin/admin-nav'
import { PageHeader } from '~/components/content/page-header'
import { BuildsPanel } from '~/components/insights/builds-panel'
import { FunnelTable } from '~/components/insights/funnel-table'
import { LineChart } from '~/components/insights/line-chart'
import { RangePicker } from '~/components/insights/range-picker'
import { RankedTable } from '~/components/insights/ranked-table'
import { RevenueWeeks } from '~/components/insights/revenue-weeks'
import { StatCard } from '~/components/insights/stat-card'
import type { BreadcrumbHandle } from '~/components/layout/breadcrumbs'
import { chartPoints } from '~/lib/analytics/funnel'
import { durationText, shortDate } from '~/lib/analytics/labels'
import { rangeFrom } from '~/lib/analytics/range'
import { formatDate } from '~/lib/dates'
import { londonDate } from '~/lib/london-time'
import { formatPence } from '~/lib/money'
import { pageMeta } from '~/lib/seo'
import type { Route } from './+types/admin.insights'

export const handle: BreadcrumbHandle = {
	breadcrumb: () => [
		{ label: 'Admin', to: '/admin' },
		{ label: 'Insights', to: '/admin/insights' },
	],
}

export const meta: Route.MetaFunction = (args) =>
	pageMeta(args, {
		title: 'Insights · Admin',
		description: 'Visits, products, the order funnel and revenue.',
		noindex: true,
	})

export async function loader({ request, context }: Route.LoaderArgs) {
	const viewer = await requireAccess(request, context, 'admin/insights')
	const params = new URL(request.url).searchParams
	const today = londonDate(new Date())
	const range = rangeFrom(params, today)
	const insights = await insightsFor(context.db, context.catalog, range, today)
	return {
		role: viewer.role,
		period: range.period,
		insights,
		query: params.toString(),
		requestsWaiting: await waitingRequests(context.db),
	}
}

/** Top-N rows (pages, referrers, products…) as the ranked table wants them: visitors, then views. */
const ranked = <R extends { value: string; views: number; visitors: number }>(
	rows: R[],
	label: (row: R) => string = (row) => row.value,
) =>
	rows.map((r) => ({
		key: r.value,
		label: label(r),
		value: r.visitors,
		extra: r.views.toLocaleString('en-GB'),
	}))

export default function AdminInsights({ loaderData }: Route.ComponentProps) {
	const { insights: i, period, query } = loaderData
	const { range, previousRange: before, totals } = i
	const points = chartPoints(i.days)
	return (
		<>
			<PageHeader
				title="Insights"
				intro="Who visits, what they look at, and how many requests turn into payments. Visits are counted without cookies or personal data."
			/>
			<div className="container-page py-10">
				<AdminNav role={loaderData.role} requestsWaiting={loaderData.requestsWaiting} />
				<RangePicker
					period={period}
					from={range.from}
					to={range.to}
					csvHref={`/admin/insights.csv?${query}`}
				/>
				<p className="mb-4 text-slate-700" data-testid="insights-range">
					{formatDate(range.from)} to {formatDate(range.to)}, compared with{' '}
					{formatDate(before.from)} to {formatDate(before.to)}.
				</p>
				<h2 className="mb-3 font-display text-2xl font-bold text-pond-900">At a glance</h2>
				<dl className="mb-8 grid grid-cols-2 gap-3 lg:grid-cols-6">
					<StatCard label="Visitors" now={totals.visitors[0]} before={totals.visitors[1]} />
					<StatCard label="Page views" now={totals.views[0]} before={totals.views[1]} />
					<StatCard label="Order requests" now={totals.requests[0]} before={totals.requests[1]} />
					<StatCard label="Payments" now={totals.paid[0]} before={totals.paid[1]} />
					<StatCard
						label="Net revenue"
						now={totals.revenuePence[0]}
						before={totals.revenuePence[1]}
						format={formatPence}
						note={`${formatPence(totals.paidPence[0])} paid, ${formatPence(totals.refundedPence[0])} refunded`}
					/>
					<StatCard label="Enquiries" now={totals.enquiries[0]} before={totals.enquiries[1]} />
				</dl>
				<LineChart
					title="Visitors and page views"
					description={`${points.length < i.days.length ? 'Per week' : 'Per day'} from ${formatDate(range.from)} to ${formatDate(range.to)}: ${totals.visitors[0]} visitors, ${totals.views[0]} page views in all.`}
					labels={points.map((d) => shortDate(d.day))}
					series={[
						{ name: 'Page views', values: points.map((d) => d.views), className: 'text-pond-300' },
						{ name: 'Visitors', values: points.map((d) => d.visitors), className: 'text-koi-600' },
					]}
				/>
				<div className="mt-6 grid gap-6 lg:grid-cols-2">
					<FunnelTable steps={i.funnel} />
					<section className="rounded-xl p-4 ring-1 ring-slate-200">
						<h3 className="font-display text-lg font-bold text-pond-900">How quickly</h3>
						<dl className="mt-2 space-y-2">
							<div>
								<dt className="text-sm text-slate-700">Median time from request to quote</dt>
								<dd
									className="font-display text-xl font-bold text-pond-900"
									data-testid="median-quote"
								>
									{durationText(i.medianToQuoteMs)}
								</dd>
							</div>
							<div>
								<dt className="text-sm text-slate-700">Median time from quote to payment</dt>
								<dd
									className="font-display text-xl font-bold text-pond-900"
									data-testid="median-pay"
								>
									{durationText(i.medianToPayMs)}
								</dd>
							</div>
						</dl>
					</section>
				</div>
				<div className="mt-6">
					<RevenueWeeks weeks={i.revenueByWeek} />
				</div>
				<h2 className="mt-10 mb-3 font-display text-2xl font-bold text-pond-900">Pond builds</h2>
				<BuildsPanel funnel={i.builds.funnel} months={i.builds.months} />
				<h2 className="mt-10 mb-3 font-display text-2xl font-bold text-pond-900">Visits</h2>
				<div className="grid gap-6 lg:grid-cols-2">
					<RankedTable
						title="Top pages"
						columns={['Page', 'Visitors', 'Views']}
						rows={ranked(i.pages, (p) => p.label)}
					/>
					<RankedTable
						title="Referring sites"
						columns={['Site', 'Visitors', 'Views']}
						rows={ranked(i.referrers)}
					/>
					<RankedTable
						title="Campaigns"
						columns={['Campaign', 'Visitors', 'Views']}
						rows={ranked([
							...i.campaigns,
							...i.sources.map((s) => ({ ...s, value: `source: ${s.value}` })),
						])}
					/>
					<RankedTable
						title="Devices"
						columns={['Device', 'Visitors', 'Views']}
						rows={ranked(i.devices)}
					/>
				</div>
				<h2 className="mt-10 mb-3 font-display text-2xl font-bold text-pond-900">Products</h2>
				<div className="grid gap-6 lg:grid-cols-3">
					<RankedTable
						title="Most viewed"
						columns={['Product', 'Visitors', 'Views']}
						rows={ranked(i.productsViewed, (p) => p.name)}
					/>
					<RankedTable
						title="Most added to cart"
						columns={['Product', 'Visitors', 'Adds']}
						rows={ranked(i.productsCarted, (p) => p.name)}
					/>
					<RankedTable
						title="Most requested"
						columns={['Product', 'Quantity']}
						rows={i.productsRequested.map((p) => ({ key: p.id, label: p.name, value: p.quantity }))}
					/>
				</div>
				<h2 className="mt-10 mb-3 font-display text-2xl font-bold text-pond-900">Delivery</h2>
				<RankedTable
					title="Order requests by delivery zone"
					columns={['Zone', 'Orders', 'Avg delivery']}
					rows={i.byZone.map((z) => ({
						key: z.zone,
						label: z.zone,
						value: z.orders,
						extra: z.averageDeliveryPence === null ? '–' : formatPence(z.averageDeliveryPence),
					}))}
				/>
			</div>
		</>
	)
}
