import type { FunnelStep } from '~/lib/analytics/funnel'

const percent = (rate: number | null) =>
	rate === null ? '–' : `${(rate * 100).toLocaleString('en-GB', { maximumFractionDigits: 1 })}%`

/** The steps in their units, in order: one group of rows per unit. */
function byUnit(steps: FunnelStep[]) {
	const groups: Array<{ unit: string; steps: FunnelStep[] }> = []
	for (const step of steps) {
		const last = groups.at(-1)
		if (last?.unit === step.unit) last.steps.push(step)
		else groups.push({ unit: step.unit, steps: [step] })
	}
	return groups
}

/**
 * The funnel as a table, a group of rows for each thing counted (visitors a day, then this
 * period's order requests): each step's count, and its share of the step before and who dropped
 * off only within its group, where the two count the same thing. Each bar is in proportion to
 * its group's first step, its figure in the next cell.
 */
export function FunnelTable({
	steps,
	title = 'From visit to payment',
	intro = 'Visits are counted without cookies, so a visitor cannot be followed into an order request: visitors are compared with visitors, and order requests with order requests.',
}: {
	steps: FunnelStep[]
	title?: string
	intro?: string
}) {
	return (
		<section className="min-w-0 rounded-xl p-4 ring-1 ring-slate-200">
			<h3 className="font-display text-lg font-bold text-pond-900">{title}</h3>
			<p className="mt-1 text-sm text-slate-700">{intro}</p>
			<table className="mt-3 w-full table-fixed text-sm">
				<thead>
					<tr className="text-left text-slate-600">
						<th scope="col" className="py-1 font-semibold">
							Step
						</th>
						<th scope="col" className="w-16 py-1 text-right font-semibold">
							Count
						</th>
						<th scope="col" className="w-16 py-1 text-right font-semibold">
							Of last
						</th>
						<th scope="col" className="w-16 py-1 text-right font-semibold">
							Lost
						</th>
					</tr>
				</thead>
				{byUnit(steps).map((group) => {
					const max = Math.max(1, ...group.steps.map((s) => s.count))
					return (
						<tbody key={group.unit}>
							<tr>
								<th
									scope="colgroup"
									colSpan={4}
									className="pt-3 pb-1 text-left font-semibold text-pond-800"
								>
									{group.unit}
								</th>
							</tr>
							{group.steps.map((step) => (
								<tr key={step.label} className="border-t border-slate-100" data-step={step.label}>
									<th scope="row" className="py-1.5 pr-2 text-left font-medium text-slate-800">
										{step.label}
										<svg
											className="mt-1 block h-2 w-full text-koi-500"
											aria-hidden="true"
											preserveAspectRatio="none"
											viewBox="0 0 100 1"
										>
											<rect width={(step.count / max) * 100} height="1" fill="currentColor" />
										</svg>
									</th>
									<td className="py-1.5 text-right tabular-nums">
										{step.count.toLocaleString('en-GB')}
									</td>
									<td className="py-1.5 text-right tabular-nums">{percent(step.rate)}</td>
									<td className="py-1.5 text-right tabular-nums">
										{step.dropOff === null ? '–' : step.dropOff.toLocaleString('en-GB')}
									</td>
								</tr>
							))}
						</tbody>
					)
				})}
			</table>
		</section>
	)
}
