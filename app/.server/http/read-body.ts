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
 * Reads at most `limit` bytes of the body, counting as it reads (a chunked body has no
 * Content-Length to trust); null once the body goes over, without reading the rest.
 */
export async function readBodyBytes(request: Request, limit: number) {
	if (!request.body) return new Uint8Array()
	const reader = request.body.getReader()
	const chunks: Uint8Array[] = []
	let total = 0
	for (;;) {
		const { done, value } = await reader.read()
		if (done) break
		total += value.byteLength
		if (total > limit) {
			await reader.cancel().catch(() => {})
			return null
		}
		chunks.push(value)
	}
	return Buffer.concat(chunks)
}

/**
 * Writes at most `limit` bytes of the body to `file` as they arrive, without joining them in
 * memory (a photo upload's megabytes: issue 32): the number written, or null once the body goes
 * over, without reading the rest.
 */
export async function spoolBody(request: Request, limit: number, file: string) {
	const out = await fs.open(file, 'w')
	try {
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
			await out.write(value)
		}
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
