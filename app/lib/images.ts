/**
 * The site's generated images: one source of truth for the generator (scripts/images) and the
 * <Picture> component. Files live at /images/generated/site/{name}-{width}.{format}. What the
 * generator paints for each is in scripts/images/site.ts, out of the browser's bundle.
 */
export const IMAGE_FORMATS = ['avif', 'webp', 'jpg'] as const
export type ImageFormat = (typeof IMAGE_FORMATS)[number]

export type SiteImage = {
	/** Intrinsic aspect ratio as width / height. */
	width: number
	height: number
	/** Widths generated for srcset, ascending; the largest equals `width`. */
	widths: readonly number[]
	/** Dominant colour, shown behind the image while it loads. */
	color: string
}

export const SITE_IMAGES = {
	hero: {
		width: 2400,
		height: 1350,
		widths: [640, 960, 1280, 1600, 2400],
		color: '#2f5d50',
	},
	bespoke: {
		width: 1200,
		height: 900,
		widths: [480, 800, 1200],
		color: '#3c6e5a',
	},
	'why-choose-us': {
		width: 1920,
		height: 1080,
		widths: [640, 1280, 1920],
		color: '#1e4d6b',
	},
	about: {
		width: 1200,
		height: 900,
		widths: [480, 800, 1200],
		color: '#4a6b3c',
	},
	'tile-filters': {
		width: 800,
		height: 600,
		widths: [400, 800],
		color: '#1f6f8b',
	},
	'tile-fittings': {
		width: 800,
		height: 600,
		widths: [400, 800],
		color: '#5b6770',
	},
	'tile-pumps': {
		width: 800,
		height: 600,
		widths: [400, 800],
		color: '#24577a',
	},
	'tile-air-pumps': {
		width: 800,
		height: 600,
		widths: [400, 800],
		color: '#3a7ca5',
	},
	'tile-skimmers': {
		width: 800,
		height: 600,
		widths: [400, 800],
		color: '#2e6b57',
	},
	'tile-all': {
		width: 800,
		height: 600,
		widths: [400, 800],
		color: '#2f5d50',
	},
	'avatar-1': {
		width: 160,
		height: 160,
		widths: [80, 160],
		color: '#c9a27e',
	},
	'avatar-2': {
		width: 160,
		height: 160,
		widths: [80, 160],
		color: '#8d6e63',
	},
	'avatar-3': {
		width: 160,
		height: 160,
		widths: [80, 160],
		color: '#a1887f',
	},
	placeholder: {
		width: 800,
		height: 600,
		widths: [400, 800],
		color: '#dbe7ee',
	},
	social: {
		width: 1200,
		height: 630,
		widths: [1200],
		color: '#1e4d6b',
	},
} as const satisfies Record<string, SiteImage>

export type SiteImageName = keyof typeof SITE_IMAGES

/**
 * What the photo worker draws for a demo image (scripts/images/draw.ts does the drawing): a site
 * picture by name, a portfolio project's gallery photo by number, or a product's picture from its
 * catalogue row. The same drawing always gives the same pixels.
 */
export type Drawing =
	| { family: 'site'; name: SiteImageName }
	| { family: 'portfolio'; project: string; photo: number }
	| { family: 'products'; name: string; vendor: string; category: string }

export const SITE_IMAGE_DIR = '/images/generated/site'

export function siteImageUrl(name: SiteImageName, width: number, format: ImageFormat) {
	return `${SITE_IMAGE_DIR}/${name}-${width}.${format}`
}

/** Shown when any image fails to load (spec: other images fall back to a placeholder). */
export const PLACEHOLDER_SRC = siteImageUrl('placeholder', 800, 'jpg')
