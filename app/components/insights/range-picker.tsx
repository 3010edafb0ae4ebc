import { Form, Link } from 'react-router'
import { INPUT_CLASS } from '~/components/forms/input-class'
import { PERIODS } from '~/lib/analytics/range'
import { cn } from '~/lib/cn'

/** The period links, a custom from–to form (a GET, so a view can be bookmarked), and the CSV. */
export function RangePicker({
	period,
	from,
	to,
	csvHref,
}: {
	period: string
	from: string
	to: string
	csvHref: string
}) {
	return (
		<div className="mb-6 flex flex-wrap items-end gap-4">
			<nav aria-label="Period" className="flex flex-wrap gap-2">
				{PERIODS.map((p) => (
					<Link
						key={p.id}
						to={`?period=${p.id}`}
						aria-current={period === p.id ? 'true' : undefined}
						className={cn(
							'rounded-full px-3 py-1.5 text-sm font-semibold ring-1',
							period === p.id
								? 'bg-pond-800 text-white ring-pond-800'
								: 'text-pond-800 ring-pond-300 hover:bg-pond-50',
						)}
					>
						{p.label}
					</Link>
				))}
			</nav>
			<Form method="get" className="flex flex-wrap items-end gap-2">
				<input type="hidden" name="period" value="custom" />
				<label className="text-sm font-semibold text-slate-700">
					From
					<input
						type="date"
						name="from"
						defaultValue={from}
						className={cn(INPUT_CLASS, 'mt-1 block')}
					/>
				</label>
				<label className="text-sm font-semibold text-slate-700">
					To
					<input
						type="date"
						name="to"
						defaultValue={to}
						className={cn(INPUT_CLASS, 'mt-1 block')}
					/>
				</label>
				<button type="submit" className="btn-secondary">
					Show
				</button>
			</Form>
			<a href={csvHref} className="font-semibold text-pond-700 underline" download>
				Download CSV
			</a>
		</div>
	)
}
