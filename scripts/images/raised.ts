// Raised ponds: a box of brick, coursed stone, render or porcelain panels with a coping frame
// on top and the water just below it. The box may be turned against the camera, which shows
// two walls at once and reads far more like a photograph than a head-on elevation.
import { type Ctx, type Masonry, quad, wallFace } from './garden'
import { n, type Pt, polygon, shade } from './svg'
import { type Pond, type WaterPalette, waterSurface } from './water'

const WALLING = ['#b3a48a', '#a39b8f', '#c2b59c', '#8f8a84', '#a8957a'] as const
const PANELS = ['#3b3e42', '#54585d', '#6b6660', '#8a8781'] as const
const BRICKS = ['#9a4a33', '#a85a3c', '#8a3f2c', '#b0744e', '#7e4634'] as const
const RENDERS = ['#e8e4dc', '#d7d4cd', '#bfbcb6', '#4a4d50', '#f0ede6'] as const

export type RaisedPond = {
	masonry: Masonry
	centre: { x: number; z: number }
	halfWidth: number
	halfDepth: number
	/** Rotation about the vertical axis, in radians. */
	turn: number
	palette: WaterPalette
	koi: number
	lilies: number
}

/** The whole raised pond as SVG, plus its outer footprint (for keeping planting clear of it). */
export function raisedPond(c: Ctx, p: RaisedPond) {
	const { r, cam, sun } = c
	const modern = p.masonry === 'render'
	const thick = modern ? r.range(0.12, 0.2) : r.range(0.2, 0.28)
	// Keep a decent stretch of open water inside the walls, whatever the framing.
	const a = Math.max(p.halfWidth, thick + 0.7)
	const b = Math.max(p.halfDepth, thick + 0.55)
	const [cos, sin] = [Math.cos(p.turn), Math.sin(p.turn)]
	const at = (u: number, v: number): Pt => [
		p.centre.x + u * cos - v * sin,
		p.centre.z + u * sin + v * cos,
	]
	/** Corners of a centred rectangle, near edge first, going round. */
	const rect = (hu: number, hv: number) => [at(-hu, -hv), at(hu, -hv), at(hu, hv), at(-hu, hv)]

	// Modern ponds are either smooth-rendered or clad in large porcelain panels.
	const kind: Masonry = modern && r.chance(0.45) ? 'panels' : p.masonry
	const wall = r.pick(
		{ brick: BRICKS, stone: WALLING, panels: PANELS, render: RENDERS }[kind] as readonly string[],
	)
	const height = r.range(0.45, modern ? 0.85 : 0.7)
	const coping = modern
		? r.pick(['#3a3d40', '#5c6066', shade(wall, 0.08)])
		: r.pick(['#c9c1b2', '#b5ad9f', '#9c968c'])
	const cap = modern ? 0.03 : 0.05
	const over = modern ? 0.01 : 0.035
	const top = height + cap

	// Sunlight comes from one side and a little behind: faces turned to it are lighter.
	const sunDir = [-sun * 0.85, 0.5] as const
	const faces = (corners: Pt[]) =>
		corners
			.map((from, i) => ({ from, to: corners[(i + 1) % 4] as Pt }))
			.filter(({ from, to }) => {
				// Visible when the camera (at the origin) and the box lie on opposite sides.
				const side = (q: Pt) =>
					(to[0] - from[0]) * (q[1] - from[1]) - (to[1] - from[1]) * (q[0] - from[0])
				return side([0, 0]) * side([p.centre.x, p.centre.z]) < 0
			})
			.map(({ from, to }) => {
				const len = Math.hypot(to[0] - from[0], to[1] - from[1])
				let normal = [(to[1] - from[1]) / len, -(to[0] - from[0]) / len] as const
				// Point the normal outwards, away from the middle of the box.
				if (normal[0] * (p.centre.x - from[0]) + normal[1] * (p.centre.z - from[1]) > 0)
					normal = [-normal[0], -normal[1]]
				const facing = normal[0] * sunDir[0] + normal[1] * sunDir[1]
				return { from, to, light: facing * 0.14 - 0.06 }
			})

	// A soft shadow on the ground, away from the sun.
	const [sx, sz] = [sun * height * 0.5, -height * 0.15]
	const footprint = rect(a, b).map(([x, z]): Pt => [x + sx, z + sz])
	const out = [
		`<path d="${polygon(quad(cam, footprint))}" fill="#000" fill-opacity="0.28" filter="url(#blur-m)"/>`,
	]
	for (const f of faces(rect(a, b))) {
		out.push(
			wallFace(c, f.from, f.to, 0, height, kind, wall, f.light),
			// Shadow under the coping's overhang.
			`<path d="${polygon(quad(cam, [f.from, f.to], height - 0.04).concat(quad(cam, [f.to, f.from], height)))}" fill="#000" fill-opacity="0.18"/>`,
		)
	}
	for (const f of faces(rect(a + over, b + over)))
		out.push(wallFace(c, f.from, f.to, height, top, 'render', coping, f.light - 0.04))

	const outer = quad(cam, rect(a + over, b + over), top)
	const inner = quad(cam, rect(a - thick, b - thick), top)
	out.push(`<path d="${polygon(outer)} ${polygon(inner)}" fill-rule="evenodd" fill="${coping}"/>`)
	if (!modern) {
		// Joints between the coping slabs, on all four sides.
		const joints: string[] = []
		const joint = (u0: number, v0: number, u1: number, v1: number) =>
			joints.push(polygon(quad(cam, [at(u0, v0), at(u1, v0), at(u1, v1), at(u0, v1)], top)))
		for (let u = -a + 0.6; u < a - 0.2; u += 0.6) {
			joint(u, -b - over, u + 0.008, -b + thick)
			joint(u, b - thick, u + 0.008, b + over)
		}
		for (let v = -b + 0.6; v < b - 0.2; v += 0.6) {
			joint(-a - over, v, -a + thick, v + 0.008)
			joint(a - thick, v, a + over, v + 0.008)
		}
		out.push(`<path d="${joints.join(' ')}" fill="#000" fill-opacity="0.3"/>`)
	}

	// Inside: the far inner walls show above the water, in shadow and wet.
	const level = height - 0.09
	const waterPts = quad(cam, rect(a - thick, b - thick), level)
	const xs = waterPts.map((q) => q[0])
	const ys = waterPts.map((q) => q[1])
	const pond: Pond = {
		path: polygon(waterPts),
		box: {
			left: Math.min(...xs),
			right: Math.max(...xs),
			top: Math.min(...ys),
			bottom: Math.max(...ys),
		},
		level,
		palette: p.palette,
		sample: (margin) => {
			const [x, z] = at(
				r.range(-1, 1) * (a - thick) * margin,
				r.range(-1, 1) * (b - thick) * margin,
			)
			return { x, z }
		},
	}
	c.defs.push(`<clipPath id="opening"><path d="${polygon(inner)}"/></clipPath>`)
	const water = waterSurface(c, pond, 'pond', { koi: p.koi, lilies: p.lilies })
	const feature = modern && r.chance(0.7) ? blade(c, at, b - thick, top, level) : ''
	out.push(
		`<g clip-path="url(#opening)"><path d="${polygon(inner)}" fill="${shade(wall, -0.55)}"/>${water}${feature}</g>`,
	)
	return out.join('')
}

