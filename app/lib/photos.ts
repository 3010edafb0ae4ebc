import type { ImageFormat } from './images'

/**
 * Uploaded photos' addresses (decision 0026): /photos/<id>-<width>.<format> for the responsive
 * widths, /photos/<id>.jpg for the main 800-pixel picture a product's image_url holds, and
 * /photos/<id>-thumb.jpg beside it (the spec's thumbnail rule). The id is the stored original's
 * content hash, so each address always means the same picture and is cached for a year.
 */
export const PHOTO_PATH = '/photos'
/** The same widths and formats as the generated gallery photos (GALLERY_WIDTHS, AVIF_WIDTHS). */
export const PHOTO_WIDTHS = [160, 480, 960, 1280] as const
/** AVIF only where phones and laptops look first: it is slow to encode. */
export const PHOTO_AVIF_WIDTHS = [480, 960] as const
export const PHOTO_MAIN_WIDTH = 800
export const PHOTO_THUMB_SIZE = 300

/** Upload limits (issue 32): checked by the server, told to the admin before choosing files. */
export const MAX_PHOTO_UPLOAD_BYTES = 20 * 1024 * 1024
export const MAX_PHOTO_MEGAPIXELS = 40
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp,image/avif'
/** A product's gallery: the main photo and up to this many more. */
export const MAX_MORE_IMAGES = 11

const ID = '[0-9a-f]{32}'
export const PHOTO_ID = new RegExp(`^${ID}$`)
const FILE = new RegExp(`^(${ID})(?:-(thumb|\\d{2,4}))?\\.(avif|webp|jpg)$`)

/** What a page or the editor needs to show a stored photo (the upload route answers these). */
export type PhotoRef = {
	id: string
	url: string
	thumbUrl: string
	width: number
	height: number
	alt: string
}

export type PhotoVariant =
	| { id: string; kind: 'main' }
	| { id: string; kind: 'thumb' }
	| { id: string; kind: 'width'; width: number; format: ImageFormat }

/** The variant a file name asks for; undefined for any name this site never hands out. */
export function parsePhotoFile(name: string): PhotoVariant | undefined {
	const match = FILE.exec(name)
	if (!match) return undefined
	const [, id, size, format] = match as unknown as [string, string, string | undefined, ImageFormat]
	if (size === undefined) return format === 'jpg' ? { id, kind: 'main' } : undefined
	if (size === 'thumb') return format === 'jpg' ? { id, kind: 'thumb' } : undefined
	const width = Number(size)
	if (!(PHOTO_WIDTHS as readonly number[]).includes(width)) return undefined
	if (format === 'avif' && !(PHOTO_AVIF_WIDTHS as readonly number[]).includes(width))
		return undefined
	return { id, kind: 'width', width, format }
}

export function photoFileName(variant: PhotoVariant) {
	if (variant.kind === 'main') return `${variant.id}.jpg`
	if (variant.kind === 'thumb') return `${variant.id}-thumb.jpg`
	return `${variant.id}-${variant.width}.${variant.format}`
}

/** Every variant of one photo: what "all variants ready" means. */
export function allVariants(id: string): PhotoVariant[] {
	const widths = PHOTO_WIDTHS.flatMap((width) =>
		(['avif', 'webp', 'jpg'] as const)
			.filter((f) => f !== 'avif' || (PHOTO_AVIF_WIDTHS as readonly number[]).includes(width))
			.map((format) => ({ id, kind: 'width' as const, width, format })),
	)
	return [{ id, kind: 'main' }, { id, kind: 'thumb' }, ...widths]
}

export const photoMainUrl = (id: string) => `${PHOTO_PATH}/${id}.jpg`
export const photoThumbUrl = (id: string) => `${PHOTO_PATH}/${id}-thumb.jpg`
export const photoWidthUrl = (id: string, width: number, format: ImageFormat) =>
	`${PHOTO_PATH}/${id}-${width}.${format}`

/** The uploaded photo an image_url points at (its main picture), or undefined for any other URL. */
export function uploadedPhotoId(url: string) {
	const match = new RegExp(`^${PHOTO_PATH}/(${ID})\\.jpg$`).exec(url)
	return match?.[1]
}

/** srcset for one format of an uploaded photo. */
export function photoSrcSet(id: string, format: ImageFormat) {
	const widths = format === 'avif' ? PHOTO_AVIF_WIDTHS : PHOTO_WIDTHS
	return widths.map((w) => `${photoWidthUrl(id, w, format)} ${w}w`).join(', ')
}

/** A product photo as pages and the editor show it; `id` is set for an uploaded photo. */
export type ShownPhoto = {
	url: string
	alt: string
	id: string | null
	/** An uploaded photo's size, so the page keeps its place while it loads. */
	width?: number
	height?: number
}

/** A small picture of any product photo: the uploaded thumbnail, or the spec's -thumb.jpg rule. */
export function shownThumbUrl(photo: Pick<ShownPhoto, 'url' | 'id'>) {
	if (photo.id) return photoThumbUrl(photo.id)
	return photo.url.startsWith('/') ? photo.url.replace(/\.jpg$/i, '-thumb.jpg') : photo.url
}
