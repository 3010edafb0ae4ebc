import { type Rng, rng } from './random'

export type SceneStyle = 'natural' | 'raised-brick' | 'raised-stone' | 'modern' | 'wildlife'

type SceneOptions = { seed: number; width: number; height: number; style: SceneStyle }

const WATER = [
	['#0f4c5c', '#1f7a7a', '#5fa8a0'],
	['#123d52', '#23677f', '#6fb0c4'],
	['#1d4a34', '#2f6e4f', '#7fae8a'],
	['#0c3b4a', '#1b5e6e', '#4f9aa3'],
	['#203f4f', '#2d6272', '#8cc0c8'],
] as const
const GRASS = ['#3f6b2f', '#557a32', '#4a7d3b', '#2f5a2a', '#6b8a3a'] as const
const PAVING = ['#9a9488', '#b5afa3', '#7d7a74', '#a89f8e', '#8c8f93'] as const
const STONE = ['#8a8378', '#a39b8c', '#6f6a62', '#b8afa0', '#7b7468', '#948b7c'] as const
const BRICK = ['#8e3b2a', '#a24a32', '#7c3324', '#b0573b', '#93442f'] as const
const KOI = [
	['#f28a30', '#ffffff'],
	['#ffffff', '#d9381e'],
	['#f6c445', '#f6c445'],
	['#e2531f', '#1c1c1c'],
	['#ffffff', '#f28a30'],
	['#c9c9c9', '#2a2a2a'],
] as const

