import sharp from 'sharp'
import type { PostedFile } from '~/.server/photos/photo-worker'
import { photoWorker } from '~/.server/photos/photo-worker'
import { MAX_PHOTO_BYTES, MAX_PROBLEM_PHOTOS } from '~/lib/order-requests'

/**
 * A problem report's photos (issue 30 item 7): checked by their content, not their name, and
 * re-encoded, which drops every piece of metadata (EXIF GPS positions of customers' gardens,
 * camera serials) after turning the picture the way its EXIF orientation says. The files are on
 * disk (the form was spooled there, issue 57 item 5): only their headers are read on the
 * server's thread, and the photo worker reads and decodes them.
 */
export type PreparedPhoto = {
	contentType: 'image/jpeg'
	width: number
	height: number
	bytes: Buffer
}

const FORMATS = new Set(['jpeg', 'png', 'webp'])
/** Larger than any phone camera; a decompression bomb stops here, counted from the header. */
const MAX_PIXELS = 50_000_000
/** Plenty to see a crack in a pump housing; keeps the database small. */
const MAX_EDGE = 2400

/** The format and size the header declares; nothing is decoded. */
async function header(file: string) {
	try {
		const m = await sharp(file, { limitInputPixels: false }).metadata()
		return { format: m.format, pixels: (m.width ?? 0) * (m.height ?? 0) }
	} catch {
		return undefined
	}
}

export async function preparePhotos(
	files: Pick<PostedFile, 'name' | 'size' | 'file'>[],
): Promise<{ ok: true; photos: PreparedPhoto[] } | { ok: false; message: string }> {
	const chosen = files.filter((f) => f.size > 0)
	if (chosen.length > MAX_PROBLEM_PHOTOS)
		return { ok: false, message: `Please send at most ${MAX_PROBLEM_PHOTOS} photos.` }
	// Every file's size and header first: a bad fifth photo is found before four are decoded.
	for (const file of chosen) {
		const name = file.name || 'A photo'
		if (file.size > MAX_PHOTO_BYTES)
			return { ok: false, message: `${name} is over 10 MB: please send a smaller photo.` }
		// What the bytes are, whatever the name says (a PDF renamed .jpg, an SVG with a script).
		const found = await header(file.file)
		if (!found?.format || !FORMATS.has(found.format))
			return { ok: false, message: `${name} is not a JPEG, PNG or WebP photo.` }
		if (found.pixels > MAX_PIXELS) return { ok: false, message: unreadable(name) }
	}
	const photos: PreparedPhoto[] = []
	for (const file of chosen) {
		try {
			// Decoded and re-encoded in the low-priority photo worker (decision 0026).
			const { data, width, height } = await photoWorker.run({
				op: 'encode',
				input: { file: file.file },
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
			return { ok: false, message: unreadable(file.name || 'A photo') }
		}
	}
	return { ok: true, photos }
}

const unreadable = (name: string) =>
	`${name} could not be read as a photo: it may be damaged, or too large.`
