// A demo product's "photo": its category's drawing with the product's name on a caption band,
// drawn by the server on first request (app/.server/demo-images, decision 0028).
import sharp from 'sharp'
import { type Pixels, toPixels } from './pixels'
import { tileSvg } from './tiles'

const SIZE = 800

const CATEGORY_STYLE: Record<string, { tile: string; colour: string }> = {
	filters: { tile: 'tile-filters', colour: '#1f6f8b' },
	fittings: { tile: 'tile-fittings', colour: '#5b6770' },
	pumps: { tile: 'tile-pumps', colour: '#24577a' },
	air_pumps: { tile: 'tile-air-pumps', colour: '#3a7ca5' },
	skimmers: { tile: 'tile-skimmers', colour: '#2e6b57' },
}

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`)

function wrap(text: string, width: number) {
	const lines: string[] = []
	let line = ''
	for (const word of text.split(/\s+/)) {
		if ((line ? `${line} ${word}` : word).length > width && line) {
			lines.push(line)
			line = word
		} else line = line ? `${line} ${word}` : word
	}
	if (line) lines.push(line)
	return lines.slice(0, 3)
}

/** A product "photo": the category's drawing with the product name on a caption band. */
function productSvg(name: string, vendor: string, category: string) {
	const style = CATEGORY_STYLE[category] ?? CATEGORY_STYLE.filters!
	const drawing = tileSvg(style.tile, SIZE, 600, style.colour)
		.replace(/^<svg[^>]*>/, '')
		.replace(/<\/svg>$/, '')
	const lines = wrap(name, 26)
	const text = lines
		.map(
			(l, i) =>
				`<text x="400" y="${(lines.length === 3 ? 692 : 706) + i * 40}" font-family="DejaVu Sans" font-weight="bold" font-size="34" text-anchor="middle" fill="#0b2433">${escapeXml(l)}</text>`,
		)
		.join('')
	return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 800 800"><svg width="800" height="600" viewBox="0 0 800 600">${drawing}</svg><rect y="600" width="800" height="200" fill="#f4f7f9"/><text x="400" y="640" font-family="DejaVu Sans" font-size="22" text-anchor="middle" fill="#44535e">${escapeXml(vendor.toUpperCase())}</text>${text}</svg>`
}

/** What a product's demo picture shows: its catalogue row's name, vendor and category. */
export type ProductArt = { name: string; vendor: string; category: string }

/** A product's picture at full size (800 × 800), as raw pixels; the thumbnail is resized from it. */
export function drawProduct({ name, vendor, category }: ProductArt): Promise<Pixels> {
	return toPixels(sharp(Buffer.from(productSvg(name, vendor, category))))
}
