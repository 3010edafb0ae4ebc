// The garden around a pond, in perspective: sky and trees, the boundary (hedge, fence, house),
// lawn or paving, and the masonry of raised ponds.
import type { Camera } from './camera'
import { GREENS } from './plants'
import type { Rng } from './random'
import { mix, n, n3, type Pt, polygon, shade, smoothPath, vary } from './svg'

/** What every drawing step needs: randomness, the camera, and a place for shared <defs>. */
export type Ctx = { r: Rng; cam: Camera; defs: string[]; sun: 1 | -1 }

export type Backdrop = 'hedge' | 'fence' | 'slats' | 'wall' | 'house'

const STONE_WALL = ['#9b9384', '#8c8a84', '#a8957a', '#7f7a70'] as const

/** Screen polygon of a ground quad (corners given as [x, z]) at height y. */
export function quad(cam: Camera, corners: readonly Pt[], y = 0): Pt[] {
	return corners.map(([x, z]) => {
		const p = cam.project(x, y, z)
		return [p.x, p.y] as const
	})
}

/** Ground x range that is on screen at depth z (with a margin for things that overhang). */
function visibleX(cam: Camera, z: number) {
	const half = (z * cam.width) / 2 / cam.scale(cam.project(0, 0, z).depth)
	return [-half * 1.3 - 2, half * 1.3 + 2] as const
}

/** Nearest ground depth on screen (the bottom row of the picture). */
export const nearZ = (cam: Camera) =>
	Math.max(0.3, (cam.ground(cam.width / 2, cam.height)?.z ?? 1) - 0.3)

/** Sky, clouds, distant hills, trees and the garden boundary: drawn later under a blur. */
export function backdrop(c: Ctx, zb: number, kind: Backdrop) {
	const { r, cam } = c
	const { width: w, height: h } = cam
	const out: string[] = []
	const top = r.pick(['#9dbad3', '#b7cad8', '#c9d3da', '#8fb2cf'])
	c.defs.push(
		`<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${mix(top, '#f3f1ea', 0.75)}"/></linearGradient>`,
	)
	const horizon = Math.max(cam.horizon, h * 0.02)
	out.push(`<rect width="${w}" height="${n(horizon + 2)}" fill="url(#sky)"/>`)
	for (let i = 0; i < 6 && cam.horizon > 0; i++) {
		out.push(
			`<ellipse cx="${n(r.range(0, w))}" cy="${n(r.range(0, cam.horizon * 0.7))}" rx="${n(w * r.range(0.08, 0.2))}" ry="${n(h * r.range(0.02, 0.05))}" fill="#fff" fill-opacity="${n3(r.range(0.35, 0.7))}"/>`,
		)
	}
	// Highland hills on the skyline when the camera sees that far.
	if (cam.horizon > 0 && r.chance(0.7)) {
		for (const [haze, lift] of [
			[0.55, 0.09],
			[0.35, 0.05],
		] as const) {
			const pts: Pt[] = [[0, cam.horizon + 2]]
			for (let x = 0; x <= w; x += w / 8) pts.push([x, cam.horizon - h * lift * r.range(0.3, 1)])
			pts.push([w, cam.horizon + 2])
			out.push(`<path d="${polygon(pts)}" fill="${mix('#4f6a5a', top, haze)}"/>`)
		}
	}
	// Trees behind the boundary: crowns of overlapping circles, conifers for the Highlands.
	const [left, right] = visibleX(cam, zb + 4)
	for (let x = left; x < right; x += r.range(2.5, 5)) {
		const z = zb + r.range(3, 14)
		const p = cam.project(x, 0, z)
		const s = cam.scale(p.depth)
		const height = r.range(4, 11)
		const green = shade(r.pick(GREENS), -r.range(0.1, 0.35))
		if (r.chance(0.3)) {
			// A Scots pine or spruce: a ragged, narrow cone.
			const pts: Pt[] = [[p.x, p.y - height * s]]
			for (let k = 1; k <= 6; k++) {
				const y = p.y - height * s * (1 - k / 6)
				const half = height * 0.16 * s * (k / 6)
				pts.push([p.x + half, y], [p.x + half * 0.45, y - height * s * 0.03])
			}
			const left = pts.slice(1).map(([x, y]): Pt => [2 * p.x - x, y])
			out.push(`<path d="${polygon([...pts, ...left.reverse()])}" fill="${shade(green, -0.3)}"/>`)
			continue
		}
		const crown = height * 0.35 * s
		out.push(
			`<rect x="${n(p.x - s * 0.15)}" y="${n(p.y - height * s * 0.6)}" width="${n(s * 0.3)}" height="${n(height * s * 0.6)}" fill="#3b3328"/>`,
		)
		for (let i = 0; i < 14; i++) {
			out.push(
				`<circle cx="${n(p.x + r.range(-1, 1) * crown)}" cy="${n(p.y - height * s + crown + r.range(-0.8, 0.9) * crown)}" r="${n(crown * r.range(0.35, 0.6))}" fill="${vary(r, green, 0.14)}"/>`,
			)
		}
	}
	out.push(boundary(c, zb, kind))
	return out.join('')
}

