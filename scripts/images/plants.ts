// Garden and pond plants, each drawn around its base at the origin with `s` pixels per metre,
// so the scene can place them in perspective. Many small varied shapes read as foliage.
import type { Rng } from './random'
import { blobPath, n, shade, vary } from './svg'

export const GREENS = ['#3d6b2a', '#4f7f35', '#5d8c3a', '#2f5a26', '#6e9a47', '#456f3c'] as const

/** A tapered, curving blade from (x, 0) upwards: reeds, iris and grass leaves. */
function blade(x: number, height: number, width: number, lean: number, fill: string) {
	return `<path d="M${n(x - width / 2)},0 Q${n(x + lean * 0.3 - width * 0.2)},${n(-height * 0.55)} ${n(x + lean)},${n(-height)} Q${n(x + lean * 0.3 + width * 0.2)},${n(-height * 0.55)} ${n(x + width / 2)},0 Z" fill="${fill}"/>`
}

/** Marginal clump: iris, sweet flag or rush, optionally in flower. */
export function reeds(r: Rng, s: number, options: { tall?: number; flowers?: boolean } = {}) {
	const tall = options.tall ?? 1
	const green = r.pick(GREENS)
	const out: string[] = []
	const count = r.int(12, 22)
	for (let i = 0; i < count; i++) {
		const h = s * tall * r.range(0.45, 1.1)
		out.push(
			blade(
				r.range(-0.14, 0.14) * s,
				h,
				s * r.range(0.02, 0.035),
				r.range(-0.3, 0.3) * h,
				vary(r, green, 0.18),
			),
		)
	}
	if (options.flowers) {
		const colour = r.pick(['#5b3f9c', '#6d4fb8', '#f2c230', '#4b3a8c'])
		for (let i = 0; i < r.int(2, 5); i++) {
			const x = r.range(-0.12, 0.12) * s
			const h = s * tall * r.range(0.7, 1)
			const p = s * 0.05
			out.push(
				`<path d="M${n(x)},0 L${n(x)},${n(-h)}" stroke="${shade(green, -0.1)}" stroke-width="${n(s * 0.008)}"/>`,
				`<g transform="translate(${n(x)},${n(-h)})"><ellipse cx="${n(-p * 0.6)}" cy="${n(p * 0.5)}" rx="${n(p * 0.5)}" ry="${n(p)}" transform="rotate(35)" fill="${colour}"/><ellipse cx="${n(p * 0.6)}" cy="${n(p * 0.5)}" rx="${n(p * 0.5)}" ry="${n(p)}" transform="rotate(-35)" fill="${colour}"/><ellipse cy="${n(-p * 0.6)}" rx="${n(p * 0.35)}" ry="${n(p * 0.8)}" fill="${shade(colour, 0.15)}"/><circle r="${n(p * 0.2)}" fill="#f6d24b"/></g>`,
			)
		}
	}
	return out.join('')
}

/** Bulrushes (Typha): tall straps with brown seed heads, the wildlife-pond classic. */
export function bulrushes(r: Rng, s: number) {
	const out = [reeds(r, s, { tall: 1.5 })]
	for (let i = 0; i < r.int(3, 6); i++) {
		const x = r.range(-0.15, 0.15) * s
		const h = s * r.range(1.2, 1.7)
		const lean = r.range(-0.06, 0.06) * s
		out.push(
			`<path d="M${n(x)},0 L${n(x + lean)},${n(-h)}" stroke="#6b7a3a" stroke-width="${n(s * 0.01)}"/>`,
			`<rect x="${n(x + lean - s * 0.018)}" y="${n(-h + s * 0.04)}" width="${n(s * 0.036)}" height="${n(s * 0.16)}" rx="${n(s * 0.018)}" fill="${vary(r, '#5a3a22', 0.1)}"/>`,
		)
	}
	return out.join('')
}

/** Hosta / marsh marigold style broad leaves fanning out from the crown. */
export function broadLeaves(r: Rng, s: number) {
	const green = r.pick(['#5f7f5a', '#4f8a3a', '#6f9a4a', '#5a7d6c'])
	const out: string[] = []
	for (let i = 0; i < r.int(7, 12); i++) {
		const angle = r.range(-165, -15)
		const len = s * r.range(0.22, 0.36)
		const w = len * 0.42
		const fill = vary(r, green, 0.16)
		out.push(
			`<g transform="rotate(${n(angle + 90)})"><path d="M0,0 Q${n(w)},${n(-len * 0.5)} 0,${n(-len)} Q${n(-w)},${n(-len * 0.5)} 0,0 Z" fill="${fill}"/><path d="M0,0 L0,${n(-len * 0.9)}" stroke="${shade(fill, 0.25)}" stroke-width="${n(s * 0.006)}"/></g>`,
		)
	}
	if (r.chance(0.4)) {
		const yellow = r.pick(['#f4c531', '#f7d84a'])
		for (let i = 0; i < r.int(3, 7); i++)
			out.push(
				`<circle cx="${n(r.range(-0.2, 0.2) * s)}" cy="${n(-r.range(0.1, 0.3) * s)}" r="${n(s * 0.025)}" fill="${yellow}"/>`,
			)
	}
	return out.join('')
}

