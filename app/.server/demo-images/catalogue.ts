import type { ResizeOptions } from 'sharp'
import {
	AVIF_WIDTHS,
	GALLERY_FORMATS,
	GALLERY_SIZE,
	GALLERY_WIDTHS,
	PORTFOLIO_PROJECTS,
} from '~/data/portfolio'
import type { Drawing } from '~/lib/images'
import { IMAGE_FORMATS, type ImageFormat, SITE_IMAGES, type SiteImageName } from '~/lib/images'
import type { EncoderOutput } from '../photos/photo-worker'
import { VARIANT_ENCODERS } from '../photos/variant-encoders'

/**
 * Every demo image the site hands out (decision 0028): the site's pictures
 * (/images/generated/site/…), the demo products' photos (/images/products/…) and the portfolio's
 * gallery (/images/portfolio/…). Each is an original drawn from its seed (scripts/images/draw.ts)
 * and a fixed list of variants resized from it, the same addresses, widths, formats and encoder
 * settings the start-up generator wrote before. Any other name is a 404: nothing is drawn for it.
 */
export type { Drawing }
export type Family = Drawing['family']

/** One variant: its path under /images (also its path in the cache), size and encoder. */
export type DemoVariant = EncoderOutput & { path: string; resize: ResizeOptions }

export type DemoImage = {
	drawing: Drawing
	/** The original's path in the cache, under `originals/`. */
	original: string
	/** How the original is kept: photo-like scenes as JPEG q92 4:4:4, flat graphics as PNG. */
	originalEncoder: EncoderOutput
	/** The original's width (variants never enlarge it). */
	width: number
	variants: DemoVariant[]
}

/** What a demo product's picture shows, from its catalogue row. */
export type ProductArt = { name: string; vendor: string; category: string }

const SCENE_ORIGINAL: EncoderOutput = {
	format: 'jpeg',
	options: { quality: 92, chromaSubsampling: '4:4:4' },
}
const GRAPHIC_ORIGINAL: EncoderOutput = { format: 'png', options: { compressionLevel: 6 } }

/** The gallery's own settings: its photos are many, so a little smaller than the site's. */
const GALLERY_ENCODERS: Record<ImageFormat, EncoderOutput> = {
	avif: { format: 'avif', options: { quality: 45, effort: 1 } },
	webp: { format: 'webp', options: { quality: 72 } },
	jpg: { format: 'jpeg', options: { quality: 76, mozjpeg: true, progressive: true } },
}

const PHOTO_LIKE = new Set<SiteImageName>(['hero', 'bespoke', 'why-choose-us', 'about', 'social'])

export function siteImage(name: SiteImageName): DemoImage {
	const spec = SITE_IMAGES[name]
	return {
		drawing: { family: 'site', name },
		original: `originals/site/${name}.${PHOTO_LIKE.has(name) ? 'jpg' : 'png'}`,
		originalEncoder: PHOTO_LIKE.has(name) ? SCENE_ORIGINAL : GRAPHIC_ORIGINAL,
		width: spec.width,
		variants: spec.widths.flatMap((width) =>
			IMAGE_FORMATS.map((format) => ({
				path: `generated/site/${name}-${width}.${format}`,
				resize: { width, height: Math.round((width * spec.height) / spec.width) },
				...VARIANT_ENCODERS[format],
			})),
		),
	}
}

const twoDigits = (photo: number) => String(photo).padStart(2, '0')