/** A stainless water blade in the back wall of a modern pond: a sheet of falling water. */
function blade(c: Ctx, at: (u: number, v: number) => Pt, back: number, top: number, level: number) {
	const { cam, r } = c
	const half = r.range(0.15, 0.25)
	const lip = quad(cam, [at(-half, back), at(half, back)], top - 0.02)
	const sheet = lip.concat(quad(cam, [at(half, back - 0.1), at(-half, back - 0.1)], level))
	const steel = lip.concat(quad(cam, [at(half, back), at(-half, back)], top - 0.05))
	const [fx, fz] = at(0, back - 0.12)
	const foot = cam.project(fx, level, fz)
	const s = cam.scale(foot.depth)
	c.defs.push(
		`<radialGradient id="foam"><stop offset="0" stop-color="#fff" stop-opacity="0.75"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>`,
		`<linearGradient id="sheet" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f4fbfd" stop-opacity="0.75"/><stop offset="1" stop-color="#d8eef4" stop-opacity="0.3"/></linearGradient>`,
	)
	return `<path d="${polygon(sheet)}" fill="url(#sheet)"/><path d="${polygon(steel)}" fill="#c9cdd0"/><ellipse cx="${n(foot.x)}" cy="${n(foot.y)}" rx="${n(half * s * 1.4)}" ry="${n(s * 0.08)}" fill="url(#foam)"/>`
}
