import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import {
	AVIF_WIDTHS,
	GALLERY_FORMATS,
	GALLERY_SIZE,
	GALLERY_WIDTHS,
	PORTFOLIO_PROJECTS,
} from '../../app/data/portfolio'
import { renderPondScene, type SceneStyle, type Shot } from './scene'

/** Bump when the pictures change so every machine regenerates them. */
const VERSION = 2

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

async function writePhoto(dir: string, seed: number, style: SceneStyle, photo: number) {
	const master = await renderPondScene({
		seed,
		width: GALLERY_SIZE.width,
		height: GALLERY_SIZE.height,
		style,
		shot: SHOTS[photo % SHOTS.length],
	})
	const { dominant } = await sharp(master).stats()
	const jobs = GALLERY_WIDTHS.flatMap((width) =>
		GALLERY_FORMATS.filter(
			(format) => format !== 'avif' || (AVIF_WIDTHS as readonly number[]).includes(width),
		).map((format) => {
			const file = path.join(dir, `${String(photo).padStart(2, '0')}-${width}.${format}`)
			const pipeline = sharp(master).resize(
				width,
				Math.round((width * GALLERY_SIZE.height) / GALLERY_SIZE.width),
			)
			if (format === 'avif') return pipeline.avif({ quality: 45, effort: 1 }).toFile(file)
			if (format === 'webp') return pipeline.webp({ quality: 72 }).toFile(file)
			return pipeline.jpeg({ quality: 76, mozjpeg: true, progressive: true }).toFile(file)
		}),
	)
	if (photo === 1) {
		jobs.push(
			sharp(master)
				.resize(800, 600)
				.jpeg({ quality: 78, mozjpeg: true, progressive: true })
				.toFile(path.join(dir, 'thumbnail.jpeg')),
		)
	}
	await Promise.all(jobs)
	return {
		files: jobs.length,
		colour: `#${[dominant.r, dominant.g, dominant.b].map((c) => c.toString(16).padStart(2, '0')).join('')}`,
	}
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
	const manifest: PortfolioManifest = { version: VERSION, colours: {} }
	const total = PORTFOLIO_PROJECTS.reduce((sum, project) => sum + project.imageCount, 0)
	let generated = 0
	let done = 0
	onProgress(0, total)
	for (const [index, project] of PORTFOLIO_PROJECTS.entries()) {
		const dir = path.join(outDir, project.id)
		fs.mkdirSync(dir, { recursive: true })
		const style = STYLE[project.id] ?? 'natural'
		const photos = Array.from({ length: project.imageCount }, (_, i) => i + 1)
		const colours: string[] = []
		// Two photos at a time keeps both cores busy without holding many large masters in memory.
		for (let i = 0; i < photos.length; i += 2) {
			const results = await Promise.all(
				photos
					.slice(i, i + 2)
					.map((photo) => writePhoto(dir, (index + 1) * 1000 + photo, style, photo)),
			)
			for (const result of results) {
				generated += result.files
				colours.push(result.colour)
				onProgress(++done, total)
			}
		}
		manifest.colours[project.id] = colours
	}
	fs.writeFileSync(manifestFile, JSON.stringify(manifest))
	return { generated }
}
