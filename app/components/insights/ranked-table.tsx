/**
 * A top-ten list as a real table (so it needs no second table for screen readers), each row with
 * a small SVG bar in proportion to the first.
 */
export function RankedTable({
	title,
	rows,
	columns,
	empty = 'Nothing counted in this period.',
}: {
	title: string
	rows: Array<{ key: string; label: string; value: number; extra?: string }>
	/** Heading of the label column, the value column, and the optional extra column. */
	columns: [string, string, string?]
	empty?: string
}) {
	const max = Math.max(1, ...rows.map((r) => r.value))
	return (
		<section className="min-w-0 rounded-xl p-4 ring-1 ring-slate-200">
			<h3 className="font-display text-lg font-bold text-pond-900">{title}</h3>
			{rows.length === 0 ? (
				<p className="mt-2 text-slate-700">{empty}</p>
			) : (
				<table className="mt-2 w-full table-fixed text-sm">
					<thead>
						<tr className="text-left text-slate-600">
							<th scope="col" className="py-1 font-semibold">
								{columns[0]}
							</th>
							<th scope="col" className="w-20 py-1 text-right font-semibold">
								{columns[1]}
							</th>
							{columns[2] ? (
								<th scope="col" className="w-20 py-1 text-right font-semibold">
									{columns[2]}
								</th>
							) : null}
						</tr>
					</thead>
					<tbody>
						{rows.map((row) => (
							<tr key={row.key} className="border-t border-slate-100">
								<td className="py-1.5 pr-2">
									<span className="block break-words text-slate-800">{row.label}</span>
									<svg
										className="mt-1 h-1.5 w-full text-pond-300"
										aria-hidden="true"
										preserveAspectRatio="none"
										viewBox="0 0 100 1"
									>
										<rect width={(row.value / max) * 100} height="1" fill="currentColor" />
									</svg>
								</td>
								<td className="py-1.5 text-right tabular-nums">
									{row.value.toLocaleString('en-GB')}
								</td>
								{columns[2] ? (
									<td className="py-1.5 text-right tabular-nums">{row.extra}</td>
								) : null}
							</tr>
						))}
					</tbody>
				</table>
			)}
		</section>
	)
}
