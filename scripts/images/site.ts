// Generates the site's images (app/lib/images.ts lists them) from seeded drawings: nothing is
// downloaded, and the output folder is gitignored, so this runs on install / first start.
import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import {
	IMAGE_FORMATS,
	SITE_IMAGES,
	type SiteImage,
	type SiteImageName,
} from '../../app/lib/images'
import { avatarSvg, placeholderSvg, socialOverlaySvg } from './graphics'
import { fromPixels, type Pixels, toPixels } from './pixels'
import { renderPondScene, type SceneStyle, type Shot } from './scene'
import { tileSvg } from './tiles'
import { writeVariants } from './variants'

/** Bump when any drawing changes, so every machine regenerates its copies. */
export const VERSION = 4

type Art = { kind: 'scene' | 'tile' | 'avatar' | 'placeholder' | 'social'; seed: number }

/** What each image is (a scene, a category tile, …) and its seed, so each looks different but stays stable. */
const ART: Record<SiteImageName, Art> = {
	hero: { kind: 'scene', seed: 1 },
	bespoke: { kind: 'scene', seed: 2 },
	'why-choose-us': { kind: 'scene', seed: 3 },
	about: { kind: 'scene', seed: 4 },
	'tile-filters': { kind: 'tile', seed: 11 },
	'tile-fittings': { kind: 'tile', seed: 12 },
	'tile-pumps': { kind: 'tile', seed: 13 },
	'tile-air-pumps': { kind: 'tile', seed: 14 },
	'tile-skimmers': { kind: 'tile', seed: 15 },
	'tile-all': { kind: 'tile', seed: 16 },
	'avatar-1': { kind: 'avatar', seed: 21 },
	'avatar-2': { kind: 'avatar', seed: 22 },
	'avatar-3': { kind: 'avatar', seed: 23 },
	placeholder: { kind: 'placeholder', seed: 0 },
	social: { kind: 'social', seed: 5 },
}

/** Which pond each photo-like image shows (the seed comes from ART). */
const SCENES: Partial<Record<SiteImageName, { style: SceneStyle; shot?: Shot }>> = {
	hero: { style: 'natural', shot: 'close' },
	bespoke: { style: 'raised-stone', shot: 'medium' },
	'why-choose-us': { style: 'modern', shot: 'medium' },
	about: { style: 'wildlife', shot: 'medium' },
	social: { style: 'natural', shot: 'medium' },
}

const draw = (svg: string) => toPixels(sharp(Buffer.from(svg)))

/** The full-size image, as raw pixels. */
async function master(name: SiteImageName, spec: SiteImage): Promise<Pixels> {
	const { width, height, color } = spec
	const { kind, seed } = ART[name]
	const scene = { seed, width, height, style: 'natural' as SceneStyle, ...SCENES[name] }
	switch (kind) {
		case 'scene':
			return renderPondScene(scene)
		case 'social':
			// Text goes on after the photo finish, so it stays crisp.
			return toPixels(
				fromPixels(await renderPondScene(scene)).composite([
					{ input: Buffer.from(socialOverlaySvg(width, height)) },
				]),
			)
		case 'tile':
			return draw(tileSvg(name, width, height, color))
		case 'avatar':
			return draw(avatarSvg(seed, width, color))
		case 'placeholder':
			return draw(placeholderSvg(width, height, color))
	}
}

const fileName = (name: string, width: number, format: string) => `${name}-${width}.${format}`

function manifestVersion(file: string) {
	try {
		return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version?: unknown }).version
	} catch {
		return undefined
	}
}

export async function generateSiteImages({
	outDir,
	force = false,
	onProgress = () => {},
}: {
	outDir: string
	force?: boolean
	/** Called after each image is drawn, with how many of how many are done. */
	onProgress?: (done: number, total: number) => void
}) {
	const manifestPath = path.join(outDir, 'manifest.json')
	const names = Object.keys(SITE_IMAGES) as SiteImageName[]
	const files = names.flatMap((name) =>
		SITE_IMAGES[name].widths.flatMap((w) => IMAGE_FORMATS.map((f) => fileName(name, w, f))),
	)
	// Files from an older generator version are stale: redraw them all.
	const current = manifestVersion(manifestPath) === VERSION
	if (!force && current && files.every((f) => fs.existsSync(path.join(outDir, f)))) {
		return { generated: 0 }
	}
	fs.mkdirSync(outDir, { recursive: true })
	let generated = 0
	let drawn = 0
	onProgress(0, names.length)
	const draw = async (name: SiteImageName) => {
		const spec = SITE_IMAGES[name]
		const fileFor = (w: number, f: string) => path.join(outDir, fileName(name, w, f))
		const overwrite = force || !current
		const missing = spec.widths.some((w) =>
			IMAGE_FORMATS.some((f) => overwrite || !fs.existsSync(fileFor(w, f))),
		)
		if (missing) {
			generated += await writeVariants(await master(name, spec), {
				...spec,
				fileFor,
				force: overwrite,
			})
		}
		onProgress(++drawn, names.length)
	}
	// All at once: SVG rendering is single-threaded per image, so this keeps every core busy.
	await Promise.all(names.map(draw))
	fs.writeFileSync(manifestPath, `${JSON.stringify({ version: VERSION, files }, null, '\t')}\n`)
	return { generated }
}
