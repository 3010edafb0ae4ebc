import fs from 'node:fs/promises'
import { parsePhotoFile } from '~/lib/photos'
import type { PhotoVariants } from './variants'

const TYPES = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' } as const

/** A year, and never revalidated: the address holds the content hash, so it never changes. */
export const IMMUTABLE = 'public, max-age=31536000, immutable'

/** One variant of an uploaded photo from this instance's cache, or a 404 for any other name. */
export async function photoResponse(variants: PhotoVariants, name: string) {
	const variant = parsePhotoFile(name)
	const file = variant ? await variants.file(variant) : undefined
	if (!file) return new Response('Photo not found', { status: 404, headers: notFound })
	const bytes = await fs.readFile(file)
	const format = name.endsWith('.avif') ? 'avif' : name.endsWith('.webp') ? 'webp' : 'jpg'
	return new Response(new Uint8Array(bytes), {
		headers: {
			// No Content-Length: a signed-out first request goes through the page cache, which may
			// gzip the body (later requests are served by server/photo-files.ts as static files).
			'Content-Type': TYPES[format],
			'Cache-Control': IMMUTABLE,
			ETag: `"${name}"`,
			'X-Content-Type-Options': 'nosniff',
		},
	})
}

const notFound = { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' }
