// The pond's water: depth gradient, koi under the surface, sky sheen, glints, ripples and lilies.
// Everything is clipped to the water outline so the caller only supplies shape and placement.
import type { Ctx } from './garden'
import { koiSvg } from './koi'
import { lilyPad, waterLily } from './plants'
import { n, n3, softStroke } from './svg'

export type WaterPalette = { deep: string; mid: string; sky: string }

export type Pond = {
	/** Screen outline of the water surface. */
	path: string
	/** Screen bounding box of the outline. */
	box: { top: number; bottom: number; left: number; right: number }
	/** Height of the surface above the garden, in metres. */
	level: number
	/** A random ground point (x, z) on the water, `margin` (0–1) keeping it off the edges. */
	sample: (margin: number) => { x: number; z: number }
	palette: WaterPalette
}

export function waterSurface(
	c: Ctx,
	pond: Pond,
	id: string,
	options: { koi: number; lilies: number; reflections?: string },
) {
	const { r, cam } = c
	const { box, palette } = pond
	const height = box.bottom - box.top
	const width = box.right - box.left
	c.defs.push(
		`<clipPath id="${id}-clip"><path d="${pond.path}"/></clipPath>`,
		// Far water mirrors the bright sky, near water shows the dark depths (Fresnel, roughly).
		`<linearGradient id="${id}-depth" gradientUnits="userSpaceOnUse" x1="0" y1="${n(box.top)}" x2="0" y2="${n(box.bottom)}"><stop offset="0" stop-color="${palette.sky}"/><stop offset="0.4" stop-color="${palette.mid}"/><stop offset="1" stop-color="${palette.deep}"/></linearGradient>`,
		`<linearGradient id="${id}-sheen" gradientUnits="userSpaceOnUse" x1="0" y1="${n(box.top)}" x2="0" y2="${n(box.bottom)}"><stop offset="0" stop-color="#fff" stop-opacity="0.22"/><stop offset="0.45" stop-color="#fff" stop-opacity="0.04"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient>`,
	)
	const out = [
		`<path d="${pond.path}" fill="url(#${id}-depth)"/>`,
		// Darker along the far bank: the bank and planting reflected in the water.
		`<ellipse cx="${n((box.left + box.right) / 2)}" cy="${n(box.top)}" rx="${n(width * 0.6)}" ry="${n(height * 0.14)}" fill="url(#bank-shade)"/>`,
	]

	// Koi: a shared school heading so most swim the same way, like a real pond.
	const heading = r.range(0, 360)
	const fish: { depth: number; svg: string }[] = []
	const placed: { x: number; z: number }[] = []
	for (let i = 0; i < options.koi; i++) {
		// Keep fish apart: the best of a few tries, farthest from those already placed.
		let best = pond.sample(0.78)
		let room = 0
		for (let k = 0; k < 8; k++) {
			const spot = pond.sample(0.78)
			const gap = Math.min(99, ...placed.map((f) => Math.hypot(f.x - spot.x, f.z - spot.z)))
			if (gap > room) [best, room] = [spot, gap]
		}
		placed.push(best)
		const { x, z } = best
		const p = cam.project(x, pond.level, z)
		const len = r.range(0.38, 0.7) * cam.scale(p.depth)
		const squash = cam.squash(x, z)
		const angle = r.chance(0.75) ? heading + r.range(-45, 45) : r.range(0, 360)
		c.defs.push(`<g id="${id}-koi${i}">${koiSvg(r, `${id}-koi${i}-clip`)}</g>`)
		const place = (dx: number, dy: number) =>
			`transform="translate(${n(p.x + dx)},${n(p.y + dy)}) scale(${n3(len / 100)},${n3((len / 100) * squash)}) rotate(${n(angle)})"`
		fish.push({
			depth: p.depth,
			// A soft shadow on the pond floor, offset away from the sun, then the fish itself.
			svg: `<g ${place(c.sun * len * 0.12, len * 0.12)}><ellipse cx="-5" rx="58" ry="17" fill="url(#koi-shadow)"/></g><use href="#${id}-koi${i}" ${place(0, 0)} opacity="${n3(r.range(0.82, 0.96))}"/>`,
		})
	}
	out.push(
		...fish.sort((a, b) => b.depth - a.depth).map((f) => f.svg),
		`<path d="${pond.path}" fill="url(#${id}-sheen)"/>`,
		options.reflections ?? '',
	)

	// Glints: short bright dashes, denser and finer towards the far side.
	const glints: string[] = []
	for (let i = 0; i < 90; i++) {
		const { x, z } = pond.sample(0.95)
		const p = cam.project(x, pond.level, z)
		const s = cam.scale(p.depth)
		const len = s * r.range(0.04, 0.16)
		glints.push(`M${n(p.x - len / 2)},${n(p.y)} q${n(len / 2)},${n(-len * 0.08)} ${n(len)},0`)
	}
	out.push(
		`<path d="${glints.join(' ')}" fill="none" stroke="#fff" stroke-opacity="0.16" stroke-width="${n(Math.max(1, cam.width / 1000))}" stroke-linecap="round"/>`,
	)
	// Rings where a fish has just touched the surface.
	for (let i = 0; i < r.int(0, 2); i++) {
		const { x, z } = pond.sample(0.7)
		const p = cam.project(x, pond.level, z)
		const s = cam.scale(p.depth)
		const squash = cam.squash(x, z)
		for (let k = 1; k <= 3; k++) {
			const rad = s * 0.06 * k
			out.push(
				`<ellipse cx="${n(p.x)}" cy="${n(p.y)}" rx="${n(rad)}" ry="${n(rad * squash)}" fill="none" stroke="#fff" stroke-opacity="${n(0.3 / k)}" stroke-width="${n(Math.max(1, s * 0.006))}"/>`,
			)
		}
	}

	// Lily pads in clusters, a few in flower.
	const pads: { depth: number; svg: string }[] = []
	for (let cluster = 0; cluster < options.lilies; cluster++) {
		const centre = pond.sample(0.85)
		for (let i = 0; i < r.int(3, 7); i++) {
			const x = centre.x + r.range(-0.35, 0.35)
			const z = centre.z + r.range(-0.25, 0.25)
			const p = cam.project(x, pond.level, z)
			const s = cam.scale(p.depth)
			const squash = cam.squash(x, z)
			const radius = s * r.range(0.07, 0.13)
			pads.push({
				depth: p.depth,
				svg: `<g transform="translate(${n(p.x)},${n(p.y)}) scale(1,${n3(squash)})">${lilyPad(r, radius)}</g>${
					r.chance(0.3)
						? `<g transform="translate(${n(p.x)},${n(p.y - radius * 0.2)}) scale(1,${n3(Math.min(1, squash + 0.25))})">${waterLily(r, radius * 0.55)}</g>`
						: ''
				}`,
			})
		}
	}
	out.push(...pads.sort((a, b) => b.depth - a.depth).map((p) => p.svg))
	// The edge of the water sits in the shadow of the bank.
	out.push(softStroke(pond.path, '#061010', cam.width / 50, 0.6))
	return `<g clip-path="url(#${id}-clip)">${out.join('')}</g>`
}

/**
 * Shared paint for the water; put once in the document's <defs>. `blur-m` blurs in sRGB: for
 * reflections and shadows it looks the same as in linear light (a mean difference of 0.14 in 255
 * on a raised pond) and librsvg skips converting the filter's canvas to linear light and back.
 */
export function waterDefs(width: number) {
	return `<radialGradient id="koi-shadow"><stop offset="0" stop-color="#020a0a" stop-opacity="0.4"/><stop offset="1" stop-color="#020a0a" stop-opacity="0"/></radialGradient>
<radialGradient id="bank-shade"><stop offset="0" stop-color="#10200f" stop-opacity="0.4"/><stop offset="1" stop-color="#10200f" stop-opacity="0"/></radialGradient>
<filter id="blur-m" x="-10%" y="-10%" width="120%" height="120%" color-interpolation-filters="sRGB"><feGaussianBlur stdDeviation="${n(width / 200)}"/></filter>`
}
