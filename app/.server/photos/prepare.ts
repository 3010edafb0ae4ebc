import sharp from 'sharp'
import { MAX_PHOTO_MEGAPIXELS, MAX_PHOTO_UPLOAD_BYTES } from '~/lib/photos'
import { photoWorker } from './photo-worker'

/** What an upload becomes once accepted: upright, re-encoded, with no metadata at all. */
export type PreparedOriginal = {
	contentType: 'image/jpeg' | 'image/webp'
	width: number
	height: number
	bytes: Buffer
}
export type Preparation = { ok: true; photo: PreparedOriginal } | { ok: false; message: string }

const MAX_PIXELS = MAX_PHOTO_MEGAPIXELS * 1_000_000
const MB = 1024 * 1024

/** The format sharp finds in the bytes' header; the name and the browser's type are not trusted. */
async function sniff(bytes: Buffer) {
	try {
		const m = await sharp(bytes, { limitInputPixels: false }).metadata()
		const format = m.format === 'heif' ? (m.compression === 'av1' ? 'avif' : 'heic') : m.format
		return { format, width: m.width ?? 0, height: m.height ?? 0, alpha: m.hasAlpha === true }
	} catch {
		return undefined
	}
}

/**
 * Checks one uploaded photo by its content and makes the original that is stored (issue 32):
 * JPEG, PNG, WebP or AVIF only; at most 20 MB and 40 megapixels, the pixels counted from the
 * header before anything is decoded (a decompression bomb is refused unread); then turned the
 * way its EXIF orientation says and re-encoded, which drops EXIF (GPS positions of customers'
 * gardens), XMP, IPTC and ICC data. A photo with transparency stays WebP, the rest JPEG.
 * Only the header is read here; the decoding and encoding run in the low-priority photo worker.
 */
export async function prepareOriginal(bytes: Buffer, name = 'The photo'): Promise<Preparation> {
	if (bytes.length === 0) return { ok: false, message: `${name} is empty.` }
	if (bytes.length > MAX_PHOTO_UPLOAD_BYTES)
		return {
			ok: false,
			message: `${name} is ${(bytes.length / MB).toFixed(1)} MB; the limit is 20 MB. Please export a smaller copy.`,
		}
	const found = await sniff(bytes)
	if (found?.format === 'svg')
		return {
			ok: false,
			message: `${name} is an SVG drawing. SVGs can carry scripts, so only JPEG, PNG, WebP or AVIF photos are accepted.`,
		}
	if (!found || !['jpeg', 'png', 'webp', 'avif'].includes(found.format ?? ''))
		return {
			ok: false,
			message: `${name} is not a JPEG, PNG, WebP or AVIF photo (whatever its name says). Please choose a photo file.`,
		}
	const pixels = found.width * found.height
	if (pixels > MAX_PIXELS)
		return {
			ok: false,
			message: `${name} is ${found.width} × ${found.height} pixels (${Math.round(pixels / 1_000_000)} megapixels); the limit is ${MAX_PHOTO_MEGAPIXELS} megapixels. Please export a smaller copy.`,
		}
	try {
		const { data, width, height } = await photoWorker.run({
			op: 'encode',
			input: bytes,
			limitInputPixels: MAX_PIXELS,
			...(found.alpha
				? { output: { format: 'webp', options: { quality: 90, alphaQuality: 100 } } }
				: {
						flatten: '#ffffff',
						output: { format: 'jpeg', options: { quality: 90, chromaSubsampling: '4:4:4' } },
					}),
		})
		return {
			ok: true,
			photo: {
				contentType: found.alpha ? 'image/webp' : 'image/jpeg',
				width,
				height,
				bytes: Buffer.from(data.buffer, data.byteOffset, data.byteLength),
			},
		}
	} catch {
		return {
			ok: false,
			message: `${name} could not be read as a photo: it may be damaged or only partly uploaded.`,
		}
	}
}