/** The garden's back boundary: a vertical band at depth zb, facing the camera. */
function boundary(c: Ctx, zb: number, kind: Backdrop) {
	const { r, cam } = c
	const base = cam.project(0, 0, zb)
	const s = cam.scale(base.depth)
	const w = cam.width
	const tall = kind === 'house' ? 6 : r.range(1.4, 2)
	const top = base.y - tall * s
	const band = (fill: string) =>
		`<rect y="${n(top)}" width="${w}" height="${n(base.y - top + 1)}" fill="${fill}"/>`
	const out: string[] = []
	if (kind === 'hedge') {
		const green = shade(r.pick(GREENS), -0.25)
		out.push(band(green))
		const leaf = Math.max(3, s * 0.12)
		for (let x = 0; x < w; x += leaf * 1.3)
			for (let y = top; y < base.y; y += leaf * 1.4)
				out.push(
					`<circle cx="${n(x + r.range(-leaf, leaf))}" cy="${n(y + r.range(-leaf, leaf) * 0.5)}" r="${n(leaf * r.range(0.6, 1))}" fill="${vary(r, green, 0.2)}"/>`,
				)
	} else if (kind === 'fence' || kind === 'slats') {
		const wood = r.pick(['#7a5c43', '#6f7f6a', '#3b3e40', '#8a6a4c', '#5b5f58'])
		out.push(band(shade(wood, -0.4)))
		if (kind === 'fence') {
			const board = 0.15 * s
			for (let x = 0; x < w; x += board)
				out.push(
					`<rect x="${n(x)}" y="${n(top + r.range(0, 0.02) * s)}" width="${n(board - Math.max(1, s * 0.01))}" height="${n(base.y - top)}" fill="${vary(r, wood, 0.07)}"/>`,
				)
		} else {
			for (let y = top; y < base.y; y += 0.12 * s)
				out.push(
					`<rect y="${n(y)}" width="${w}" height="${n(0.1 * s)}" fill="${vary(r, wood, 0.05)}"/>`,
				)
		}
	} else if (kind === 'wall') {
		const stone = r.pick(STONE_WALL)
		out.push(band(shade(stone, -0.45)))
		for (let y = base.y; y > top; ) {
			const course = s * r.range(0.1, 0.2)
			for (let x = -r.range(0, 0.3) * s; x < w; ) {
				const len = s * r.range(0.2, 0.5)
				out.push(
					`<rect x="${n(x)}" y="${n(y - course)}" width="${n(len - s * 0.02)}" height="${n(course - s * 0.02)}" rx="${n(s * 0.02)}" fill="${vary(r, stone, 0.12)}"/>`,
				)
				x += len
			}
			y -= course
		}
	} else {
		const render = r.pick(['#e9e4d8', '#d9d4c9', '#c8c3b8', '#efe9dc'])
		out.push(band(render))
		const win = { x: r.range(0.15, 0.6) * w, y: base.y - 2.4 * s, w: 1.8 * s, h: 1.3 * s }
		out.push(
			`<rect x="${n(win.x - s * 0.06)}" y="${n(win.y - s * 0.06)}" width="${n(win.w + s * 0.12)}" height="${n(win.h + s * 0.12)}" fill="#f4f4f2"/>`,
			`<rect x="${n(win.x)}" y="${n(win.y)}" width="${n(win.w)}" height="${n(win.h)}" fill="#2c3a44"/>`,
			`<path d="M${n(win.x + win.w / 2)},${n(win.y)} v${n(win.h)}" stroke="#f4f4f2" stroke-width="${n(s * 0.05)}"/>`,
			`<path d="M${n(win.x)},${n(win.y + win.h)} L${n(win.x + win.w * 0.5)},${n(win.y)} L${n(win.x + win.w * 0.8)},${n(win.y)} L${n(win.x + win.w * 0.3)},${n(win.y + win.h)} Z" fill="#fff" fill-opacity="0.12"/>`,
			`<rect y="${n(base.y - 0.15 * s)}" width="${w}" height="${n(0.15 * s)}" fill="#000" fill-opacity="0.15"/>`,
		)
	}
	// Soft shadow where the boundary meets the ground.
	out.push(
		`<rect y="${n(base.y - s * 0.25)}" width="${w}" height="${n(s * 0.25)}" fill="#000" fill-opacity="0.12"/>`,
	)
	return out.join('')
}