/** A garden pond "photograph" as SVG: background, pond edge, water, koi, plants, light. */
export function pondSceneSvg({ seed, width, height, style }: SceneOptions) {
	const r = rng(seed * 7919 + style.length)
	const water = r.pick(WATER)
	// Camera distance: how much of the frame the pond fills.
	const zoom = r.range(0.65, 1.05)
	const cx = width * r.range(0.42, 0.58)
	const cy = height * r.range(0.55, 0.66)
	const rx = width * 0.42 * zoom
	const ry = height * 0.3 * zoom
	const formal = style === 'raised-brick' || style === 'modern'
	const pondPath = formal
		? roundedRect(cx, cy, rx, ry, style === 'modern' ? 6 : 18)
		: blob(r, cx, cy, rx, ry)
	const parts: string[] = []

	parts.push(`<defs>
		<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${r.pick(['#cfe3ee', '#dde8e4', '#e8e4d8', '#c4d9e6'])}"/><stop offset="1" stop-color="#f4f1e8"/></linearGradient>
		<radialGradient id="water" cx="0.45" cy="0.4" r="0.75"><stop offset="0" stop-color="${water[2]}"/><stop offset="0.55" stop-color="${water[1]}"/><stop offset="1" stop-color="${water[0]}"/></radialGradient>
		<linearGradient id="light" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff8e0" stop-opacity="0.35"/><stop offset="0.6" stop-color="#fff8e0" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.25"/></linearGradient>
		<filter id="soft"><feGaussianBlur stdDeviation="${(width / 900).toFixed(2)}"/></filter>
		<clipPath id="pond"><path d="${pondPath}"/></clipPath>
	</defs>`)

	// Background: sky band, then lawn or paving.
	parts.push(`<rect width="${width}" height="${height}" fill="url(#sky)"/>`)
	const horizon = height * r.range(0.12, 0.3)
	const ground = style === 'modern' || style === 'raised-brick' ? r.pick(PAVING) : r.pick(GRASS)
	parts.push(
		`<rect y="${horizon}" width="${width}" height="${height - horizon}" fill="${ground}"/>`,
	)
	if (style === 'modern' || style === 'raised-brick')
		parts.push(pavingJoints(r, width, height, horizon))
	else parts.push(grassTexture(r, width, height, horizon))
	parts.push(hedge(r, width, horizon))

	// Raised walls sit in front of the pond; sunken ponds get a stone or planted margin.
	if (style === 'raised-brick' || style === 'raised-stone' || style === 'modern') {
		parts.push(wall(r, style, cx, cy, rx, ry))
	}
	parts.push(`<path d="${pondPath}" fill="url(#water)"/>`)
	parts.push(
		`<g clip-path="url(#pond)">${ripples(r, cx, cy, rx, ry)}${reflections(r, cx, cy, rx, ry)}${koi(r, cx, cy, rx, ry, style === 'wildlife' ? 2 : r.int(3, 7))}${lilies(r, cx, cy, rx, ry, style === 'wildlife' || style === 'natural' ? r.int(3, 7) : r.int(0, 2))}</g>`,
	)
	if (style === 'natural' || style === 'wildlife' || style === 'raised-stone') {
		parts.push(edgeStones(r, cx, cy, rx, ry, style === 'raised-stone' ? 1.25 : 1))
	}
	if (style === 'raised-brick') parts.push(coping(cx, cy, rx, ry, '#c9c1b2'))
	if (style === 'modern') parts.push(coping(cx, cy, rx, ry, '#4d5157'))
	parts.push(
		plants(
			r,
			width,
			height,
			cx,
			cy,
			rx,
			ry,
			style === 'wildlife' ? 14 : style === 'modern' ? 3 : 8,
		),
	)
	parts.push(`<rect width="${width}" height="${height}" fill="url(#light)"/>`)
	return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><g filter="url(#soft)">${parts.join('')}</g></svg>`
}

function blob(r: Rng, cx: number, cy: number, rx: number, ry: number) {
	const n = 9
	const points = Array.from({ length: n }, (_, i) => {
		const angle = (i / n) * Math.PI * 2
		const k = r.range(0.82, 1.08)
		return [cx + Math.cos(angle) * rx * k, cy + Math.sin(angle) * ry * k] as const
	})
	// Closed Catmull-Rom spline through the points, as cubic Béziers.
	let d = `M${points[0]![0].toFixed(1)},${points[0]![1].toFixed(1)}`
	for (let i = 0; i < n; i++) {
		const p0 = points[(i - 1 + n) % n]!
		const p1 = points[i]!
		const p2 = points[(i + 1) % n]!
		const p3 = points[(i + 2) % n]!
		const c1 = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6]
		const c2 = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6]
		d += ` C${c1[0]!.toFixed(1)},${c1[1]!.toFixed(1)} ${c2[0]!.toFixed(1)},${c2[1]!.toFixed(1)} ${p2[0].toFixed(1)},${p2[1].toFixed(1)}`
	}
	return `${d} Z`
}

function roundedRect(cx: number, cy: number, rx: number, ry: number, radius: number) {
	const x = cx - rx
	const y = cy - ry
	const w = rx * 2
	const h = ry * 2
	return `M${x + radius},${y} H${x + w - radius} Q${x + w},${y} ${x + w},${y + radius} V${y + h - radius} Q${x + w},${y + h} ${x + w - radius},${y + h} H${x + radius} Q${x},${y + h} ${x},${y + h - radius} V${y + radius} Q${x},${y} ${x + radius},${y} Z`
}

function grassTexture(r: Rng, width: number, height: number, horizon: number) {
	const strokes: string[] = []
	for (let i = 0; i < 160; i++) {
		const x = r.range(0, width)
		const y = r.range(horizon, height)
		const h = r.range(4, 14) * (y / height) * (width / 800)
		strokes.push(
			`M${x.toFixed(0)},${y.toFixed(0)} l${r.range(-2, 2).toFixed(1)},${(-h).toFixed(1)}`,
		)
	}
	return `<path d="${strokes.join(' ')}" stroke="#1f3d18" stroke-opacity="0.25" stroke-width="${width / 700}" fill="none"/>`
}

function pavingJoints(r: Rng, width: number, height: number, horizon: number) {
	const size = width * r.range(0.08, 0.14)
	const lines: string[] = []
	for (let y = horizon; y < height; y += size * 0.6) lines.push(`M0,${y.toFixed(0)} H${width}`)
	for (let x = r.range(0, size); x < width; x += size)
		lines.push(`M${x.toFixed(0)},${horizon} V${height}`)
	return `<path d="${lines.join(' ')}" stroke="#000" stroke-opacity="0.12" stroke-width="${width / 600}"/>`
}

function hedge(r: Rng, width: number, horizon: number) {
	const bushes: string[] = []
	const greens = ['#2e4f26', '#3b5f2c', '#24401f', '#47683a']
	for (let x = -40; x < width + 40; x += r.range(40, 90) * (width / 1200)) {
		const rad = r.range(30, 70) * (width / 1200)
		bushes.push(
			`<circle cx="${x.toFixed(0)}" cy="${(horizon - rad * 0.2).toFixed(0)}" r="${rad.toFixed(0)}" fill="${r.pick(greens)}"/>`,
		)
	}
	return bushes.join('')
}

function wall(r: Rng, style: SceneStyle, cx: number, cy: number, rx: number, ry: number) {
	const depth = ry * 0.45
	const x = cx - rx * 1.04
	const w = rx * 2.08
	const top = cy
	const courses: string[] = []
	if (style === 'modern') {
		courses.push(
			`<rect x="${x}" y="${top}" width="${w}" height="${ry + depth}" fill="${r.pick(['#d9d6cf', '#cfcac0', '#e3e0d8'])}"/>`,
		)
	} else {
		const unitH = depth / 5
		for (let row = 0; row * unitH < ry + depth; row++) {
			const y = top + row * unitH
			const unitW = style === 'raised-brick' ? unitH * 2.6 : unitH * r.range(1.6, 3)
			for (let bx = x - (row % 2) * unitW * 0.5; bx < x + w; bx += unitW) {
				const fill = style === 'raised-brick' ? r.pick(BRICK) : r.pick(STONE)
				courses.push(
					`<rect x="${bx.toFixed(1)}" y="${y.toFixed(1)}" width="${(unitW - 2).toFixed(1)}" height="${(unitH - 2).toFixed(1)}" fill="${fill}"/>`,
				)
			}
		}
		courses.unshift(
			`<rect x="${x}" y="${top}" width="${w}" height="${ry + depth}" fill="#5d574f"/>`,
		)
	}
	return `<g>${courses.join('')}</g>`
}

function coping(cx: number, cy: number, rx: number, ry: number, colour: string) {
	return `<path d="${roundedRect(cx, cy, rx * 1.04, ry * 1.06, 14)}" fill="none" stroke="${colour}" stroke-width="${ry * 0.09}"/>`
}

function edgeStones(r: Rng, cx: number, cy: number, rx: number, ry: number, scale: number) {
	const stones: string[] = []
	const count = 34
	for (let i = 0; i < count; i++) {
		const angle = (i / count) * Math.PI * 2 + r.range(-0.05, 0.05)
		const x = cx + Math.cos(angle) * rx * r.range(0.97, 1.04)
		const y = cy + Math.sin(angle) * ry * r.range(0.97, 1.06)
		const sx = rx * r.range(0.05, 0.09) * scale
		const sy = sx * r.range(0.5, 0.75)
		stones.push(
			`<ellipse cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" rx="${sx.toFixed(1)}" ry="${sy.toFixed(1)}" fill="${r.pick(STONE)}" stroke="#3f3a33" stroke-opacity="0.4" stroke-width="1.5"/>`,
		)
	}
	return stones.join('')
}

