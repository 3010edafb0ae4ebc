import { promisify } from 'node:util'
import zlib from 'node:zlib'

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

/** Smaller bodies are sent as they are (compression()'s own threshold). */
const THRESHOLD = 1024

/** The q-value an Accept-Encoding header gives `coding` (directly, or through `*`). */
function quality(header: string | undefined, coding: string) {
	let star = 0
	for (const item of (header ?? '').split(',')) {
		const [name = '', ...params] = item.trim().toLowerCase().split(';')
		const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean)
		const value = q === undefined ? 1 : Number(q)
		if (name.trim() === coding) return value
		if (name.trim() === '*') star = value
	}
	return star
}

export const acceptsGzip = (header: string | undefined) => quality(header, 'gzip') > 0

/**
 * A whole rendered page compressed in one call on libuv's thread pool, instead of compression()
 * deflating each chunk React writes (one thread-pool round trip per chunk, on the main thread's
 * budget). Brotli at quality 4 as compression() uses, else gzip at level 6.
 */
export async function compressBody(body: Buffer, acceptEncoding: string | undefined) {
	if (body.length < THRESHOLD) return { body, encoding: undefined }
	const br = quality(acceptEncoding, 'br')
	const gz = quality(acceptEncoding, 'gzip')
	if (br > 0 && br >= gz) {
		const params = {
			[zlib.constants.BROTLI_PARAM_QUALITY]: 4,
			[zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
		}
		return { body: await brotli(body, { params }), encoding: 'br' as const }
	}
	if (gz > 0) return { body: await gzip(body, { level: 6 }), encoding: 'gzip' as const }
	return { body, encoding: undefined }
}