/** A mown lawn: hazy towards the back, stripes from the mower, patches of lighter grass. */
export function lawn(c: Ctx, zb: number, colour: string) {
	const { r, cam } = c
	const z0 = nearZ(cam)
	const yb = Math.max(0, cam.project(0, 0, zb).y)
	c.defs.push(
		`<linearGradient id="lawn" gradientUnits="userSpaceOnUse" x1="0" y1="${n(yb)}" x2="0" y2="${cam.height}"><stop offset="0" stop-color="${mix(colour, '#c9cf9c', 0.3)}"/><stop offset="1" stop-color="${shade(colour, -0.12)}"/></linearGradient>`,
	)
	const out = [
		`<rect y="${n(yb)}" width="${cam.width}" height="${n(cam.height - yb)}" fill="url(#lawn)"/>`,
	]
	// Mower stripes run across the view, narrowing with distance.
	const stripe = r.range(0.6, 0.9)
	for (let z = z0 - (z0 % stripe), i = 0; z < zb; z += stripe, i++) {
		if (i % 2) continue
		const y0 = cam.project(0, 0, z).y
		const y1 = cam.project(0, 0, Math.min(zb, z + stripe)).y
		out.push(
			`<rect y="${n(y1)}" width="${cam.width}" height="${n(y0 - y1)}" fill="#fff" fill-opacity="0.05"/>`,
		)
	}
	const [left, right] = visibleX(cam, zb)
	for (let i = 0; i < 40; i++) {
		const x = r.range(left, right) * 0.6
		const z = r.range(z0, zb)
		const p = cam.project(x, 0, z)
		const s = cam.scale(p.depth)
		const size = r.range(0.4, 1.4) * s
		out.push(
			`<ellipse cx="${n(p.x)}" cy="${n(p.y)}" rx="${n(size)}" ry="${n(size * cam.squash(x, z))}" fill="${r.chance(0.5) ? '#1f3a12' : '#e8e6a0'}" fill-opacity="0.06"/>`,
		)
	}
	// Grass texture: a tile of short blades, repeated in bands sized for their distance.
	const bands = 4
	for (let i = 0; i < bands; i++) {
		const y0 = yb + ((cam.height - yb) * i) / bands
		const y1 = yb + ((cam.height - yb) * (i + 1)) / bands
		const g = cam.ground(cam.width / 2, (y0 + y1) / 2)
		const tile = Math.max(8, cam.scale(cam.project(0, 0, g?.z ?? zb).depth) * 0.25)
		const blades: string[] = []
		for (let k = 0; k < 50; k++) {
			const [x, y] = [r.range(0, tile), r.range(0, tile)]
			blades.push(
				`M${n(x)},${n(y)} l${n(r.range(-0.05, 0.05) * tile)},${n(-r.range(0.08, 0.2) * tile)}`,
			)
		}
		c.defs.push(
			`<pattern id="grass${i}" patternUnits="userSpaceOnUse" width="${n(tile)}" height="${n(tile)}"><path d="${blades.slice(0, 30).join(' ')}" stroke="#1c3510" stroke-opacity="0.45" stroke-width="${n(Math.max(0.8, tile / 60))}"/><path d="${blades.slice(30).join(' ')}" stroke="#e6eba0" stroke-opacity="0.35" stroke-width="${n(Math.max(0.8, tile / 70))}"/></pattern>`,
		)
		out.push(
			`<rect y="${n(y0)}" width="${cam.width}" height="${n(y1 - y0 + 1)}" fill="url(#grass${i})"/>`,
		)
	}
	return out.join('')
}