/** A rounded shrub built from many small leaves, lit from the upper left. */
export function shrub(r: Rng, s: number, options: { size?: number; flowers?: string } = {}) {
	const radius = s * (options.size ?? r.range(0.35, 0.8))
	const green = r.pick(GREENS)
	// Leaves are a fixed real size, so bigger shrubs get more of them, not bigger ones.
	const leaf = s * 0.055
	const out = [
		`<ellipse cx="0" cy="${n(-radius * 0.05)}" rx="${n(radius * 1.05)}" ry="${n(radius * 0.25)}" fill="#000" fill-opacity="0.25"/>`,
		`<path transform="translate(0,${n(-radius * 0.75)})" d="${blobPath(r, radius, radius * 0.8, 9, 0.12)}" fill="${shade(green, -0.35)}"/>`,
	]
	const count = Math.min(500, Math.round(1.6 * (radius / leaf) ** 2))
	for (let i = 0; i < count; i++) {
		const a = r.range(0, Math.PI * 2)
		const d = Math.sqrt(r.next())
		const x = Math.cos(a) * d * radius * 0.95
		const y = -radius * 0.75 + Math.sin(a) * d * radius * 0.75
		// Upper-left leaves catch the light, lower-right ones sit in shade.
		const light = (-x / radius - (y + radius * 0.75) / radius) * 0.22 + (r.chance(0.15) ? -0.3 : 0)
		out.push(
			`<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(leaf * r.range(0.7, 1.2))}" ry="${n(leaf * 0.6)}" transform="rotate(${n(r.range(0, 180))} ${n(x)} ${n(y)})" fill="${vary(r, shade(green, light), 0.1)}"/>`,
		)
	}
	if (options.flowers) {
		for (let i = 0; i < count / 6; i++) {
			const a = r.range(Math.PI, Math.PI * 2)
			const d = Math.sqrt(r.next())
			out.push(
				`<circle cx="${n(Math.cos(a) * d * radius * 0.9)}" cy="${n(-radius * 0.75 + Math.sin(a) * d * radius * 0.7)}" r="${n(leaf * 0.45)}" fill="${vary(r, options.flowers, 0.12)}"/>`,
			)
		}
	}
	return out.join('')
}

/** Ornamental grass: fine arching strokes (modern gardens, pond margins). */
export function grasses(r: Rng, s: number) {
	const colour = r.pick(['#9aa05a', '#7f8f4a', '#b3ad6a', '#6f8a4f'])
	const lines: string[] = []
	for (let i = 0; i < 40; i++) {
		const h = s * r.range(0.5, 0.95)
		const lean = r.range(-0.55, 0.55) * h
		lines.push(
			`M${n(r.range(-0.06, 0.06) * s)},0 Q${n(lean * 0.2)},${n(-h * 0.8)} ${n(lean)},${n(-h * r.range(0.75, 1))}`,
		)
	}
	return `<path d="${lines.join(' ')}" fill="none" stroke="${colour}" stroke-width="${n(Math.max(1, s * 0.007))}" stroke-linecap="round"/><path d="${lines.slice(0, 14).join(' ')}" fill="none" stroke="${shade(colour, 0.3)}" stroke-width="${n(Math.max(1, s * 0.005))}" stroke-linecap="round"/>`
}

/** A floating lily pad (drawn flat; the caller squashes it for perspective). */
export function lilyPad(r: Rng, radius: number) {
	const notch = r.range(0, Math.PI * 2)
	const gap = r.range(0.08, 0.16)
	const [a1, a2] = [notch + gap, notch - gap + Math.PI * 2]
	const green = r.chance(0.06) ? '#7a4a34' : r.pick(['#3e7d32', '#4f8f3a', '#2f6b2a', '#5a8f3e'])
	const veins = Array.from({ length: 9 }, (_, i) => {
		const a = a1 + ((a2 - a1) * (i + 0.5)) / 9
		return `M0,0 L${n(Math.cos(a) * radius * 0.9)},${n(Math.sin(a) * radius * 0.9)}`
	}).join(' ')
	return `<ellipse cx="${n(radius * 0.06)}" cy="${n(radius * 0.1)}" rx="${n(radius)}" ry="${n(radius)}" fill="#000" fill-opacity="0.22"/><path d="M0,0 L${n(Math.cos(a1) * radius)},${n(Math.sin(a1) * radius)} A${n(radius)},${n(radius)} 0 1,1 ${n(Math.cos(a2) * radius)},${n(Math.sin(a2) * radius)} Z" fill="${vary(r, green, 0.1)}" stroke="${shade(green, -0.25)}" stroke-width="${n(radius * 0.04)}"/><path d="${veins}" stroke="${shade(green, 0.2)}" stroke-opacity="0.35" stroke-width="${n(radius * 0.025)}"/><ellipse cx="${n(-radius * 0.25)}" cy="${n(-radius * 0.3)}" rx="${n(radius * 0.45)}" ry="${n(radius * 0.3)}" fill="#fff" fill-opacity="0.1"/>`
}

/** A water lily flower: two rings of pointed petals around a golden centre. */
export function waterLily(r: Rng, radius: number) {
	const colour = r.pick(['#f6f1f4', '#f4b6c8', '#e77fa6', '#f7e27a', '#fbe9ef'])
	const ring = (count: number, len: number, fill: string, turn: number) =>
		Array.from(
			{ length: count },
			(_, i) =>
				`<path transform="rotate(${n((360 / count) * i + turn)})" d="M0,0 Q${n(len * 0.3)},${n(-len * 0.5)} 0,${n(-len)} Q${n(-len * 0.3)},${n(-len * 0.5)} 0,0 Z" fill="${fill}"/>`,
		).join('')
	return `<circle r="${n(radius * 0.9)}" fill="#000" fill-opacity="0.15" transform="translate(${n(radius * 0.1)},${n(radius * 0.15)})"/>${ring(10, radius, shade(colour, -0.08), 0)}${ring(8, radius * 0.75, colour, 20)}${ring(6, radius * 0.5, shade(colour, 0.3), 10)}<circle r="${n(radius * 0.18)}" fill="#f2b61f"/>`
}