function ripples(r: Rng, cx: number, cy: number, rx: number, ry: number) {
	const rings: string[] = []
	for (let i = 0; i < 6; i++) {
		const x = cx + r.range(-0.6, 0.6) * rx
		const y = cy + r.range(-0.5, 0.5) * ry
		const s = r.range(0.05, 0.16) * rx
		rings.push(
			`<ellipse cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" rx="${s.toFixed(0)}" ry="${(s * 0.35).toFixed(0)}" fill="none" stroke="#fff" stroke-opacity="0.18" stroke-width="2"/>`,
		)
	}
	return rings.join('')
}

function reflections(r: Rng, cx: number, cy: number, rx: number, ry: number) {
	const y = cy - ry * r.range(0.3, 0.6)
	return `<ellipse cx="${(cx + rx * r.range(-0.3, 0.3)).toFixed(0)}" cy="${y.toFixed(0)}" rx="${(rx * 0.5).toFixed(0)}" ry="${(ry * 0.12).toFixed(0)}" fill="#ffffff" fill-opacity="0.12"/>`
}

function koi(r: Rng, cx: number, cy: number, rx: number, ry: number, count: number) {
	const fish: string[] = []
	for (let i = 0; i < count; i++) {
		const [body, patch] = r.pick(KOI)
		const x = cx + r.range(-0.65, 0.65) * rx
		const y = cy + r.range(-0.55, 0.55) * ry
		const len = rx * r.range(0.12, 0.2)
		const angle = r.range(0, 360)
		fish.push(`<g transform="translate(${x.toFixed(0)},${y.toFixed(0)}) rotate(${angle.toFixed(0)})" opacity="0.92">
			<path d="M${-len * 0.55},0 L${-len * 0.85},${-len * 0.16} L${-len * 0.8},0 L${-len * 0.85},${len * 0.16} Z" fill="${body}"/>
			<ellipse rx="${(len * 0.5).toFixed(1)}" ry="${(len * 0.15).toFixed(1)}" fill="${body}"/>
			<ellipse cx="${(len * 0.12).toFixed(1)}" rx="${(len * 0.18).toFixed(1)}" ry="${(len * 0.1).toFixed(1)}" fill="${patch}"/>
			<path d="M0,${-len * 0.1} l${-len * 0.12},${-len * 0.14} M0,${len * 0.1} l${-len * 0.12},${len * 0.14}" stroke="${body}" stroke-width="${(len * 0.05).toFixed(1)}"/>
		</g>`)
	}
	return fish.join('')
}

