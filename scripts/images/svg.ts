// Small helpers for writing SVG by hand: number formatting, smooth outlines and colour maths.
import type { Rng } from './random'

export type Pt = readonly [number, number]

/** One decimal is invisible at these sizes and keeps the SVG strings short. */
export const n = (v: number) => (Math.round(v * 10) / 10).toString()
/** Three decimals, for scale factors and opacities. */
export const n3 = (v: number) => (Math.round(v * 1000) / 1000).toString()

export const polygon = (points: readonly Pt[]) =>
	`M${points.map(([x, y]) => `${n(x)},${n(y)}`).join(' L')} Z`

/** A Catmull-Rom spline through the points, as cubic Béziers: organic outlines from a few points. */
export function smoothPath(points: readonly Pt[], closed = true) {
	const count = points.length
	const at = (i: number) =>
		points[closed ? (i + count) % count : Math.max(0, Math.min(count - 1, i))] as Pt
	let d = `M${n(at(0)[0])},${n(at(0)[1])}`
	for (let i = 0; i < (closed ? count : count - 1); i++) {
		const [p0, p1, p2, p3] = [at(i - 1), at(i), at(i + 1), at(i + 2)]
		const c1 = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6] as const
		const c2 = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6] as const
		d += ` C${n(c1[0])},${n(c1[1])} ${n(c2[0])},${n(c2[1])} ${n(p2[0])},${n(p2[1])}`
	}
	return closed ? `${d} Z` : d
}

/** An irregular closed blob around the origin (stones, foliage, colour patches). */
export function blobPath(r: Rng, rx: number, ry: number, points = 8, jitter = 0.18) {
	const start = r.range(0, Math.PI * 2)
	return smoothPath(
		Array.from({ length: points }, (_, i) => {
			const a = start + (i / points) * Math.PI * 2
			const k = 1 + r.range(-jitter, jitter)
			return [Math.cos(a) * rx * k, Math.sin(a) * ry * k] as const
		}),
	)
}

const rgb = (hex: string) => {
	const v = Number.parseInt(hex.slice(1), 16)
	return [(v >> 16) & 255, (v >> 8) & 255, v & 255] as const
}
const hex = (c: readonly number[]) =>
	`#${c
		.map((v) =>
			Math.round(Math.max(0, Math.min(255, v)))
				.toString(16)
				.padStart(2, '0'),
		)
		.join('')}`

/** Linear blend of two #rrggbb colours. */
export function mix(a: string, b: string, t: number) {
	const [ca, cb] = [rgb(a), rgb(b)]
	return hex(ca.map((v, i) => v + ((cb[i] ?? 0) - v) * t))
}

/** Lighten (amount > 0) towards white or darken (amount < 0) towards black. */
export const shade = (colour: string, amount: number) =>
	amount >= 0 ? mix(colour, '#ffffff', amount) : mix(colour, '#000000', -amount)

/** The same colour, slightly different: no two stones or bricks are identical. */
export const vary = (r: Rng, colour: string, amount = 0.08) =>
	shade(colour, r.range(-amount, amount))

/**
 * A soft-edged stroke from three nested strokes: looks like a blurred line at a fraction of the
 * cost of an SVG blur filter (each filter renders a canvas-sized intermediate surface).
 */
export const softStroke = (d: string, colour: string, width: number, opacity: number) =>
	[1, 0.6, 0.3]
		.map(
			(k) =>
				`<path d="${d}" fill="none" stroke="${colour}" stroke-opacity="${n3(opacity / 3)}" stroke-width="${n(width * k)}" stroke-linejoin="round"/>`,
		)
		.join('')
