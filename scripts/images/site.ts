import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import {
	IMAGE_FORMATS,
	SITE_IMAGES,
	type SiteImage,
	type SiteImageName,
} from '../../app/lib/images'
import { pondSceneSvg, type SceneStyle } from './scene'
import { tileSvg } from './tiles'
import { writeVariants } from './variants'

/** Bump when the drawings change, so every machine regenerates its copies. */
const VERSION = 3

const SCENE_STYLES: Partial<Record<SiteImageName, SceneStyle>> = {
	hero: 'natural',
	bespoke: 'raised-stone',
	'why-choose-us': 'modern',
	about: 'wildlife',
	social: 'natural',
}

function masterSvg(name: SiteImageName, spec: SiteImage) {
	const { width, height, seed, color } = spec
	switch (spec.kind) {
		case 'scene':
			return pondSceneSvg({ seed, width, height, style: SCENE_STYLES[name] ?? 'natural' })
		case 'tile':
			return tileSvg(name, width, height, color)
		case 'avatar':
			return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 100 100"><rect width="100" height="100" fill="${color}"/><circle cx="50" cy="40" r="18" fill="#f3e6da"/><path d="M18 100 q32 -48 64 0 z" fill="#f3e6da"/></svg>`
		case 'placeholder':
			return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 800 600"><rect width="800" height="600" fill="${color}"/><g fill="none" stroke="#7d98a8" stroke-width="14" stroke-linejoin="round"><rect x="280" y="210" width="240" height="180" rx="16"/><path d="M290 370 l70 -70 l50 50 l40 -30 l60 50"/></g><circle cx="460" cy="260" r="18" fill="#7d98a8"/></svg>`
		case 'social': {
			const scene = pondSceneSvg({ seed, width, height, style: 'natural' })
			const overlay = `<rect width="${width}" height="${height}" fill="#0b2433" fill-opacity="0.55"/><text x="80" y="300" font-family="DejaVu Serif" font-weight="bold" font-size="72" fill="#fff">Highland Koi &amp; Ponds</text><text x="80" y="380" font-family="DejaVu Sans" font-size="38" fill="#fff">Custom ponds · Pond equipment · UK delivery</text>`
			return scene.replace(/<\/svg>$/, `${overlay}</svg>`)
		}
	}
}

export async function generateSiteImages({
	outDir,
	force = false,
}: {
	outDir: string
	force?: boolean
}) {
	const manifestPath = path.join(outDir, 'manifest.json')
	const names = Object.keys(SITE_IMAGES) as SiteImageName[]
	const expected = names.flatMap((name) =>
		SITE_IMAGES[name].widths.flatMap((w) => IMAGE_FORMATS.map((f) => `${name}-${w}.${f}`)),
	)
	const upToDate =
		!force &&
		fs.existsSync(manifestPath) &&
		JSON.parse(fs.readFileSync(manifestPath, 'utf8')).version === VERSION &&
		expected.every((file) => fs.existsSync(path.join(outDir, file)))
	if (upToDate) return { generated: 0 }
	fs.mkdirSync(outDir, { recursive: true })
	await Promise.all(
		names.map(async (name) => {
			const spec = SITE_IMAGES[name]
			const master = await sharp(Buffer.from(masterSvg(name, spec)))
				.png()
				.toBuffer()
			await writeVariants(master, spec.width, spec.height, spec.widths, (w, f) =>
				path.join(outDir, `${name}-${w}.${f}`),
			)
		}),
	)
	fs.writeFileSync(manifestPath, JSON.stringify({ version: VERSION, files: expected.length }))
	return { generated: expected.length }
}