/** Paving slabs laid in courses, each slab a slightly different shade, with dark joints. */
export function paving(
	c: Ctx,
	zb: number,
	colour: string,
	slab: readonly [number, number],
	layout: { turn: number; pivot: { x: number; z: number } },
) {
	const { r, cam } = c
	const yb = Math.max(0, cam.project(0, 0, zb).y)
	c.defs.push(
		`<clipPath id="patio"><rect y="${n(yb)}" width="${cam.width}" height="${n(cam.height - yb)}"/></clipPath>`,
	)
	const out = [
		`<rect y="${n(yb)}" width="${cam.width}" height="${n(cam.height - yb)}" fill="${shade(colour, -0.35)}"/>`,
	]
	// Lay the grid in the patio's own (possibly turned) frame, covering the visible ground.
	const { turn, pivot } = layout
	const [cos, sin] = [Math.cos(turn), Math.sin(turn)]
	const world = (u: number, v: number): Pt => [
		pivot.x + u * cos - v * sin,
		pivot.z + u * sin + v * cos,
	]
	const [left, right] = visibleX(cam, zb)
	const reach = Math.max(right - left, zb) / 2 + Math.hypot(pivot.x, pivot.z) + 2
	const [sw, sd] = slab
	const joint = 0.012
	for (let v = -reach, row = 0; v < reach; v += sd, row++) {
		for (let u = -reach - (row % 2 ? sw / 2 : 0); u < reach; u += sw) {
			const corners = [
				world(u + joint, v + joint),
				world(u + sw - joint, v + joint),
				world(u + sw - joint, v + sd - joint),
				world(u + joint, v + sd - joint),
			]
			// Skip slabs behind the camera, beyond the garden boundary or out of the picture.
			if (corners.some(([, z]) => z < 0.05) || corners.every(([, z]) => z > zb)) continue
			const pts = quad(cam, corners)
			if (pts.every(([x]) => x < 0) || pts.every(([x]) => x > cam.width)) continue
			if (pts.every(([, y]) => y > cam.height)) continue
			out.push(`<path d="${polygon(pts)}" fill="${vary(r, colour, 0.06)}"/>`)
		}
	}
	// Far paving fades into haze, near paving is a touch darker: depth cue.
	c.defs.push(
		`<linearGradient id="paving-haze" gradientUnits="userSpaceOnUse" x1="0" y1="${n(yb)}" x2="0" y2="${cam.height}"><stop offset="0" stop-color="#f4f1ea" stop-opacity="0.25"/><stop offset="0.6" stop-color="#f4f1ea" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.12"/></linearGradient>`,
	)
	out.push(
		`<rect y="${n(yb)}" width="${cam.width}" height="${n(cam.height - yb)}" fill="url(#paving-haze)"/>`,
	)
	return `<g clip-path="url(#patio)">${out.join('')}</g>`
}

export type Masonry = 'brick' | 'stone' | 'render' | 'panels'

/**
 * A vertical wall face standing on the ground line a→b (x, z), from `bottom` to `top` metres,
 * built from bricks, coursed stone or smooth render. `light` lightens or darkens the whole face.
 */
