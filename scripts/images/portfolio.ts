import fs from 'node:fs'
import path from 'node:path'
import {
	AVIF_WIDTHS,
	GALLERY_FORMATS,
	GALLERY_SIZE,
	GALLERY_WIDTHS,
	PORTFOLIO_PROJECTS,
} from '../../app/data/portfolio'
import { fromPixels, type Pixels, resized } from './pixels'
import { renderPondScene, type SceneStyle, type Shot } from './scene'

/** Bump when the pictures change so every machine regenerates them. */
const VERSION = 2

/** Photos drawn at once; each holds a 5 MB master while its variants are encoded. */
const IN_FLIGHT = 3

const SHOTS: Shot[] = ['medium', 'close', 'wide']
const STYLE: Record<string, SceneStyle> = {
	pond1: 'raised-brick',
	pond2: 'modern',
	pond3: 'raised-stone',
	pond4: 'wildlife',
	pond5: 'modern',
	pond6: 'natural',
}

export type PortfolioManifest = { version: number; colours: Record<string, string[]> }

type Format = (typeof GALLERY_FORMATS)[number]

const encode = (pixels: Pixels, format: Format | 'thumbnail') => {
	const pipeline = fromPixels(pixels)
	if (format === 'avif') return pipeline.avif({ quality: 45, effort: 1 })
	if (format === 'webp') return pipeline.webp({ quality: 72 })
	if (format === 'jpg') return pipeline.jpeg({ quality: 76, mozjpeg: true, progressive: true })
	return pipeline.jpeg({ quality: 78, mozjpeg: true, progressive: true })
}

const hex = ({ r, g, b }: { r: number; g: number; b: number }) =>
	`#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`

async function writePhoto(dir: string, seed: number, style: SceneStyle, photo: number) {
	const master = await renderPondScene({
		seed,
		width: GALLERY_SIZE.width,
		height: GALLERY_SIZE.height,
		style,
		shot: SHOTS[photo % SHOTS.length],
	})
	const name = String(photo).padStart(2, '0')
	// Each width is resized once and all its formats are encoded from the same pixels.
	const sizes = GALLERY_WIDTHS.map(async (width) => {
		const pixels = await resized(
			master,
			width,
			Math.round((width * GALLERY_SIZE.height) / GALLERY_SIZE.width),
		)
		const formats = GALLERY_FORMATS.filter(
			(format) => format !== 'avif' || (AVIF_WIDTHS as readonly number[]).includes(width),
		)
		await Promise.all(
			formats.map((format) =>
				encode(pixels, format).toFile(path.join(dir, `${name}-${width}.${format}`)),
			),
		)
		return formats.length
	})
	if (photo === 1) {
		sizes.push(
			resized(master, 800, 600)
				.then((pixels) => encode(pixels, 'thumbnail').toFile(path.join(dir, 'thumbnail.jpeg')))
				.then(() => 1),
		)
	}
	// The colour shown while the photo loads, from a small copy: the full frame cost 70 ms a photo.
	const colour = fromPixels(master).resize(320).stats()
	const [{ dominant }, ...counts] = await Promise.all([colour, ...sizes])
	return { files: counts.reduce((sum, count) => sum + count, 0), colour: hex(dominant) }
}

/**
 * The portfolio photographs: per project, `thumbnail.jpeg` and every gallery photo in each width
 * and format. A manifest records each photo's dominant colour, shown while the photo loads.
 */
export async function generatePortfolioImages({
	outDir,
	force = false,
	onProgress = () => {},
}: {
	outDir: string
	force?: boolean
	/** Called after each photo is written, with how many of how many are done. */
	onProgress?: (done: number, total: number) => void
}) {
	const manifestFile = path.join(outDir, 'manifest.json')
	if (
		!force &&
		fs.existsSync(manifestFile) &&
		(JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as PortfolioManifest).version === VERSION
	) {
		return { generated: 0 }
	}
	const photos = PORTFOLIO_PROJECTS.flatMap((project, index) => {
		const dir = path.join(outDir, project.id)
		fs.mkdirSync(dir, { recursive: true })
		const style = STYLE[project.id] ?? 'natural'
		return Array.from({ length: project.imageCount }, (_, i) => ({
			project: project.id,
			dir,
			style,
			photo: i + 1,
			seed: (index + 1) * 1000 + i + 1,
		}))
	})
	const colours = new Map<string, string[]>(PORTFOLIO_PROJECTS.map((p) => [p.id, []]))
	let generated = 0
	let done = 0
	onProgress(0, photos.length)
	// A few photos in flight, each starting as soon as another finishes: one photo's single-threaded
	// SVG rendering overlaps another's encoding, so both cores stay busy without a wait per batch.
	let next = 0
	const worker = async () => {
		while (next < photos.length) {
			const { project, dir, style, photo, seed } = photos[next++]!
			const result = await writePhoto(dir, seed, style, photo)
			generated += result.files
			colours.get(project)![photo - 1] = result.colour
			onProgress(++done, photos.length)
		}
	}
	await Promise.all(Array.from({ length: IN_FLIGHT }, worker))
	const manifest: PortfolioManifest = { version: VERSION, colours: Object.fromEntries(colours) }
	fs.writeFileSync(manifestFile, JSON.stringify(manifest))
	return { generated }
}