/** Photo `photo` (from 1) of a demo project; undefined when the project has no such photo. */
export function portfolioPhoto(project: string, photo: number): DemoImage | undefined {
	const found = PORTFOLIO_PROJECTS.find((p) => p.id === project)
	if (!found || !Number.isInteger(photo) || photo < 1 || photo > found.imageCount) return
	const name = `portfolio/${project}/${twoDigits(photo)}`
	const variants: DemoVariant[] = GALLERY_WIDTHS.flatMap((width) =>
		GALLERY_FORMATS.filter(
			(format) => format !== 'avif' || (AVIF_WIDTHS as readonly number[]).includes(width),
		).map((format) => ({
			path: `${name}-${width}.${format}`,
			resize: { width, height: Math.round((width * GALLERY_SIZE.height) / GALLERY_SIZE.width) },
			...GALLERY_ENCODERS[format],
		})),
	)
	// The spec's project thumbnail is the first photo at 800 × 600.
	if (photo === 1)
		variants.push({
			path: `portfolio/${project}/thumbnail.jpeg`,
			resize: { width: 800, height: 600 },
			format: 'jpeg',
			options: { quality: 78, mozjpeg: true, progressive: true },
		})
	return {
		drawing: { family: 'portfolio', project, photo },
		original: `originals/${name}.jpg`,
		originalEncoder: SCENE_ORIGINAL,
		width: GALLERY_SIZE.width,
		variants,
	}
}

/** `/images/products/<slug>.jpg` at 800 px and the spec's `<slug>-thumb.jpg` at 300 px. */
export function productImage(slug: string, art: ProductArt): DemoImage {
	return {
		drawing: { family: 'products', ...art },
		original: `originals/products/${slug}.png`,
		originalEncoder: GRAPHIC_ORIGINAL,
		width: 800,
		variants: [
			{
				path: `products/${slug}.jpg`,
				resize: { width: 800, height: 800 },
				format: 'jpeg',
				options: { quality: 78, mozjpeg: true },
			},
			{
				path: `products/${slug}-thumb.jpg`,
				resize: { width: 300, height: 300 },
				format: 'jpeg',
				options: { quality: 75, mozjpeg: true },
			},
		],
	}
}

const SITE = /^generated\/site\/([a-z0-9-]+)-\d{2,4}\.(?:avif|webp|jpg)$/
const PORTFOLIO =
	/^portfolio\/([a-z0-9-]+)\/(?:(\d{2})-\d{2,4}\.(?:avif|webp|jpg)|thumbnail\.jpeg)$/
const PRODUCT = /^products\/([\w-]+?)(-thumb)?\.jpg$/

/**
 * The image and variant a path under /images names (`portfolio/pond3/07-960.webp`), or undefined
 * for any name the site does not hand out: another width or format, a photo a project does not
 * have, a product not in the catalogue file. `product(slug)` finds a product's catalogue row.
 */
export function demoImageFor(
	path: string,
	product: (slug: string) => ProductArt | undefined,
): { image: DemoImage; variant: DemoVariant } | undefined {
	let image: DemoImage | undefined
	const site = SITE.exec(path)
	const gallery = PORTFOLIO.exec(path)
	const item = PRODUCT.exec(path)
	if (site && Object.hasOwn(SITE_IMAGES, site[1]!)) image = siteImage(site[1] as SiteImageName)
	else if (gallery) image = portfolioPhoto(gallery[1]!, gallery[2] ? Number(gallery[2]) : 1)
	else if (item) {
		// A slug ending in -thumb may itself be a product's main picture.
		const main = product(`${item[1]}${item[2] ?? ''}`)
		const slug = main ? `${item[1]}${item[2] ?? ''}` : item[1]!
		const art = main ?? (item[2] ? product(slug) : undefined)
		if (art) image = productImage(slug, art)
	}
	const variant = image?.variants.find((v) => v.path === path)
	return image && variant ? { image, variant } : undefined
}

/**
 * Every demo image, in the order the background warm-up makes them: what the home page shows
 * first (the hero, its tiles), then the portfolio's thumbnails and galleries, then the products.
 */
export function allDemoImages(products: ReadonlyMap<string, ProductArt>): DemoImage[] {
	const photos = PORTFOLIO_PROJECTS.flatMap((project) =>
		Array.from({ length: project.imageCount }, (_, i) => portfolioPhoto(project.id, i + 1)!),
	)
	return [
		...(Object.keys(SITE_IMAGES) as SiteImageName[]).map(siteImage),
		...photos.filter((p) => p.drawing.family === 'portfolio' && p.drawing.photo === 1),
		...photos.filter((p) => p.drawing.family === 'portfolio' && p.drawing.photo !== 1),
		...[...products].map(([slug, art]) => productImage(slug, art)),
	]
}
