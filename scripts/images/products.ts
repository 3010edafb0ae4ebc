import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { parse } from 'csv-parse/sync'
import sharp from 'sharp'
import { tileSvg } from './tiles'

const VERSION = 3
const SIZE = 800
const THUMB = 300

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

/** Writes `<image>.jpg` and `<image>-thumb.jpg` for every local product image in the CSV. */
export async function generateProductImages({
	csvFile,
	publicDir,
	force = false,
	onProgress = () => {},
}: {
	csvFile: string
	publicDir: string
	force?: boolean
	/** Called after each product's pictures are written, with how many of how many are done. */
	onProgress?: (done: number, total: number) => void
}) {
	if (!fs.existsSync(csvFile)) return { generated: 0 }
	const csv = fs.readFileSync(csvFile)
	const hash = crypto.createHash('sha256').update(csv).update(String(VERSION)).digest('hex')
	const outDir = path.join(publicDir, 'images', 'products')
	const manifest = path.join(outDir, 'manifest.json')
	if (
		!force &&
		fs.existsSync(manifest) &&
		JSON.parse(fs.readFileSync(manifest, 'utf8')).hash === hash
	) {
		return { generated: 0 }
	}
	fs.mkdirSync(outDir, { recursive: true })
	const rows = parse(csv, {
		bom: true,
		columns: true,
		skip_empty_lines: true,
		relax_column_count: true,
	}) as Array<Record<string, string>>
	const jobs = rows.filter((row) => /^\/images\/products\/[\w-]+\.jpg$/.test(row.image_url ?? ''))
	let generated = 0
	let done = 0
	onProgress(0, jobs.length)
	// A few at a time: each drawing is rendered on one libuv thread.
	for (let i = 0; i < jobs.length; i += 8) {
		await Promise.all(
			jobs.slice(i, i + 8).map(async (row) => {
				const file = path.join(publicDir, row.image_url!)
				// Rasterise the drawing once; both files are encoded from the same pixels (sharp would
				// otherwise render the SVG again for each output).
				const { data, info } = await sharp(
					Buffer.from(productSvg(row.name ?? '', row.vendor ?? '', row.category ?? '')),
				)
					.raw()
					.toBuffer({ resolveWithObject: true })
				const raw = { raw: { width: info.width, height: info.height, channels: info.channels } }
				await Promise.all([
					sharp(data, raw).jpeg({ quality: 78, mozjpeg: true }).toFile(file),
					sharp(data, raw)
						.resize(THUMB, THUMB)
						.jpeg({ quality: 75, mozjpeg: true })
						.toFile(file.replace(/\.jpg$/, '-thumb.jpg')),
				])
				generated += 2
				onProgress(++done, jobs.length)
			}),
		)
	}
	fs.writeFileSync(manifest, JSON.stringify({ hash, files: generated }))
	return { generated }
}
