// The small site graphics: testimonial avatars, the fallback placeholder and the text layer of
// the Open Graph image (its pond photo comes from ./scene).
import { rng } from './random'
import { mix, n, shade } from './svg'

const SKIN = ['#f1d3bd', '#e0b897', '#c68e68', '#8d5a3b', '#f4dcc8'] as const
const HAIR = ['#2b2119', '#5a3b22', '#8a6a45', '#b8b2a8', '#1a1a1a', '#a0522d'] as const

/** Head and shoulders on a soft circle; the seed picks skin, hair style and clothes. */
export function avatarSvg(seed: number, size: number, colour: string) {
	const r = rng(seed)
	const skin = r.pick(SKIN)
	const hair = r.pick(HAIR)
	const top = r.pick(['#2f4858', '#55743b', '#7a3b3b', '#3a3f58', '#8a7a5a'])
	const style = r.int(0, 3)
	// Long hair falls behind the shoulders, so it is drawn first.
	const behind =
		style === 2 ? `<path d="M28 44 Q26 80 34 96 L66 96 Q74 80 72 44 Z" fill="${hair}"/>` : ''
	const hairTop = [
		`<path d="M31 42 Q32 20 50 20 Q68 20 69 42 Q63 30 50 31 Q37 30 31 42 Z" fill="${hair}"/>`,
		`<path d="M31 44 Q28 18 52 19 Q72 21 69 44 Q66 33 58 29 Q46 36 33 38 Z" fill="${hair}"/>`,
		`<path d="M30 46 Q28 18 50 18 Q72 18 70 46 Q66 30 50 29 Q34 30 30 46 Z" fill="${hair}"/>`,
		`<path d="M33 36 Q38 24 50 24 Q62 24 67 36 Q60 31 50 31 Q40 31 33 36 Z" fill="${hair}" fill-opacity="0.9"/>`,
	][style]
	const beard =
		style === 3 && r.chance(0.7)
			? `<path d="M35 50 Q36 70 50 72 Q64 70 65 50 Q60 62 50 62 Q40 62 35 50 Z" fill="${hair}" fill-opacity="0.85"/>`
			: ''
	return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100"><defs><radialGradient id="bg" cx="0.5" cy="0.35" r="0.7"><stop offset="0" stop-color="${mix(colour, '#ffffff', 0.45)}"/><stop offset="1" stop-color="${shade(colour, -0.1)}"/></radialGradient><clipPath id="disc"><circle cx="50" cy="50" r="50"/></clipPath></defs><rect width="100" height="100" fill="${mix(colour, '#ffffff', 0.7)}"/><g clip-path="url(#disc)"><rect width="100" height="100" fill="url(#bg)"/>${behind}<path d="M14 104 Q16 74 42 70 L58 70 Q84 74 86 104 Z" fill="${top}"/><path d="M42 62 L58 62 L57 74 Q50 79 43 74 Z" fill="${shade(skin, -0.12)}"/><ellipse cx="50" cy="46" rx="17" ry="20" fill="${skin}"/>${hairTop}${beard}<path d="M30 100 Q50 88 70 100" stroke="#000" stroke-opacity="0.08" stroke-width="${n(6)}" fill="none"/></g></svg>`
}

/** Neutral stand-in for any image that fails: a soft frame with a pond-and-hills outline. */
export function placeholderSvg(width: number, height: number, colour: string) {
	const line = shade(colour, -0.32)
	return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 800 600" preserveAspectRatio="xMidYMid slice"><defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mix(colour, '#ffffff', 0.35)}"/><stop offset="1" stop-color="${shade(colour, -0.05)}"/></linearGradient></defs><rect width="800" height="600" fill="url(#bg)"/><g fill="none" stroke="${line}" stroke-width="10" stroke-linecap="round" stroke-linejoin="round" opacity="0.75"><rect x="270" y="200" width="260" height="200" rx="22"/><circle cx="470" cy="252" r="20"/><path d="M280 340 L350 280 L400 322 L440 296 L520 350"/><path d="M310 370 Q335 356 360 370 T410 370 T460 370 T510 370"/></g></svg>`
}

/** Darkening gradient and the two lines of text laid over the social image's pond photo. */
export function socialOverlaySvg(width: number, height: number) {
	return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 1200 630"><defs><linearGradient id="shade" x1="0" y1="0" x2="1" y2="0.4"><stop offset="0" stop-color="#06141c" stop-opacity="0.85"/><stop offset="0.6" stop-color="#06141c" stop-opacity="0.55"/><stop offset="1" stop-color="#06141c" stop-opacity="0.15"/></linearGradient></defs><rect width="1200" height="630" fill="url(#shade)"/><rect x="80" y="228" width="96" height="6" rx="3" fill="#f0a23a"/><text x="80" y="330" font-family="DejaVu Sans" font-weight="bold" font-size="76" fill="#ffffff">Highland Koi &amp; Ponds</text><text x="82" y="400" font-family="DejaVu Sans" font-size="34" fill="#ffffff" fill-opacity="0.92">Custom ponds · Pond equipment · UK delivery</text></svg>`
}
