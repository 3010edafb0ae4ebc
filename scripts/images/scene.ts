// Photograph-like garden pond scenes, painted as SVG from a seed. The garden is laid out in
// metres and seen through a camera (./camera), so each seed varies the viewpoint as well as the
// pond, planting, fish and colours. The portfolio reuses this to make many distinct "photos".
import sharp from 'sharp'
import { camera } from './camera'
import {
	type Backdrop,
	backdrop,
	type Ctx,
	lawn,
	type Masonry,
	nearZ,
	paving,
	quad,
	rock,
} from './garden'
import { KOI_DEFS } from './koi'
import { toPixels } from './pixels'
import { broadLeaves, bulrushes, grasses, reeds, shrub } from './plants'
import { raisedPond } from './raised'
import { type Rng, rng } from './random'
import { mix, n, n3, type Pt, shade, smoothPath, softStroke } from './svg'
import { type Pond, type WaterPalette, waterDefs, waterSurface } from './water'

export const SCENE_STYLES = [
	'natural',
	'raised-brick',
	'raised-stone',
	'modern',
	'wildlife',
] as const
export type SceneStyle = (typeof SCENE_STYLES)[number]
/** Camera distance: water filling the frame, the pond in its garden, or the whole garden. */
export type Shot = 'close' | 'medium' | 'wide'
export type SceneOptions = {
	seed: number
	width: number
	height: number
	style: SceneStyle
	shot?: Shot
}

const SHOTS: Record<Shot, Record<'pitch' | 'fov' | 'fill' | 'at', readonly [number, number]>> = {
	close: { pitch: [40, 55], fov: [50, 60], fill: [1.05, 1.3], at: [0.5, 0.56] },
	medium: { pitch: [19, 26], fov: [52, 62], fill: [0.6, 0.8], at: [0.6, 0.66] },
	wide: { pitch: [11, 16], fov: [58, 68], fill: [0.45, 0.6], at: [0.66, 0.72] },
}

const WATERS: WaterPalette[] = [
	{ deep: '#0a2426', mid: '#1b4643', sky: '#8da9a3' },
	{ deep: '#0b2b38', mid: '#1f5564', sky: '#a0bec6' },
	{ deep: '#12291a', mid: '#2b5233', sky: '#98ae8f' },
	{ deep: '#1b2215', mid: '#3b472a', sky: '#a6aa8e' },
	{ deep: '#0d2739', mid: '#265371', sky: '#abc4d6' },
]
const STONES = [
	'#a69c8a',
	'#8d8c88',
	'#b3a48a',
	'#70757a',
	'#8a7b68',
	'#c5bcaa',
	'#7d8468',
] as const
const LAWNS = ['#4f7a2f', '#5a8436', '#46702c', '#62883a'] as const
const SLAB_SIZES = [
	[0.6, 0.6],
	[0.9, 0.6],
	[0.6, 0.3],
] as const
const SLABS = ['#b8b0a0', '#a39d92', '#c4b59a', '#8f9297', '#6f7378', '#d0c8b8'] as const

type Plan = {
	shots: readonly Shot[]
	backdrops: readonly Backdrop[]
	ground: 'lawn' | 'paving' | 'meadow' | 'either'
	waters: readonly number[]
	koi: readonly [number, number]
	lilies: readonly [number, number]
	walls?: Masonry
}
const PLANS: Record<SceneStyle, Plan> = {
	natural: {
		shots: ['close', 'medium', 'medium', 'wide'],
		backdrops: ['hedge', 'fence', 'wall', 'hedge'],
		ground: 'lawn',
		waters: [0, 1, 2, 4],
		koi: [3, 7],
		lilies: [1, 3],
	},
	wildlife: {
		shots: ['close', 'medium', 'wide'],
		backdrops: ['hedge', 'wall', 'fence'],
		ground: 'meadow',
		waters: [2, 3],
		koi: [3, 4],
		lilies: [2, 4],
	},
	'raised-stone': {
		shots: ['medium', 'medium', 'wide'],
		backdrops: ['hedge', 'wall', 'fence'],
		ground: 'either',
		waters: [0, 1, 4],
		koi: [4, 7],
		lilies: [0, 1],
		walls: 'stone',
	},
	'raised-brick': {
		shots: ['medium', 'wide'],
		backdrops: ['house', 'fence', 'hedge'],
		ground: 'paving',
		waters: [0, 1, 2],
		koi: [4, 7],
		lilies: [0, 1],
		walls: 'brick',
	},
	modern: {
		shots: ['medium', 'wide'],
		backdrops: ['slats', 'house', 'slats'],
		ground: 'paving',
		waters: [0, 1, 4],
		koi: [4, 7],
		lilies: [0, 0],
		walls: 'render',
	},
}

