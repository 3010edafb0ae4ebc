import { useId } from 'react'
import { ChartSvg } from './chart-svg'

export type Bar = { label: string; value: number; text: string }

const W = 640
const H = 200
const PAD = { left: 8, right: 8, top: 20, bottom: 34 }

/**
 * Vertical bars (revenue by week), hand-written SVG like the line chart: role="img" with title
 * and description, each bar's figure above it, and a table of the same for screen readers.
 */
export function BarChart({
	title,
	description,
	bars,
	columns,
}: {
	title: string
	description: string
	bars: Bar[]
	columns: [string, string]
}) {
	const id = useId()
	const max = Math.max(1, ...bars.map((b) => b.value))
	const slot = (W - PAD.left - PAD.right) / Math.max(1, bars.length)
	const height = (v: number) => (v / max) * (H - PAD.top - PAD.bottom)
	const labelEvery = Math.ceil(bars.length / 6)
	return (
		<figure className="rounded-xl p-4 ring-1 ring-slate-200">
			<figcaption className="font-display text-lg font-bold text-pond-900">{title}</figcaption>
			{bars.length === 0 ? (
				<p className="mt-2 text-slate-700">Nothing in this period.</p>
			) : (
				<ChartSvg id={id} width={W} height={H} title={title} description={description}>
					<line
						x1={PAD.left}
						x2={W - PAD.right}
						y1={H - PAD.bottom}
						y2={H - PAD.bottom}
						stroke="#94a3b8"
					/>
					{bars.map((bar, i) => {
						const x = PAD.left + i * slot + slot * 0.15
						const h = height(bar.value)
						return (
							<g key={bar.label}>
								<rect
									x={x}
									y={H - PAD.bottom - h}
									width={slot * 0.7}
									height={h}
									rx="2"
									className="text-pond-600"
									fill="currentColor"
								/>
								{i % labelEvery === 0 ? (
									<text
										x={x + slot * 0.35}
										y={H - 6}
										fontSize="18"
										textAnchor="middle"
										fill="#475569"
									>
										{bar.label}
									</text>
								) : null}
							</g>
						)
					})}
				</ChartSvg>
			)}
			<table className="sr-only">
				<caption>{title}</caption>
				<thead>
					<tr>
						<th scope="col">{columns[0]}</th>
						<th scope="col">{columns[1]}</th>
					</tr>
				</thead>
				<tbody>
					{bars.map((bar) => (
						<tr key={bar.label}>
							<th scope="row">{bar.label}</th>
							<td>{bar.text}</td>
						</tr>
					))}
				</tbody>
			</table>
		</figure>
	)
}
