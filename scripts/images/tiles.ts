// Category tiles for the home page: a clean drawing of that kind of equipment on a tinted
// backdrop. Drawn on an 800×600 canvas; soft gradients give the parts some volume.
import { KOI_DEFS, koiSvg } from './koi'
import { lilyPad } from './plants'
import { rng } from './random'
import { mix, n, shade } from './svg'

/** Gradients shared by the drawings: plastic, pipe and steel shading. */
const DEFS = `<linearGradient id="cyl-x" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0.3"/><stop offset="0.35" stop-color="#fff" stop-opacity="0.35"/><stop offset="0.55" stop-color="#fff" stop-opacity="0.05"/><stop offset="1" stop-color="#000" stop-opacity="0.35"/></linearGradient>
<linearGradient id="cyl-y" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0.3"/><stop offset="0.35" stop-color="#fff" stop-opacity="0.35"/><stop offset="0.55" stop-color="#fff" stop-opacity="0.05"/><stop offset="1" stop-color="#000" stop-opacity="0.35"/></linearGradient>
<linearGradient id="top-light" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.18"/><stop offset="1" stop-color="#000" stop-opacity="0.18"/></linearGradient>
<linearGradient id="water" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#5fb3cf"/><stop offset="1" stop-color="#1f5f7a"/></linearGradient>
<radialGradient id="bend" cx="0" cy="0" r="1" gradientUnits="objectBoundingBox"><stop offset="0.45" stop-color="#000" stop-opacity="0.3"/><stop offset="0.7" stop-color="#fff" stop-opacity="0.3"/><stop offset="1" stop-color="#000" stop-opacity="0.3"/></radialGradient>
${KOI_DEFS}`

/** A cylinder seen from the side: body with round shading and elliptical ends. */
function tube(x: number, y: number, w: number, h: number, fill: string, vertical = true) {
	return `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${vertical ? 4 : 4}" fill="${fill}"/><rect x="${x}" y="${y}" width="${w}" height="${h}" rx="4" fill="url(#${vertical ? 'cyl-x' : 'cyl-y'})"/>`
}

/** A rising trail of air bubbles. */
function bubbles(x: number, y: number, count: number, seed: number) {
	const r = rng(seed)
	return Array.from({ length: count }, (_, i) => {
		const size = r.range(4, 11)
		return `<circle cx="${n(x + r.range(-18, 18) + Math.sin(i) * 8)}" cy="${n(y - i * 22 - r.range(0, 10))}" r="${n(size)}" fill="#fff" fill-opacity="0.25" stroke="#fff" stroke-opacity="0.8" stroke-width="2"/>`
	}).join('')
}