function lilies(r: Rng, cx: number, cy: number, rx: number, ry: number, count: number) {
	const pads: string[] = []
	for (let i = 0; i < count; i++) {
		const x = cx + r.range(-0.7, 0.7) * rx
		const y = cy + r.range(-0.6, 0.6) * ry
		const s = rx * r.range(0.05, 0.1)
		const notch = r.range(0, 360)
		pads.push(
			`<g transform="translate(${x.toFixed(0)},${y.toFixed(0)}) rotate(${notch.toFixed(0)})"><path d="M0,0 L${s},${-s * 0.12} A${s},${s * 0.55} 0 1,1 ${s},${s * 0.12} Z" fill="${r.pick(['#3e7d32', '#4f8f3a', '#2f6b2a'])}"/>${r.next() < 0.4 ? `<circle cx="${(-s * 0.2).toFixed(1)}" cy="0" r="${(s * 0.25).toFixed(1)}" fill="${r.pick(['#f4c2d8', '#ffffff', '#f7e08a'])}"/>` : ''}</g>`,
		)
	}
	return pads.join('')
}

function plants(
	r: Rng,
	width: number,
	height: number,
	cx: number,
	cy: number,
	rx: number,
	ry: number,
	count: number,
) {
	const out: string[] = []
	for (let i = 0; i < count; i++) {
		const side = r.next() < 0.5 ? -1 : 1
		const x = cx + side * rx * r.range(0.75, 1.15)
		const y = cy + r.range(-0.9, 0.6) * ry
		const h = ry * r.range(0.35, 0.8)
		const green = r.pick(['#4b7a2f', '#5f8f3c', '#3a6a2a', '#6c9a44'])
		const blades: string[] = []
		for (let b = 0; b < 7; b++) {
			const bx = x + r.range(-h * 0.25, h * 0.25)
			blades.push(
				`M${bx.toFixed(0)},${y.toFixed(0)} q${r.range(-h * 0.2, h * 0.2).toFixed(0)},${(-h * 0.6).toFixed(0)} ${r.range(-h * 0.3, h * 0.3).toFixed(0)},${(-h).toFixed(0)}`,
			)
		}
		out.push(
			`<path d="${blades.join(' ')}" stroke="${green}" stroke-width="${(width / 350).toFixed(1)}" fill="none" stroke-linecap="round"/>`,
		)
		if (r.next() < 0.35) {
			out.push(
				`<circle cx="${x.toFixed(0)}" cy="${(y - h).toFixed(0)}" r="${(width / 220).toFixed(1)}" fill="${r.pick(['#7b5cc4', '#f2d24b', '#e86b8a', '#ffffff'])}"/>`,
			)
		}
	}
	out.push(
		`<rect y="${height * 0.97}" width="${width}" height="${height * 0.03}" fill="#000" fill-opacity="0.08"/>`,
	)
	return out.join('')
}
