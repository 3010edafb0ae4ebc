import { change } from '~/lib/analytics/funnel'
import { cn } from '~/lib/cn'

/** A headline figure with its change from the period before, and a line saying what it is made of. */
export function StatCard({
	label,
	now,
	before,
	format = (n) => n.toLocaleString('en-GB'),
	note,
}: {
	label: string
	now: number
	before: number
	format?: (n: number) => string
	note?: string
}) {
	const delta = change(now, before)
	return (
		<div className="rounded-xl bg-pond-50 p-4" data-stat={label}>
			<dt className="text-sm font-semibold text-slate-700">{label}</dt>
			<dd className="mt-1 font-display text-2xl font-bold text-pond-900">{format(now)}</dd>
			<dd
				className={cn(
					'text-sm',
					delta === null ? 'text-slate-600' : delta >= 0 ? 'text-green-800' : 'text-red-800',
				)}
			>
				{delta === null
					? `was ${format(before)}`
					: `${delta >= 0 ? '+' : '−'}${Math.abs(Math.round(delta * 100))}% on ${format(before)}`}
			</dd>
			{note ? <dd className="mt-1 text-sm text-slate-700">{note}</dd> : null}
		</div>
	)
}
