import { Link } from 'react-router'
import { formatPence } from '~/lib/money'

/** /admin's three headline figures, linking to the insights dashboard. */
export function AdminSummary({
	visitorsToday,
	requestsWaiting,
	revenueThisWeekPence,
}: {
	visitorsToday: number
	requestsWaiting: number
	revenueThisWeekPence: number
}) {
	const figures = [
		['Visitors today', visitorsToday.toLocaleString('en-GB')],
		['Requests waiting', requestsWaiting.toLocaleString('en-GB')],
		['Revenue this week', formatPence(revenueThisWeekPence)],
	] as const
	return (
		<section aria-label="At a glance" className="mb-8 flex flex-wrap items-center gap-3">
			<dl className="grid min-w-0 flex-1 grid-cols-2 gap-3 sm:grid-cols-3">
				{figures.map(([label, value]) => (
					<div
						key={label}
						className="min-w-0 break-words rounded-xl bg-pond-50 p-3"
						data-summary={label}
					>
						<dt className="text-sm font-semibold text-slate-700">{label}</dt>
						<dd className="font-display text-xl font-bold text-pond-900">{value}</dd>
					</div>
				))}
			</dl>
			<Link to="/admin/insights" className="font-semibold text-pond-700 underline">
				See insights
			</Link>
		</section>
	)
}
