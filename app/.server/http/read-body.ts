import fs from 'node:fs/promises'
import { data } from 'react-router'

/** Forms on this site are a few kilobytes; the server's own cap (server/app.ts) is higher. */
export const FORM_LIMIT_BYTES = 64 * 1024

const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data'])

/** The media type alone, lower case: `Application/JSON; charset=utf-8` → `application/json`. */
export function mediaType(request: Request) {
	return (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
}

/**
 * Hands each chunk of the body to `take` as it arrives (awaiting it), counting as it reads (a
 * chunked body has no Content-Length to trust): the number of bytes, or null once the body goes
 * over `limit`, without reading the rest.
 */
async function readChunks(
	request: Request,
	limit: number,
	take: (chunk: Uint8Array) => unknown,
): Promise<number | null> {
	if (!request.body) return 0
	const reader = request.body.getReader()
	let total = 0
	for (;;) {
		const { done, value } = await reader.read()
		if (done) return total
		total += value.byteLength
		if (total > limit) {
			await reader.cancel().catch(() => {})
			return null
		}
		await take(value)
	}
}

/** At most `limit` bytes of the body, in memory; null once the body goes over. */
export async function readBodyBytes(request: Request, limit: number) {
	const chunks: Uint8Array[] = []
	if ((await readChunks(request, limit, (chunk) => chunks.push(chunk))) === null) return null
	return Buffer.concat(chunks)
}

/**
 * At most `limit` bytes of the body written to `file` as they arrive, never joined in memory (a
 * photo upload's megabytes: issue 32): the number written, or null once the body goes over.
 */
export async function spoolBody(request: Request, limit: number, file: string) {
	const out = await fs.open(file, 'w')
	try {
		return await readChunks(request, limit, (chunk) => out.write(chunk))
	} finally {
		await out.close()
	}
}

/**
 * An action's form data: 400 for anything that is not a form, 413 over the limit (uploads
 * pass their own, higher limit).
 */
export async function readForm(request: Request, limit = FORM_LIMIT_BYTES): Promise<FormData> {
	const type = formType(request)
	const bytes = await readBodyBytes(request, limit)
	if (!bytes) throw tooLarge()
	try {
		const contentType = request.headers.get('content-type') ?? type
		return await new Response(bytes, { headers: { 'content-type': contentType } }).formData()
	} catch {
		throw unreadable()
	}
}

/** The request's form media type; 400 for anything that is not a form. */
export function formType(request: Request) {
	const type = mediaType(request)
	if (!FORM_TYPES.has(type)) throw data('Please send the form as a form.', { status: 400 })
	return type
}

export const tooLarge = () => data('The form is too large.', { status: 413 })
export const unreadable = () => data('The form could not be read.', { status: 400 })