export function wallFace(
	c: Ctx,
	a: Pt,
	b: Pt,
	bottom: number,
	top: number,
	kind: Masonry,
	colour: string,
	light: number,
) {
	const { r, cam } = c
	const len = Math.hypot(b[0] - a[0], b[1] - a[1])
	const at = (u: number, v: number): Pt => {
		const t = u / len
		const p = cam.project(a[0] + (b[0] - a[0]) * t, v, a[1] + (b[1] - a[1]) * t)
		return [p.x, p.y]
	}
	const rect = (u0: number, u1: number, v0: number, v1: number) =>
		polygon([at(u0, v0), at(u1, v0), at(u1, v1), at(u0, v1)])
	const out: string[] = []
	if (kind === 'render') {
		out.push(`<path d="${rect(0, len, bottom, top)}" fill="${shade(colour, light)}"/>`)
		// Faint vertical streaks keep render from looking like flat plastic.
		for (let u = r.range(0, 0.4); u < len; u += r.range(0.2, 0.6))
			out.push(
				`<path d="${rect(u, u + r.range(0.05, 0.3), bottom, top)}" fill="${r.chance(0.5) ? '#000' : '#fff'}" fill-opacity="0.025"/>`,
			)
	} else {
		const mortar = { brick: '#b9b2a6', stone: shade(colour, -0.45), panels: '#1d1f21' }[kind]
		out.push(`<path d="${rect(0, len, bottom, top)}" fill="${shade(mortar, light)}"/>`)
		const gap = { brick: 0.01, stone: 0.018, panels: 0.006 }[kind]
		const variation = { brick: 0.1, stone: 0.2, panels: 0.04 }[kind]
		for (let v = bottom, row = 0; v < top - 0.02; row++) {
			const course = { brick: 0.075, stone: r.range(0.07, 0.2), panels: 0.3 }[kind]
			const v1 = Math.min(top, v + course)
			let u = { brick: row % 2 ? -0.1125 : 0, stone: -r.range(0, 0.3), panels: 0 }[kind]
			while (u < len) {
				const unit = { brick: 0.225, stone: r.range(0.15, 0.55), panels: 0.6 }[kind]
				const u0 = Math.max(0, u + gap / 2)
				const u1 = Math.min(len, u + unit - gap / 2)
				// Walling stone is not sawn: let each stone sit a little lower or higher.
				const dip = kind === 'stone' ? r.range(0, 0.25) * course : 0
				if (u1 > u0)
					out.push(
						`<path d="${rect(u0, u1, v + gap / 2, v1 - gap / 2 - dip)}" fill="${vary(r, shade(colour, light), variation)}"${kind === 'stone' ? ` stroke="${shade(colour, light)}" stroke-width="1.5" stroke-linejoin="round" stroke-opacity="0.5"` : ''}/>`,
					)
				u += unit
			}
			v = v1
		}
	}
	return out.join('')
}

/** An irregular rock, base at the origin, filled with one of the shared stone gradients. */
export function rock(r: Rng, width: number, height: number, gradient: string) {
	const ry = height * 0.6
	const outline = (scale: number): Pt[] =>
		Array.from({ length: 8 }, (_, i) => {
			const a = ((i + r.range(-0.25, 0.25)) / 8) * Math.PI * 2
			const k = r.range(0.75, 1.1) * scale
			// Rocks sit on the ground: flatten everything below the middle.
			return [Math.cos(a) * width * 0.5 * k, Math.min(Math.sin(a) * ry * k, ry * 0.2) - ry * 0.2]
		})
	// A lighter upper face where the rock catches the sky.
	const face = outline(0.55).map(([x, y]): Pt => [x - width * 0.08, y - height * 0.18])
	const body = smoothPath(outline(1))
	return `<ellipse cx="${n(width * 0.08)}" cy="${n(-height * 0.02)}" rx="${n(width * 0.6)}" ry="${n(height * 0.22)}" fill="#000" fill-opacity="0.32"/><path d="${body}" fill="url(#${gradient})"/><path d="${body}" fill="url(#speckle)"/><path d="${smoothPath(face)}" fill="#fff" fill-opacity="0.08"/>`
}
