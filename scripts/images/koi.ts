// Koi seen from above, drawn 100 units long (head towards +x) so callers can scale, rotate and
// foreshorten them. Varieties follow the real patterns buyers recognise (kohaku, sanke, showa…).
import type { Rng } from './random'
import { blobPath, n, type Pt, shade, smoothPath } from './svg'

type Patch = { colour: string; count: readonly [number, number]; size: readonly [number, number] }
type Variety = { base: string; fin: string; patches: Patch[]; metallic?: boolean; tancho?: boolean }

const WHITE = '#f7f3ec'
const RED = '#d8341f'
const BLACK = '#1b1b1e'
const VARIETIES: Variety[] = [
	{ base: WHITE, fin: '#fbf8f2', patches: [{ colour: RED, count: [2, 4], size: [0.1, 0.2] }] },
	{
		base: WHITE,
		fin: '#f6f1e8',
		patches: [
			{ colour: RED, count: [2, 3], size: [0.1, 0.18] },
			{ colour: BLACK, count: [2, 5], size: [0.03, 0.06] },
		],
	},
	{
		base: BLACK,
		fin: '#3a3a3c',
		patches: [
			{ colour: RED, count: [2, 3], size: [0.1, 0.18] },
			{ colour: WHITE, count: [1, 3], size: [0.06, 0.12] },
		],
	},
	{ base: '#f0b43a', fin: '#f7d27a', patches: [], metallic: true },
	{ base: '#e6e4de', fin: '#f3f1eb', patches: [], metallic: true },
	{ base: '#f0821e', fin: '#f7a95a', patches: [], metallic: true },
	{ base: '#9c6b3c', fin: '#b98c5e', patches: [] },
	{
		base: '#6f8aa0',
		fin: '#e67a3a',
		patches: [{ colour: '#e0662a', count: [3, 4], size: [0.06, 0.09] }],
	},
	{ base: WHITE, fin: '#fbf8f2', patches: [], tancho: true },
	{
		base: WHITE,
		fin: '#fbf8f2',
		patches: [{ colour: '#ef8a2a', count: [2, 3], size: [0.1, 0.2] }],
	},
]

// Half-width of the body along its length: narrow nose, broad shoulders, slim tail root.
const PROFILE: readonly Pt[] = [
	[0.5, 0],
	[0.47, 0.055],
	[0.41, 0.088],
	[0.3, 0.118],
	[0.18, 0.13],
	[0.04, 0.124],
	[-0.1, 0.098],
	[-0.22, 0.064],
	[-0.31, 0.038],
	[-0.35, 0.03],
]

/**
 * One koi as SVG (length 100, centred, facing +x). `id` must be unique in the document: it names
 * the clip path that keeps the colour patches on the body.
 */
export function koiSvg(r: Rng, id: string, options: { flat?: boolean; variety?: number } = {}) {
	const v = VARIETIES[options.variety ?? r.int(0, VARIETIES.length - 1)] as Variety
	// A swimming fish is never straight: bend the spine, more towards the tail.
	const bend = r.range(-0.5, 0.5)
	const spine = (x: number) => (x < 0.3 ? bend * (0.3 - x) ** 2 : 0)
	// Shapes are designed at length 1 and written at length 100 (SVG numbers keep one decimal).
	const path = (points: readonly Pt[]) => smoothPath(points.map(([x, y]) => [x * 100, y * 100]))
	const top = PROFILE.map(([x, w]) => [x, spine(x) - w] as const)
	const bottom = PROFILE.slice(1, -1)
		.reverse()
		.map(([x, w]) => [x, spine(x) + w] as const)
	const body = path([...top, [-0.36, spine(-0.36)], ...bottom])

	const t = spine(-0.5)
	const spread = r.range(0.14, 0.2)
	const tail = path([
		[-0.32, spine(-0.32) - 0.025],
		[-0.45, t - spread * 0.5],
		[-0.6, t - spread],
		[-0.55, t - 0.04],
		[-0.52, t],
		[-0.55, t + 0.04],
		[-0.6, t + spread],
		[-0.45, t + spread * 0.5],
		[-0.32, spine(-0.32) + 0.025],
	])
	const fin = (side: 1 | -1) => {
		const reach = r.range(0.2, 0.26)
		return path([
			[0.28, side * 0.1],
			[0.2, side * reach],
			[0.1, side * (reach - 0.02)],
			[0.16, side * 0.1],
		])
	}
	const patches = v.patches.flatMap((p) =>
		Array.from({ length: r.int(p.count[0], p.count[1]) }, () => {
			const x = r.range(-0.28, 0.4)
			const s = r.range(p.size[0], p.size[1])
			const y = spine(x) + r.range(-0.08, 0.08)
			return `<path transform="translate(${n(x * 100)},${n(y * 100)})" d="${blobPath(r, s * 130, s * 80, 7, 0.3)}" fill="${p.colour}"/>`
		}),
	)
	if (v.tancho) patches.push(`<circle cx="36" cy="0" r="6.5" fill="${RED}"/>`)
	const finFill = `fill="${v.fin}" fill-opacity="${options.flat ? 1 : 0.65}"`
	return `<g>
		<clipPath id="${id}"><path d="${body}"/></clipPath>
		<path d="${tail}" ${finFill}/>
		<path d="${fin(1)}" ${finFill}/><path d="${fin(-1)}" ${finFill}/>
		<path d="${body}" fill="${v.base}"/>
		<g clip-path="url(#${id})">${patches.join('')}${
			options.flat
				? ''
				: `<path d="${body}" fill="url(#koi-shade)"/>${
						v.metallic
							? `<ellipse cx="8" cy="${n(spine(0.08) * 100)}" rx="34" ry="3.5" fill="#fff" fill-opacity="0.35"/>`
							: ''
					}`
		}</g>
		<path d="M20,${n(spine(0.2) * 100)} Q0,${n(spine(0) * 100)} -22,${n(spine(-0.22) * 100)}" fill="none" stroke="${shade(v.base, -0.35)}" stroke-opacity="0.35" stroke-width="2" stroke-linecap="round"/>
		<circle cx="42" cy="-5" r="1.2" fill="#111" fill-opacity="0.6"/><circle cx="42" cy="5" r="1.2" fill="#111" fill-opacity="0.6"/>
	</g>`
}

/** Rounded shading across the body: lit back, darker flanks. Put once in the document's <defs>. */
export const KOI_DEFS = `<linearGradient id="koi-shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0.32"/><stop offset="0.35" stop-color="#fff" stop-opacity="0.12"/><stop offset="0.55" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.38"/></linearGradient>`
