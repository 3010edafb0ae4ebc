import { useId } from 'react'
import { ChartSvg } from './chart-svg'

export type Series = { name: string; values: number[]; className: string }

const W = 640
const H = 220
const PAD = { left: 48, right: 8, top: 12, bottom: 34 }

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
	const x = (i: number) => PAD.left + (i / n) * (W - PAD.left - PAD.right)
	const y = (v: number) => PAD.top + (1 - v / top) * (H - PAD.top - PAD.bottom)
	const shown = [...new Set([0, Math.floor(n / 2), labels.length - 1])].filter((i) => i >= 0)
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
			<ChartSvg id={id} width={W} height={H} title={title} description={description}>
				{axis.map((v) => (
					<g key={v} className="text-slate-500">
						<line x1={PAD.left} x2={W - PAD.right} y1={y(v)} y2={y(v)} stroke="#e2e8f0" />
						<text x={PAD.left - 6} y={y(v) + 4} textAnchor="end" fontSize="18" fill="currentColor">
							{v}
						</text>
					</g>
				))}
				{shown.map((i) => (
					<text
						key={i}
						x={x(i)}
						y={H - 6}
						fontSize="18"
						fill="#475569"
						textAnchor={i === 0 ? 'start' : i === labels.length - 1 ? 'end' : 'middle'}
					>
						{labels[i]}
					</text>
				))}
				{series.map((s) => (
					<polyline
						key={s.name}
						className={s.className}
						fill="none"
						stroke="currentColor"
						strokeWidth="2.5"
						strokeLinejoin="round"
						points={s.values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ')}
					/>
				))}
			</ChartSvg>
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
