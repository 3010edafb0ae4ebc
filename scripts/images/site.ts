// The site's images (app/lib/images.ts lists them), drawn from seeds: nothing is downloaded.
// The server draws each on first request, in its photo worker (app/.server/demo-images, decision
// 0028), and caches the original and its variants.
import sharp from 'sharp'
import { SITE_IMAGES, type SiteImage, type SiteImageName } from '../../app/lib/images'
import { avatarSvg, placeholderSvg, socialOverlaySvg } from './graphics'
import { fromPixels, type Pixels, toPixels } from './pixels'
import { renderPondScene, type SceneStyle, type Shot } from './scene'
import { tileSvg } from './tiles'

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

/** One of the site's images (app/lib/images.ts) at its full size, as raw pixels. */
export function drawSiteImage(name: SiteImageName): Promise<Pixels> {
	return master(name, SITE_IMAGES[name])
}
