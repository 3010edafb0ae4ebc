import sharp from 'sharp'
import { photoWorker } from '~/.server/photos/photo-worker'
import { MAX_PHOTO_BYTES, MAX_PROBLEM_PHOTOS } from '~/lib/order-requests'

/**
 * A problem report's photos (issue 30 item 7): checked by their content, not their name, and
 * re-encoded, which drops every piece of metadata (EXIF GPS positions of customers' gardens,
 * camera serials) after turning the picture the way its EXIF orientation says.
 */
export type PreparedPhoto = {
	contentType: 'image/jpeg'
	width: number
	height: number
	bytes: Buffer
}

const FORMATS = new Set(['jpeg', 'png', 'webp'])
/** Larger than any phone camera; a decompression bomb stops here. */
const MAX_PIXELS = 50_000_000
/** Plenty to see a crack in a pump housing; keeps the database small. */
const MAX_EDGE = 2400

export async function preparePhotos(
	files: File[],
): Promise<{ ok: true; photos: PreparedPhoto[] } | { ok: false; message: string }> {
	const chosen = files.filter((f) => f.size > 0)
	if (chosen.length > MAX_PROBLEM_PHOTOS)
		return { ok: false, message: `Please send at most ${MAX_PROBLEM_PHOTOS} photos.` }
	const photos: PreparedPhoto[] = []
	for (const file of chosen) {
		const name = file.name || 'A photo'
		if (file.size > MAX_PHOTO_BYTES)
			return { ok: false, message: `${name} is over 10 MB: please send a smaller photo.` }
		const input = Buffer.from(await file.arrayBuffer())
		// What the bytes are, whatever the name says (a PDF renamed .jpg, an SVG with a script).
		const format = await sharp(input)
			.metadata()
			.then((m) => m.format)
			.catch(() => undefined)
		if (!format || !FORMATS.has(format))
			return { ok: false, message: `${name} is not a JPEG, PNG or WebP photo.` }
		try {
			// Decoded and re-encoded in the low-priority photo worker (decision 0026).
			const { data, width, height } = await photoWorker.run({
				op: 'encode',
				input,
				limitInputPixels: MAX_PIXELS,
				flatten: '#ffffff',
				resize: { width: MAX_EDGE, height: MAX_EDGE, fit: 'inside', withoutEnlargement: true },
				output: { format: 'jpeg', options: { quality: 82, mozjpeg: true } },
			})
			photos.push({
				contentType: 'image/jpeg',
				width,
				height,
				bytes: Buffer.from(data.buffer, data.byteOffset, data.byteLength),
			})
		} catch {
			return {
				ok: false,
				message: `${name} could not be read as a photo: it may be damaged, or too large.`,
			}
		}
	}
	return { ok: true, photos }
}
