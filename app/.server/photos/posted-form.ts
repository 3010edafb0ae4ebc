import fs from 'node:fs/promises'
import path from 'node:path'
import type { Env } from '~/.server/env'
import { formType, spoolBody, tooLarge, unreadable } from '~/.server/http/read-body'
import { type PostedFile, photoWorker } from './photo-worker'

/** Where upload forms wait on disk while their photos are prepared (emptied as each finishes). */
export const uploadsDir = (env: Env) => path.join(env.DATA_DIR, 'uploads')

/** A photo form read off the server's thread: its text fields and its files, on disk. */
export type PhotoForm = {
	values: Record<string, string>
	files: PostedFile[]
	/** The folder holding the body and the files; remove it once nothing reads them. */
	dir: string
}

/**
 * Reads an upload form as readForm() does (400 when it is no form, 413 over `limit` or over the
 * text and part limits of multipart.mjs), but the body goes straight to a file as it arrives and
 * the photo worker splits it into fields and files (issue 32). Read in memory, each photo's
 * megabytes were joined, parsed, copied out of the form and serialised for the worker on the
 * server's thread, and the garbage collector's pauses that followed held up every shopper's
 * request. The worker splits it as it reads it, a chunk at a time, so neither process ever holds
 * a whole form or a whole photo (issue 57). Each form gets a folder of its own in `spoolDir`.
 * At most `maxFiles + 1` files are kept: one more than a caller accepts, so it can say so.
 */
export async function readPhotoForm(
	request: Request,
	{
		limit,
		fileField,
		maxFiles,
		spoolDir,
	}: { limit: number; fileField: string; maxFiles: number; spoolDir: string },
): Promise<PhotoForm> {
	const type = formType(request)
	await fs.mkdir(spoolDir, { recursive: true })
	const dir = await fs.mkdtemp(path.join(spoolDir, 'form-'))
	try {
		const body = path.join(dir, 'body')
		if ((await spoolBody(request, limit, body)) === null) throw tooLarge()
		const form = await photoWorker.run({
			op: 'form',
			file: body,
			contentType: request.headers.get('content-type') ?? type,
			fileFields: [fileField],
			maxFiles: maxFiles + 1,
		})
		if ('unreadable' in form) throw unreadable()
		if ('tooLarge' in form) throw tooLarge()
		// The body is split now; only the files are read again.
		await fs.rm(body, { force: true })
		return { values: Object.fromEntries(form.fields), files: form.files, dir }
	} catch (error) {
		await removeUploadDir(dir)
		throw error
	}
}

export const removeUploadDir = (dir: string) =>
	fs.rm(dir, { recursive: true, force: true }).catch(() => {})

/**
 * Upload folders older than a day: left by a server that stopped mid-upload (a request's own
 * folder goes as soon as its photos are prepared). Run by the daily retention job; answers how
 * many were removed.
 */
export async function purgeStaleUploads(spoolDir: string, now: Date) {
	const before = now.getTime() - 86_400_000
	let removed = 0
	const entries = await fs.readdir(spoolDir).catch(() => [] as string[])
	for (const name of entries) {
		const dir = path.join(spoolDir, name)
		const stat = await fs.stat(dir).catch(() => undefined)
		if (!stat || stat.mtimeMs >= before) continue
		await removeUploadDir(dir)
		removed++
	}
	return removed
}
