import { type BuildMonth, monthLabel } from '~/lib/analytics/build-figures'
import type { FunnelStep } from '~/lib/analytics/funnel'
import { formatPence } from '~/lib/money'
import { FunnelTable } from './funnel-table'

/**
 * The insights' 'Pond builds' panel (issue 59 item 11): this period's enquiries through to an
 * accepted quote, and the value quoted and accepted each month. The months are a table whose rows
 * carry their bars (as revenue by week): the figures are read, not guessed from a bar.
 */
export function BuildsPanel({ funnel, months }: { funnel: FunnelStep[]; months: BuildMonth[] }) {
	return (
		<div className="grid gap-6 lg:grid-cols-2" data-testid="builds-panel">
			<FunnelTable
				steps={funnel}
				title="From enquiry to accepted quote"
				intro="The pond enquiries sent in this period, and how many of them have since had a survey booked, a quote sent and a quote accepted."
			/>
			<BuildMonths months={months} />
		</div>
	)
}

function Bar({ value, max, className }: { value: number; max: number; className: string }) {
	return (
		<svg
			className={`mt-1 block h-2 w-full ${className}`}
			aria-hidden="true"
			preserveAspectRatio="none"
			viewBox="0 0 100 1"
		>
			<rect width={(Math.max(0, value) / max) * 100} height="1" fill="currentColor" />
		</svg>
	)
}

function BuildMonths({ months }: { months: BuildMonth[] }) {
	const max = Math.max(1, ...months.flatMap((m) => [m.quotedPence, m.acceptedPence]))
	const sum = (pick: (m: BuildMonth) => number) => months.reduce((n, m) => n + pick(m), 0)
	const cell = 'py-1.5 pl-1.5 text-right whitespace-nowrap tabular-nums'
	const head = 'w-24 py-1 pl-1.5 text-right font-semibold sm:w-28'
	return (
		<section className="min-w-0 rounded-xl p-3 ring-1 ring-slate-200 sm:p-4">
			<h3 className="font-display text-lg font-bold text-pond-900">Quoted and accepted by month</h3>
			<p className="mt-1 text-sm text-slate-700">
				Quotes sent each month at their total as sent (a replaced version is left out), and the
				totals customers accepted that month. Bars:{' '}
				<span className="font-semibold text-pond-700">quoted</span>,{' '}
				<span className="font-semibold text-koi-700">accepted</span>.
			</p>
			<table className="mt-2 w-full table-fixed text-[13px] sm:text-sm">
				<thead>
					<tr className="text-left text-slate-600">
						<th scope="col" className="py-1 font-semibold">
							Month
						</th>
						<th scope="col" className={head}>
							Quoted
						</th>
						<th scope="col" className={head}>
							Accepted
						</th>
					</tr>
				</thead>
				<tbody>
					{months.map((m) => (
						<tr key={m.month} className="border-t border-slate-100" data-month={m.month}>
							<th
								scope="row"
								className="py-1.5 text-left font-medium whitespace-nowrap text-slate-800"
							>
								{monthLabel(m.month)}
								<Bar value={m.quotedPence} max={max} className="text-pond-400" />
								<Bar value={m.acceptedPence} max={max} className="text-koi-600" />
							</th>
							<td className={cell}>{formatPence(m.quotedPence)}</td>
							<td className={cell}>{formatPence(m.acceptedPence)}</td>
						</tr>
					))}
				</tbody>
				<tfoot>
					<tr className="border-t-2 border-slate-200">
						<th scope="row" className="py-1.5 text-left font-semibold">
							In all
						</th>
						<td className={cell}>{formatPence(sum((m) => m.quotedPence))}</td>
						<td className={cell}>{formatPence(sum((m) => m.acceptedPence))}</td>
					</tr>
				</tfoot>
			</table>
		</section>
	)
}
