import { bucketLabel } from '~/lib/books/periods'
import { formatPence } from '~/lib/money'

/**
 * Net sales per week or month as a table whose cells hold a bar: the figures are text (read by
 * screen readers and legible at 360 px, 14 px labels), the bars only show their size.
 */
export function MoneyChart({ buckets }: { buckets: Array<{ key: string; pence: number }> }) {
	const max = Math.max(1, ...buckets.map((b) => Math.abs(b.pence)))
	const byMonth = buckets[0]?.key.length === 7
	return (
		<section className="mb-8 rounded-xl p-4 ring-1 ring-slate-200" aria-labelledby="money-chart">
			<h3 id="money-chart" className="font-display text-lg font-bold text-pond-900">
				Net sales by {byMonth ? 'month' : 'week'}
			</h3>
			<table className="mt-3 w-full text-sm" data-testid="money-chart">
				<caption className="sr-only">
					Net sales, VAT included, by {byMonth ? 'month' : 'week'}
				</caption>
				<thead className="sr-only">
					<tr>
						<th scope="col">{byMonth ? 'Month' : 'Week commencing'}</th>
						<th scope="col">Net sales</th>
					</tr>
				</thead>
				<tbody>
					{buckets.map((b) => (
						<tr key={b.key}>
							<th
								scope="row"
								className="w-24 py-1 pr-2 text-left font-medium whitespace-nowrap text-slate-700"
							>
								{bucketLabel(b.key)}
							</th>
							<td className="py-1">
								<div className="flex items-center gap-2">
									<div
										aria-hidden="true"
										className={b.pence < 0 ? 'h-4 rounded bg-koi-600' : 'h-4 rounded bg-pond-600'}
										style={{ width: `${(Math.abs(b.pence) / max) * 70}%` }}
									/>
									<span className="whitespace-nowrap tabular-nums text-slate-800">
										{formatPence(b.pence)}
									</span>
								</div>
							</td>
						</tr>
					))}
				</tbody>
			</table>
		</section>
	)
}