type Sprite = { depth: number; svg: string; x: number; y: number; reflect?: boolean }

/** An SVG "photograph" of a garden pond; the same options always give the same picture. */
export function pondSceneSvg(options: SceneOptions) {
	const { seed, width: w, height: h, style } = options
	const r = rng(seed * 7919 + SCENE_STYLES.indexOf(style) * 104729)
	const plan = PLANS[style]
	const shot = options.shot ?? r.pick(plan.shots)
	const range = (k: 'pitch' | 'fov' | 'fill' | 'at') => r.range(...SHOTS[shot][k])
	// Raised ponds are shot from higher up (from the house steps, say) and a little wider, or the
	// walls would hide the water.
	const cam = camera({
		width: w,
		height: h,
		eye: plan.walls ? r.range(2, 2.4) : r.range(1.5, 1.9),
		pitch: range('pitch') + (plan.walls ? 4 : 0),
		fov: range('fov') + (plan.walls ? 6 : 0),
	})
	const c: Ctx = { r, cam, defs: [], sun: r.chance(0.5) ? 1 : -1 }

	// Where the pond sits: on a chosen screen point, sized against the visible ground width.
	const row = h * range('at')
	const centre = cam.ground(w * r.range(0.42, 0.58), row) ?? { x: 0, z: 6 }
	const halfView = (cam.ground(w, row)?.x ?? 3) - (cam.ground(w / 2, row)?.x ?? 0)
	const a = halfView * range('fill') * (plan.walls ? 0.85 : 1)
	const frontRoom = centre.z - nearZ(cam) - 0.4
	const b = shot === 'close' ? a * r.range(0.55, 0.8) : Math.min(a * r.range(0.5, 0.85), frontRoom)
	const zBack = centre.z + b + r.range(1.2, 4)
	const sprites: Sprite[] = []
	const stoneColours = [r.pick(STONES), r.pick(STONES), r.pick(STONES)]
	c.defs.push(
		...stoneColours.map(
			(s, i) =>
				`<radialGradient id="stone${i}" cx="0.38" cy="0.3" r="0.75"><stop offset="0" stop-color="${shade(s, 0.22)}"/><stop offset="0.55" stop-color="${s}"/><stop offset="1" stop-color="${shade(s, -0.4)}"/></radialGradient>`,
		),
	)
	c.defs.push(speckle(r, Math.max(16, w / 60)))
	const stoneAt = (x: number, z: number, size: number) => {
		const p = cam.project(x, 0, z)
		const s = cam.scale(p.depth)
		const squash = cam.squash(x, z)
		const height = size * r.range(0.3, 0.55)
		const screenH = s * (size * 0.6 * squash + height * Math.sqrt(1 - squash * squash))
		sprites.push({
			depth: p.depth,
			x: p.x,
			y: p.y,
			svg: `<g transform="translate(${n(p.x)},${n(p.y)})">${rock(r, size * s, screenH, `stone${r.int(0, 2)}`)}</g>`,
		})
	}
	const plantAt = (x: number, z: number, draw: (s: number) => string, reflect = false) => {
		const p = cam.project(x, 0, z)
		sprites.push({
			depth: p.depth,
			x: p.x,
			y: p.y,
			reflect,
			svg: `<g transform="translate(${n(p.x)},${n(p.y)})">${draw(cam.scale(p.depth))}</g>`,
		})
	}

	// Ground: lawn, meadow or paving, up to the boundary.
	const groundKind = plan.ground === 'either' ? (r.chance(0.5) ? 'lawn' : 'paving') : plan.ground
	// Raised ponds are often set at an angle to the camera; the patio is laid square to them.
	const turn =
		plan.walls && r.chance(0.75) ? (r.range(8, 28) * (r.chance(0.5) ? 1 : -1) * Math.PI) / 180 : 0
	const slab = r.pick(SLAB_SIZES)
	const grass = groundKind === 'meadow' ? mix(r.pick(LAWNS), '#8a8a3a', 0.25) : r.pick(LAWNS)
	const ground =
		groundKind === 'paving'
			? paving(c, zBack, r.pick(SLABS), slab, { turn, pivot: centre })
			: lawn(c, zBack, grass)
	const far = backdrop(c, zBack, r.pick(plan.backdrops))

	// The pond itself: an organic liner pond, or a raised box with masonry walls.
	const picked = WATERS[r.pick(plan.waters)] as WaterPalette
	// Looking steeply down, water reflects less sky and shows more of its depth.
	const palette = shot === 'close' ? { ...picked, sky: mix(picked.sky, picked.mid, 0.55) } : picked
	const koi = shot === 'close' ? r.int(5, 8) : r.int(...plan.koi)
	const lilies = r.int(...plan.lilies)
	let water = ''
	if (plan.walls) {
		const svg = raisedPond(c, {
			masonry: plan.walls,
			centre,
			halfWidth: a,
			halfDepth: b,
			turn,
			palette,
			koi,
			lilies,
		})
		sprites.push({ depth: cam.project(centre.x, 0, centre.z).depth, x: 0, y: 0, svg })
		// A turned box reaches further sideways and backwards: keep the planting clear of it.
		const [cos, sin] = [Math.cos(turn), Math.abs(Math.sin(turn))]
		garden(c, style, centre, a * cos + b * sin, b * cos + a * sin, zBack, plantAt)
	} else {
		const outline = organicOutline(c, centre, a, b)
		const pts = quad(cam, outline, -0.04)
		const pond: Pond = {
			path: smoothPath(pts),
			box: bounds(pts),
			level: -0.04,
			palette,
			sample: (margin) => {
				const [x, z] = outline[r.int(0, outline.length - 1)] as Pt
				const f = Math.sqrt(r.next()) * margin
				return { x: centre.x + (x - centre.x) * f, z: centre.z + (z - centre.z) * f }
			},
		}
		edging(c, style, outline, centre, stoneAt, plantAt)
		garden(c, style, centre, a, b, zBack, plantAt)
		// Mirror images of the far-bank planting, upside down about their base, in the water.
		const reflections = sprites
			.filter((s) => s.reflect)
			.map(
				(s) => `<g opacity="0.3" transform="translate(0,${n(2 * s.y)}) scale(1,-1)">${s.svg}</g>`,
			)
			.join('')
		// The pond is sunk into the lawn: a dark, soft margin of bare soil and shade around it.
		const margin = softStroke(pond.path, '#1d2414', w / 40, 0.5)
		water =
			margin +
			waterSurface(c, pond, 'pond', {
				koi,
				lilies,
				reflections: `<g filter="url(#blur-m)">${reflections}</g>`,
			})
	}

	const standing = sprites.sort((p, q) => q.depth - p.depth).map((s) => s.svg)
	const near = foreground(c, style, shot)
	const light = lighting(c)
	// The backdrop's depth-of-field blur is in sRGB, like blur-m (waterDefs): the same look for
	// about 14 % less rasterising time.
	return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><defs>${KOI_DEFS}${waterDefs(w)}<filter id="dof" x="-5%" y="-5%" width="110%" height="110%" color-interpolation-filters="sRGB"><feGaussianBlur stdDeviation="${n(w / 350)}"/></filter><filter id="dof-near" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="${n(w / 120)}"/></filter>${c.defs.join('')}</defs><g filter="url(#dof)">${far}</g>${ground}${water}${standing.join('')}${near}${light}</svg>`
}

/**
 * Rasterise a scene with a photographic finish: the softness of a real lens and a little sensor
 * grain, which also hides the banding of large flat gradients. Returns raw pixels.
 */
export async function renderPondScene(options: SceneOptions) {
	return toPixels(
		sharp(Buffer.from(pondSceneSvg(options)))
			.blur(Math.max(0.3, options.width / 2400))
			.composite([{ ...(await grain(options.seed)), tile: true, blend: 'soft-light' }]),
	)
}

/** A seeded tile of soft grey noise (libvips' own noise is not repeatable between runs). */
async function grain(seed: number) {
	const size = 256
	const r = rng(seed)
	const data = Buffer.alloc(size * size * 3)
	// The sum of three uniforms is close enough to Gaussian for film grain.
	for (let i = 0; i < data.length; i++) data[i] = 128 + (r.next() + r.next() + r.next() - 1.5) * 18
	const raw = { width: size, height: size, channels: 3 as const }
	return { input: await sharp(data, { raw }).blur(0.5).raw().toBuffer(), raw }
}

/** Fine light and dark flecks laid over rocks, so they read as stone rather than plastic. */
function speckle(r: Rng, tile: number) {
	const dots = Array.from(
		{ length: 40 },
		(_, i) =>
			`<circle cx="${n(r.range(0, tile))}" cy="${n(r.range(0, tile))}" r="${n(r.range(0.02, 0.05) * tile)}" fill="${i % 2 ? '#000' : '#fff'}" fill-opacity="${n3(r.range(0.06, 0.18))}"/>`,
	)
	return `<pattern id="speckle" patternUnits="userSpaceOnUse" width="${n(tile)}" height="${n(tile)}">${dots.join('')}</pattern>`
}

function bounds(pts: readonly Pt[]) {
	const xs = pts.map((p) => p[0])
	const ys = pts.map((p) => p[1])
	return {
		left: Math.min(...xs),
		right: Math.max(...xs),
		top: Math.min(...ys),
		bottom: Math.max(...ys),
	}
}

/** A pond outline on the ground: an ellipse bent by a few random waves (kidney, bean, pear…). */
function organicOutline(c: Ctx, centre: { x: number; z: number }, a: number, b: number) {
	const { r } = c
	const waves = [1, 2, 3].map((k) => ({ k, amp: r.range(0, 0.16 / k), phase: r.range(0, 6.3) }))
	return Array.from({ length: 36 }, (_, i): Pt => {
		const t = (i / 36) * Math.PI * 2
		const k = 1 + waves.reduce((sum, w) => sum + w.amp * Math.sin(w.k * t + w.phase), 0)
		return [centre.x + Math.cos(t) * a * k, centre.z + Math.sin(t) * b * k]
	})
}

type Place = (x: number, z: number, draw: (s: number) => string, reflect?: boolean) => void

/** Rocks around the rim with planting pockets; wildlife ponds get more plants and a pebble beach. */
function edging(
	c: Ctx,
	style: SceneStyle,
	outline: readonly Pt[],
	centre: { x: number; z: number },
	stoneAt: (x: number, z: number, size: number) => void,
	plantAt: Place,
) {
	const { r } = c
	const wild = style === 'wildlife'
	const pockets = Array.from({ length: r.int(2, wild ? 6 : 4) }, () => r.range(0, 1))
	const count = outline.length
	for (let i = 0; i < count * 3; i++) {
		const t = i / (count * 3)
		const inPocket = pockets.some((p) => Math.abs(((t - p + 1.5) % 1) - 0.5) < (wild ? 0.08 : 0.05))
		const p0 = outline[Math.floor(t * count) % count] as Pt
		const p1 = outline[(Math.floor(t * count) + 1) % count] as Pt
		const f = t * count - Math.floor(t * count)
		const x = p0[0] + (p1[0] - p0[0]) * f
		const z = p0[1] + (p1[1] - p0[1]) * f
		// Push rim objects slightly outwards so they straddle the water's edge.
		const [dx, dz] = [x - centre.x, z - centre.z]
		const len = Math.hypot(dx, dz) || 1
		const out = (m: number) => [x + (dx / len) * m, z + (dz / len) * m] as const
		const isFar = z > centre.z
		if (inPocket) {
			if (i % 3 === 0) {
				const [px, pz] = out(0.05)
				// Only low plants on the near bank, so they don't hide the water.
				const front = dz < 0 && Math.abs(dx) / len < 0.75
				const kind = front ? 1 : r.next()
				plantAt(
					px,
					pz,
					(s) =>
						wild && kind < 0.35
							? bulrushes(r, s)
							: kind < 0.7
								? reeds(r, s, { flowers: r.chance(0.5) })
								: broadLeaves(r, s),
					isFar,
				)
			}
		} else if (wild && r.chance(0.5)) {
			if (i % 2 === 0) stoneAt(...out(0.05), r.range(0.08, 0.16))
		} else {
			if (r.chance(0.35)) continue
			stoneAt(...out(r.range(0, 0.18)), r.chance(0.12) ? r.range(0.35, 0.5) : r.range(0.15, 0.3))
		}
	}
}

/** Planting around the pond: shrubs behind, clumps to the sides, pots on patios. */
function garden(
	c: Ctx,
	style: SceneStyle,
	centre: { x: number; z: number },
	a: number,
	b: number,
	zBack: number,
	plantAt: Place,
) {
	const { r } = c
	const walled = style === 'raised-brick' || style === 'raised-stone' || style === 'modern'
	const flowers = ['#e86b8a', '#f2f0f4', '#8b6cc9', '#f2c94c', '#d9485f']
	const count = style === 'modern' ? r.int(3, 5) : r.int(5, 9)
	for (let i = 0; i < count; i++) {
		const behind = r.chance(0.55)
		const x = behind
			? centre.x + r.range(-1.6, 1.6) * a
			: centre.x + (r.chance(0.5) ? -1 : 1) * a * r.range(walled ? 1.5 : 1.15, 1.9)
		// Beside a raised pond, planting stays level with or behind it so it never hides the water.
		const z = behind
			? r.range(centre.z + b + 0.4, zBack - 0.2)
			: centre.z + r.range(walled ? 0.2 : -0.6, 1) * b
		const draw =
			style === 'modern'
				? (s: number) => grasses(r, s)
				: style === 'wildlife' && r.chance(0.5)
					? (s: number) => reeds(r, s, { tall: 1.2, flowers: r.chance(0.4) })
					: (s: number) => shrub(r, s, { flowers: r.chance(0.4) ? r.pick(flowers) : undefined })
		plantAt(x, z, draw, behind)
	}
	if (style === 'wildlife' || style === 'natural') {
		// Tufts and wild flowers scattered over the grass.
		for (let i = 0; i < (style === 'wildlife' ? 24 : 6); i++) {
			const x = centre.x + r.range(-2.5, 2.5) * a
			const z = r.range(centre.z - b * 1.5, zBack)
			if (Math.hypot((x - centre.x) / a, (z - centre.z) / b) < 1.25) continue
			plantAt(x, z, (s) => grasses(r, s * 0.5))
		}
	}
	if (walled) {
		// Pots or cube planters on the patio beside the pond.
		for (const side of [-1, 1]) {
			if (r.chance(0.35)) continue
			const x = centre.x + side * a * r.range(1.2, 1.6)
			const z = centre.z + r.range(-0.5, 0.8) * b
			plantAt(x, z, (s) => planter(r, s, style === 'modern'))
		}
	}
}

function planter(r: Rng, s: number, cube: boolean) {
	const w = s * r.range(0.35, 0.5)
	const h = s * r.range(0.35, 0.55)
	const colour = cube
		? r.pick(['#3d4145', '#5a5e62', '#8b8f93'])
		: r.pick(['#b5643c', '#a4552f', '#c07a4e'])
	const body = cube
		? `<rect x="${n(-w / 2)}" y="${n(-h)}" width="${n(w)}" height="${n(h)}" fill="${colour}"/><rect x="${n(-w / 2)}" y="${n(-h)}" width="${n(w * 0.3)}" height="${n(h)}" fill="#fff" fill-opacity="0.08"/>`
		: `<path d="M${n(-w / 2)},${n(-h)} L${n(w / 2)},${n(-h)} L${n(w * 0.38)},0 L${n(-w * 0.38)},0 Z" fill="${colour}"/><rect x="${n(-w * 0.55)}" y="${n(-h - s * 0.05)}" width="${n(w * 1.1)}" height="${n(s * 0.07)}" rx="${n(s * 0.01)}" fill="${shade(colour, 0.1)}"/>`
	const plant = cube
		? grasses(r, s * 0.9)
		: r.chance(0.5)
			? shrub(r, s, { size: 0.3 })
			: broadLeaves(r, s)
	return `<ellipse rx="${n(w * 0.6)}" ry="${n(s * 0.05)}" fill="#000" fill-opacity="0.25"/>${body}<g transform="translate(0,${n(-h)})">${plant}</g>`
}

/** Out-of-focus leaves in a bottom corner: a cue that a camera, not a plan, took the picture. */
function foreground(c: Ctx, style: SceneStyle, shot: Shot) {
	const { r, cam } = c
	if (style === 'modern' || shot === 'wide' || r.chance(0.4)) return ''
	const side = r.chance(0.5) ? 0 : cam.width
	const s = cam.width * r.range(0.35, 0.5)
	const leaves = r.chance(0.5) ? broadLeaves(r, s) : reeds(r, s * 0.6)
	return `<g filter="url(#dof-near)" transform="translate(${n(side + (side ? -1 : 1) * cam.width * 0.04)},${n(cam.height * 1.08)})">${leaves}</g>`
}

/** Sunlight from one side, a colour grade and a lens vignette. */
function lighting(c: Ctx) {
	const { r, cam, sun } = c
	const grade = r.pick(['#ffb45a', '#6e9cc8', '#ffe2a0', '#000000'])
	c.defs.push(
		`<linearGradient id="sun" x1="${sun > 0 ? 0 : 1}" y1="0" x2="${sun > 0 ? 0.7 : 0.3}" y2="0.8"><stop offset="0" stop-color="#fff4d8" stop-opacity="0.28"/><stop offset="1" stop-color="#fff4d8" stop-opacity="0"/></linearGradient>`,
		`<radialGradient id="vignette" cx="0.5" cy="0.5" r="0.75"><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.38"/></radialGradient>`,
	)
	return `<rect width="${cam.width}" height="${cam.height}" fill="url(#sun)"/><rect width="${cam.width}" height="${cam.height}" fill="${grade}" fill-opacity="0.05"/><rect width="${cam.width}" height="${cam.height}" fill="url(#vignette)"/>`
}
