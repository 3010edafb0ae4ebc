import sharp from 'sharp'
import { MAX_PHOTO_MEGAPIXELS, MAX_PHOTO_UPLOAD_BYTES } from '~/lib/photos'
import { type Encoding, photoWorker } from './photo-worker'

/** What an upload becomes once accepted: upright, re-encoded, with no metadata at all. */
export type PreparedOriginal = {
	/** Its name in the store: a hash of the bytes (content-id.mjs), made in the worker. */
	id: string
	contentType: 'image/jpeg' | 'image/webp'
	width: number
	height: number
	/** Its length in bytes. */
	size: number
} & (
	| { bytes: Buffer; file?: undefined }
	/**
	 * An upload's original stays on disk: it is stored and its variants are made from there, and
	 * its bytes never come to the server's thread.
	 */
	| { file: string; bytes?: undefined }
)

/** An upload already on disk (spooled by the server, split from its form by the photo worker). */
export type UploadedFile = { file: string; size: number }
export type Preparation = { ok: true; photo: PreparedOriginal } | { ok: false; message: string }

const MAX_PIXELS = MAX_PHOTO_MEGAPIXELS * 1_000_000
const MB = 1024 * 1024

/** The format sharp finds in the bytes' header; the name and the browser's type are not trusted. */
async function sniff(input: Buffer | string) {
	try {
		const m = await sharp(input, { limitInputPixels: false }).metadata()
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
 * An upload on disk stays there: the worker reads it and writes the original beside it, from
 * where it is stored.
 */
export async function prepareOriginal(
	upload: Buffer | UploadedFile,
	name = 'The photo',
): Promise<Preparation> {
	const size = Buffer.isBuffer(upload) ? upload.length : upload.size
	if (size === 0) return { ok: false, message: `${name} is empty.` }
	if (size > MAX_PHOTO_UPLOAD_BYTES)
		return {
			ok: false,
			message: `${name} is ${(size / MB).toFixed(1)} MB; the limit is 20 MB. Please export a smaller copy.`,
		}
	const found = await sniff(Buffer.isBuffer(upload) ? upload : upload.file)
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
	const encoding: Omit<Encoding, 'input'> = {
		limitInputPixels: MAX_PIXELS,
		...(found.alpha
			? { output: { format: 'webp', options: { quality: 90, alphaQuality: 100 } } }
			: {
					flatten: '#ffffff',
					output: { format: 'jpeg', options: { quality: 90, chromaSubsampling: '4:4:4' } },
				}),
	}
	const contentType = found.alpha ? 'image/webp' : 'image/jpeg'
	try {
		if (Buffer.isBuffer(upload)) {
			const made = await photoWorker.run({ op: 'encode', input: upload, ...encoding })
			const bytes = Buffer.from(made.data.buffer, made.data.byteOffset, made.data.byteLength)
			return { ok: true, photo: { ...named(made), contentType, bytes } }
		}
		const file = `${upload.file}.original`
		const made = await photoWorker.run({
			op: 'encodeFile',
			input: { file: upload.file },
			to: file,
			...encoding,
		})
		return { ok: true, photo: { ...named(made), contentType, file } }
	} catch {
		return {
			ok: false,
			message: `${name} could not be read as a photo: it may be damaged or only partly uploaded.`,
		}
	}
}

const named = (made: { width: number; height: number; size: number; contentId: string }) => ({
	id: made.contentId,
	width: made.width,
	height: made.height,
	size: made.size,
})
