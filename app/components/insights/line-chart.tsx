import { useId } from 'react'
import { ChartSvg } from './chart-svg'

export type Series = { name: string; values: number[]; className: string }

const W = 640
const H = 200

/** Round numbers for the y axis: 0 and up to four steps to just above the largest value. */
function ticks(max: number) {
	if (max <= 0) return [0, 1]
	const rough = max / 4
	const magnitude = 10 ** Math.floor(Math.log10(rough))
	const step = [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= rough) ?? rough
	const out: number[] = []
	for (let v = 0; v <= max + step - 1e-9; v += step) out.push(Math.round(v))
	return out
}

/**
 * A server-rendered line chart (no library, decision 0020): an SVG with role="img", its title and
 * description, and the same figures as a table for screen readers.
 */
export function LineChart({
	title,
	description,
	labels,
	series,
}: {
	title: string
	description: string
	/** One per point, shown under the first, middle and last points and in the table. */
	labels: string[]
	series: Series[]
}) {
	const id = useId()
	const max = Math.max(0, ...series.flatMap((s) => s.values))
	const axis = ticks(max)
	const top = axis.at(-1) || 1
	const n = Math.max(1, labels.length - 1)
	const x = (i: number) => (i / n) * W
	const y = (v: number) => (1 - v / top) * H
	const shown = [...new Set([0, Math.floor(n / 2), labels.length - 1])].filter((i) => i >= 0)
	// Labels are HTML placed at the same fractions as the lines, so they keep the page's size.
	const percent = (part: number, whole: number) => `${((part / whole) * 100).toFixed(2)}%`
	return (
		<figure className="rounded-xl p-4 ring-1 ring-slate-200">
			<figcaption className="font-display text-lg font-bold text-pond-900">{title}</figcaption>
			<ul className="mt-1 flex flex-wrap gap-4 text-sm text-slate-700" aria-hidden="true">
				{series.map((s) => (
					<li key={s.name} className="flex items-center gap-2">
						<svg width="16" height="4" className={s.className} aria-hidden="true">
							<rect width="16" height="4" fill="currentColor" />
						</svg>
						{s.name}
					</li>
				))}
			</ul>
			<div className="mx-auto mt-4 max-w-3xl pr-2 pl-12 sm:pr-4" data-chart="line">
				<div className="relative h-44 sm:h-56">
					<div aria-hidden="true" className="text-xs text-slate-600">
						{axis.map((v) => (
							<span
								key={v}
								className="absolute right-full mr-2 -translate-y-1/2 tabular-nums"
								style={{ top: percent(y(v), H) }}
							>
								{v.toLocaleString('en-GB')}
							</span>
						))}
					</div>
					<ChartSvg id={id} width={W} height={H} title={title} description={description}>
						{axis.map((v) => (
							<line
								key={v}
								x1={0}
								x2={W}
								y1={y(v)}
								y2={y(v)}
								stroke="#e2e8f0"
								vectorEffect="non-scaling-stroke"
							/>
						))}
						{series.map((s) => (
							<polyline
								key={s.name}
								className={s.className}
								fill="none"
								stroke="currentColor"
								strokeWidth="2.5"
								strokeLinejoin="round"
								vectorEffect="non-scaling-stroke"
								points={s.values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ')}
							/>
						))}
					</ChartSvg>
				</div>
				<div aria-hidden="true" className="relative mt-2 h-5 text-xs text-slate-600">
					{shown.map((i) => (
						<span
							key={i}
							className={
								i === 0
									? 'absolute left-0'
									: i === labels.length - 1
										? 'absolute right-0'
										: 'absolute -translate-x-1/2 whitespace-nowrap'
							}
							style={i === 0 || i === labels.length - 1 ? undefined : { left: percent(x(i), W) }}
						>
							{labels[i]}
						</span>
					))}
				</div>
			</div>
			<table className="sr-only">
				<caption>{title}</caption>
				<thead>
					<tr>
						<th scope="col">Date</th>
						{series.map((s) => (
							<th key={s.name} scope="col">
								{s.name}
							</th>
						))}
					</tr>
				</thead>
				<tbody>
					{labels.map((label, i) => (
						<tr key={label}>
							<th scope="row">{label}</th>
							{series.map((s) => (
								<td key={s.name}>{s.values[i]}</td>
							))}
						</tr>
					))}
				</tbody>
			</table>
		</figure>
	)
}