const DRAWINGS: Record<string, () => string> = {
	// A box filter with a UV clarifier on the lid, hose in and waste pipe out.
	'tile-filters': () => `
		<path d="M190 330 C120 330 110 420 60 440" stroke="#2f6b3a" stroke-width="30" fill="none" stroke-linecap="round"/>
		<path d="M190 330 C120 330 110 420 60 440" stroke="#000" stroke-opacity="0.25" stroke-width="30" stroke-dasharray="6 8" fill="none"/>
		<path d="M250 250 L320 205 L600 205 L530 250 Z" fill="#3f464d"/><path d="M250 250 L320 205 L600 205 L530 250 Z" fill="url(#top-light)"/>
		<path d="M530 250 L600 205 L600 425 L530 470 Z" fill="#1d2226"/>
		<rect x="250" y="250" width="280" height="220" rx="8" fill="#2b3136"/><rect x="250" y="250" width="280" height="220" rx="8" fill="url(#top-light)"/>
		<rect x="250" y="285" width="280" height="6" fill="#1a1e21"/>
		<rect x="285" y="276" width="22" height="26" rx="4" fill="#596068"/><rect x="472" y="276" width="22" height="26" rx="4" fill="#596068"/>
		<rect x="300" y="340" width="180" height="70" rx="10" fill="#1f6f8b" fill-opacity="0.9"/><rect x="318" y="358" width="90" height="10" rx="5" fill="#fff" fill-opacity="0.7"/><rect x="318" y="378" width="60" height="8" rx="4" fill="#fff" fill-opacity="0.45"/>
		${tube(175, 312, 80, 36, '#3a4046', false)}
		${tube(380, 120, 48, 120, '#d8dde1')}<rect x="384" y="150" width="40" height="40" rx="6" fill="#6fe0ff" fill-opacity="0.65"/><ellipse cx="404" cy="120" rx="24" ry="8" fill="#eef1f3"/>
		<path d="M404 120 C404 70 470 70 500 90" stroke="#222" stroke-width="8" fill="none"/>
		${tube(540, 420, 110, 40, '#1f2326', false)}<ellipse cx="650" cy="440" rx="10" ry="20" fill="#111"/>`,

	// PVC fittings: a long-radius elbow, an equal tee, a straight coupler, a ball valve.
	'tile-fittings': () => `
		<path d="M130 200 A160 160 0 0 1 290 360 L230 360 A100 100 0 0 0 130 260 Z" fill="#eceff1"/><path d="M130 200 A160 160 0 0 1 290 360 L230 360 A100 100 0 0 0 130 260 Z" fill="url(#bend)"/>
		${tube(100, 190, 40, 80, '#dfe3e6', false)}${tube(220, 350, 80, 40, '#dfe3e6')}
		${tube(330, 250, 220, 62, '#f2f4f5', false)}${tube(409, 170, 62, 90, '#f2f4f5')}${tube(401, 160, 78, 30, '#d9dee1', false)}${tube(322, 240, 30, 82, '#d9dee1')}${tube(530, 240, 30, 82, '#d9dee1')}
		${tube(580, 190, 150, 56, '#e6e9eb', false)}${tube(575, 182, 36, 72, '#cfd5d9')}${tube(700, 182, 36, 72, '#cfd5d9')}
		${tube(360, 410, 300, 46, '#3a3f44', false)}${tube(470, 398, 80, 70, '#2f3439', false)}<rect x="480" y="350" width="18" height="50" fill="#8f9aa2"/><rect x="440" y="338" width="110" height="26" rx="10" fill="#c0392b"/><rect x="440" y="338" width="110" height="26" rx="10" fill="url(#top-light)"/>`,

	// A submersible pump on the pond floor: slotted intake, stepped hose tail, power cable.
	'tile-pumps': () => `
		<path d="M540 440 C620 450 660 420 700 330" stroke="#151719" stroke-width="12" fill="none" stroke-linecap="round"/>
		<rect x="240" y="250" width="320" height="220" rx="46" fill="#23282c"/><rect x="240" y="250" width="320" height="220" rx="46" fill="url(#top-light)"/>
		<rect x="240" y="250" width="320" height="220" rx="46" fill="url(#cyl-x)" fill-opacity="0.6"/>
		<g fill="#11140f">${Array.from({ length: 10 }, (_, i) => `<rect x="${278 + i * 25}" y="350" width="11" height="90" rx="5.5"/>`).join('')}</g>
		<rect x="262" y="270" width="276" height="56" rx="20" fill="#2f3a33"/><rect x="290" y="288" width="120" height="14" rx="7" fill="#7ccf8a" fill-opacity="0.8"/>
		${tube(360, 170, 80, 90, '#2c3135')}${tube(372, 120, 56, 56, '#3a4046')}${tube(382, 80, 36, 46, '#4a5158')}${tube(390, 50, 20, 36, '#59616a')}
		<ellipse cx="400" cy="490" rx="210" ry="18" fill="#000" fill-opacity="0.25"/>`,

	// An air pump on the bank feeding two air stones; bubbles rise through the water.
	'tile-air-pumps': () => `
		<rect x="0" y="360" width="800" height="240" fill="url(#water)" fill-opacity="0.85"/>
		<path d="M0 360 Q100 350 200 360 T400 360 T600 360 T800 360" stroke="#fff" stroke-opacity="0.6" stroke-width="4" fill="none"/>
		<rect x="110" y="180" width="260" height="150" rx="36" fill="#e9edf0"/><rect x="110" y="180" width="260" height="150" rx="36" fill="url(#top-light)"/>
		<rect x="140" y="200" width="200" height="26" rx="13" fill="#c6ced4"/><circle cx="320" cy="298" r="11" fill="#2fb36b"/>
		<g fill="none" stroke="#9ad7f2" stroke-width="10" stroke-linecap="round"><path d="M370 230 C470 230 470 330 500 540"/><path d="M370 270 C560 260 620 330 640 520"/></g>
		${tube(470, 525, 70, 34, '#7a8790', false)}${tube(605, 505, 70, 34, '#7a8790', false)}
		${bubbles(505, 500, 7, 3)}${bubbles(640, 480, 6, 7)}`,

	// A floating skimmer drawing in surface debris, and a pond shower tower splashing water.
	'tile-skimmers': () => `
		<rect x="0" y="380" width="800" height="220" fill="url(#water)" fill-opacity="0.85"/>
		<path d="M0 380 Q100 372 200 380 T400 380 T600 380 T800 380" stroke="#fff" stroke-opacity="0.55" stroke-width="4" fill="none"/>
		<ellipse cx="250" cy="395" rx="150" ry="34" fill="#1d2326"/><ellipse cx="250" cy="385" rx="150" ry="34" fill="#30383d"/><ellipse cx="250" cy="382" rx="96" ry="20" fill="#0f1214"/>
		<path d="M170 360 Q250 300 330 360" stroke="#454d53" stroke-width="14" fill="none"/>
		<g fill="#6b8f3a"><ellipse cx="100" cy="392" rx="16" ry="6"/><ellipse cx="400" cy="400" rx="12" ry="5"/></g>
		<path d="M250 420 C260 520 560 520 720 470 C760 440 740 200 740 140 Q740 110 700 112 L660 112" stroke="#2a3034" stroke-width="16" fill="none" stroke-linecap="round"/>
		<g fill="#4a5056"><rect x="548" y="340" width="12" height="70"/><rect x="660" y="340" width="12" height="70"/></g>
		${Array.from({ length: 4 }, (_, i) => tube(530, 130 + i * 52, 160, 40, i % 2 ? '#2a2f33' : '#34393e', false)).join('')}
		<path d="M560 338 L660 338 L650 360 L570 360 Z" fill="#23282c"/>
		<g stroke="#d6f1fb" stroke-width="5" stroke-linecap="round" stroke-opacity="0.9">${Array.from({ length: 8 }, (_, i) => `<path d="M${546 + i * 18} 340 L${543 + i * 18 + (i % 3) * 2} 382"/>`).join('')}</g>
		<g fill="none" stroke="#fff" stroke-opacity="0.6" stroke-width="3"><ellipse cx="610" cy="392" rx="90" ry="12"/><ellipse cx="610" cy="396" rx="55" ry="7"/></g>`,

	// Browse all: a koi pond seen from above, with lilies and a pebble edge.
	'tile-all': () => {
		const r = rng(16)
		const pebbles = Array.from({ length: 44 }, (_, i) => {
			const a = (i / 44) * Math.PI * 2
			return `<ellipse cx="${n(400 + Math.cos(a) * 292)}" cy="${n(320 + Math.sin(a) * 200)}" rx="${n(r.range(16, 26))}" ry="${n(r.range(11, 17))}" fill="${r.pick(['#b9b0a0', '#a39a8a', '#cfc6b6', '#8f8a82'])}"/>`
		}).join('')
		const fish = [
			[320, 300, -20, 0],
			[480, 360, 160, 3],
			[430, 250, 200, 4],
		]
			.map(
				([x, y, a, v], i) =>
					`<g transform="translate(${x},${y}) scale(1.3) rotate(${a})">${koiSvg(r, `tile-koi${i}`, { variety: v })}</g>`,
			)
			.join('')
		return `<ellipse cx="400" cy="320" rx="290" ry="198" fill="url(#water)"/>${fish}
			<g transform="translate(560,270)">${lilyPad(r, 44)}</g><g transform="translate(600,330)">${lilyPad(r, 32)}</g><g transform="translate(250,390)">${lilyPad(r, 38)}</g>
			${pebbles}`
	},
}

export function tileSvg(name: string, width: number, height: number, colour: string) {
	const draw = DRAWINGS[name] ?? DRAWINGS['tile-all']!
	return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 800 600"><defs>${DEFS}<radialGradient id="bg" cx="0.5" cy="0.35" r="0.85"><stop offset="0" stop-color="${mix(colour, '#ffffff', 0.35)}"/><stop offset="1" stop-color="${shade(colour, -0.2)}"/></radialGradient></defs><rect width="800" height="600" fill="url(#bg)"/><ellipse cx="400" cy="500" rx="330" ry="34" fill="#000" fill-opacity="0.16"/>${draw()}</svg>`
}
