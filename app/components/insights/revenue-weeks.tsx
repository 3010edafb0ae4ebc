import { shortDate } from '~/lib/analytics/labels'
import { formatPence } from '~/lib/money'

type Week = { week: string; paidPence: number; refundedPence: number; netPence: number }

/**
 * Revenue by week as a table whose rows carry bars: payments received, refunds made and the net
 * for each week (from Monday), each bar in proportion to the largest net week and its figure in
 * the same row, so the values are read, not guessed from a bar's height. A real table, so it
 * needs no second one for screen readers, and its text is the page's size at any width.
 */
export function RevenueWeeks({ weeks }: { weeks: Week[] }) {
	const max = Math.max(1, ...weeks.map((w) => w.netPence))
	const sum = (pick: (w: Week) => number) => weeks.reduce((n, w) => n + pick(w), 0)
	// Four columns on a 360 px phone (13 px there): each figure's column fits '£10,000.00'.
	const cell = 'py-1.5 pl-1.5 text-right whitespace-nowrap tabular-nums'
	const head = 'w-[5.25rem] py-1 pl-1.5 text-right font-semibold sm:w-28'
	const net = `${cell} sm:font-semibold`
	return (
		<section
			className="min-w-0 rounded-xl p-3 ring-1 ring-slate-200 sm:p-4"
			data-testid="revenue-weeks"
		>
			<h3 className="font-display text-lg font-bold text-pond-900">Revenue by week</h3>
			<p className="mt-1 text-sm text-slate-700">
				Payments received each week (weeks start on Monday), less the refunds made that week.
			</p>
			{weeks.length === 0 ? (
				<p className="mt-2 text-slate-700">Nothing in this period.</p>
			) : (
				<table className="mt-2 w-full table-fixed text-[13px] sm:text-sm">
					<thead>
						<tr className="text-left text-slate-600">
							<th scope="col" className="py-1 font-semibold">
								Week
							</th>
							<th scope="col" className={head}>
								Paid
							</th>
							<th scope="col" className={head}>
								Refunded
							</th>
							<th scope="col" className={head}>
								Net
							</th>
						</tr>
					</thead>
					<tbody>
						{weeks.map((w) => (
							<tr key={w.week} className="border-t border-slate-100" data-week={w.week}>
								<th
									scope="row"
									className="py-1.5 text-left font-medium whitespace-nowrap text-slate-800"
								>
									{shortDate(w.week)}
									<svg
										className="mt-1 block h-2 w-full text-pond-600"
										aria-hidden="true"
										preserveAspectRatio="none"
										viewBox="0 0 100 1"
									>
										<rect
											width={(Math.max(0, w.netPence) / max) * 100}
											height="1"
											fill="currentColor"
										/>
									</svg>
								</th>
								<td className={cell}>{formatPence(w.paidPence)}</td>
								<td className={cell}>{formatPence(w.refundedPence)}</td>
								<td className={net}>{formatPence(w.netPence)}</td>
							</tr>
						))}
					</tbody>
					<tfoot>
						<tr className="border-t-2 border-slate-200">
							<th scope="row" className="py-1.5 text-left font-semibold">
								In all
							</th>
							<td className={cell}>{formatPence(sum((w) => w.paidPence))}</td>
							<td className={cell}>{formatPence(sum((w) => w.refundedPence))}</td>
							<td className={net}>{formatPence(sum((w) => w.netPence))}</td>
						</tr>
					</tfoot>
				</table>
			)}
		</section>
	)
}
