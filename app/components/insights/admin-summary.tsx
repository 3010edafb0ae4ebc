import { Link } from 'react-router'
import { formatPence } from '~/lib/money'

/** /admin's three headline figures, linking to the insights dashboard. */
export function AdminSummary({
	visitorsToday,
	requestsWaiting,
	revenueThisWeekPence,
	refundedThisWeekPence,
}: {
	visitorsToday: number
	requestsWaiting: number
	/** Net of this week's refunds, which are shown beside it. */
	revenueThisWeekPence: number
	refundedThisWeekPence: number
}) {
	const figures = [
		['Visitors today', visitorsToday.toLocaleString('en-GB'), undefined],
		['Requests waiting', requestsWaiting.toLocaleString('en-GB'), undefined],
		[
			'Net revenue this week',
			formatPence(revenueThisWeekPence),
			`after ${formatPence(refundedThisWeekPence)} refunded`,
		],
	] as const
	return (
		<section aria-label="At a glance" className="mb-8">
			<dl className="grid grid-cols-3 gap-2 sm:gap-3">
				{figures.map(([label, value, note]) => (
					<div
						key={label}
						className="min-w-0 rounded-xl bg-pond-50 p-2 sm:p-3"
						data-summary={label}
					>
						<dt className="text-xs font-semibold text-slate-700 sm:text-sm">{label}</dt>
						<dd className="font-display text-base font-bold text-pond-900 sm:text-xl">{value}</dd>
						{note ? <dd className="text-xs text-slate-700 sm:text-sm">{note}</dd> : null}
					</div>
				))}
			</dl>
			<Link
				to="/admin/insights"
				className="mt-2 inline-block font-semibold text-pond-700 underline"
			>
				See insights
			</Link>
		</section>
	)
}
