// The photo worker (decision 0026, "Photo work at low priority"): a child process that does the
// heavy sharp work of uploads — turning an original upright and re-encoding it, and resizing it
// into its variants — at the lowest CPU priority, so on a small machine shoppers' requests are
// always served first. It only executes what app/.server/photos/photo-worker.ts asks; every
// choice of size, format and quality is made there.
//
// Plain JavaScript, like db/create-pglite.mjs: it is forked as it is, in development, tests and
// production alike, with nothing to build.
import fs from 'node:fs/promises'
import os from 'node:os'
import { fileURLToPath } from 'node:url'
import { contentId } from './content-id.mjs'
import { splitPostedForm } from './multipart.mjs'

// Threads inherit their creator's priority on Linux: lowered before sharp starts any.
// PHOTO_WORKER_SCHED=normal (the browser tests' shops only, photo-worker.ts) leaves it as it is.
try {
	if (process.env.PHOTO_WORKER_SCHED !== 'normal') os.setPriority(19)
} catch {
	// A platform that refuses only leaves the worker at normal priority.
}

/**
 * sharp, loaded for the first image job: a worker that has only split forms (a report refused
 * from its photos' headers) does without libvips and its 27 MB (issue 57 item 5).
 */
const loadSharp = () =>
	import('sharp').then(({ default: sharp }) => {
		// Each job decodes its own input once; libvips' operation cache would only hold memory.
		sharp.cache(false)
		return sharp
	})
/** @type {ReturnType<typeof loadSharp> | undefined} */
let loading
const imaging = () => {
	loading ??= loadSharp()
	return loading
}

/**
 * A job's photo: bytes sent along, or a file to read here (an upload, spooled to disk by the
 * server's thread and never copied there again).
 * @param {import('./photo-worker').PhotoInput} input
 */
const source = (input) =>
	input instanceof Uint8Array
		? Buffer.from(input.buffer, input.byteOffset, input.byteLength)
		: input.file

/** @typedef {import('./photo-worker').PhotoJob} PhotoJob */
/** @typedef {import('./photo-worker').EncoderOutput} EncoderOutput */

/**
 * @param {import('sharp').Sharp} image
 * @param {EncoderOutput} output
 */
const encoded = (image, output) => image[output.format](output.options)

/**
 * One image re-encoded: `{ data, width, height, size, contentId }`, or without `data`, written to
 * the file `to` ('encodeFile').
 * @param {Extract<PhotoJob, { op: 'encode' | 'encodeFile' }>} job
 */
async function encode(job) {
	const sharp = await imaging()
	let image = sharp(source(job.input), {
		limitInputPixels: job.limitInputPixels,
		failOn: 'error',
	}).rotate()
	if (job.flatten) image = image.flatten({ background: job.flatten })
	if (job.resize) image = image.resize(job.resize)
	const { data, info } = await encoded(image, job.output).toBuffer({ resolveWithObject: true })
	const answer = {
		width: info.width,
		height: info.height,
		size: data.length,
		contentId: contentId(data),
	}
	if (job.op === 'encode') return { ...answer, data }
	await fs.writeFile(job.to, data)
	return answer
}

/**
 * A posted form, spooled to a file by the server: its text fields, and each non-empty file of the
 * named fields written to a file of its own beside it (`<file>.<n>`). Split as it is read, a
 * chunk at a time (multipart.mjs), so a 51 MB form costs the worker about 64 KB, not the
 * hundreds of megabytes that reading it whole and parsing it with formData() did (issue 57).
 * @param {Extract<PhotoJob, { op: 'form' }>} job
 */
const form = (job) =>
	splitPostedForm(job.file, job.contentType, {
		fileFields: job.fileFields,
		maxFiles: job.maxFiles,
		fileFor: (n) => `${job.file}.${n}`,
	})

/** A name beside `file` that no other writer (process or job) uses. */
const tempFor = (/** @type {string} */ file) =>
	`${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`

/** The demo-image drawings (TypeScript, loaded through tsx on the first 'draw' job). */
const DRAWINGS = fileURLToPath(new URL('../../../scripts/images/draw.ts', import.meta.url))
/** @type {Promise<typeof import('../../../scripts/images/draw')> | undefined} */
let drawings

/**
 * A demo image's original (decision 0028): drawn from its description, encoded as the server
 * says, written aside and renamed, so a reader finds the whole file or none.
 * @param {Extract<PhotoJob, { op: 'draw' }>} job
 */
async function draw(job) {
	drawings ??= import('tsx/esm/api').then(({ tsImport }) => tsImport(DRAWINGS, import.meta.url))
	const pixels = await (await drawings).draw(job.drawing)
	const temp = tempFor(job.to)
	const sharp = await imaging()
	await encoded(sharp(pixels.data, { raw: pixels.info }), job.output).toFile(temp)
	await fs.rename(temp, job.to)
	return {}
}

/**
 * Several outputs from one decode, each written under a temporary name and then renamed, so a
 * half-written file is never served.
 * @param {Extract<PhotoJob, { op: 'variants' }>} job
 */
async function variants(job) {
	const sharp = await imaging()
	const pixels = await sharp(source(job.input))
		.resize(job.decode.resize)
		.flatten({ background: job.decode.flatten })
		.raw()
		.toBuffer({ resolveWithObject: true })
	const { width, height, channels } = pixels.info
	await Promise.all(
		job.outputs.map(async (output) => {
			const temp = tempFor(output.file)
			const image = sharp(pixels.data, { raw: { width, height, channels } }).resize(output.resize)
			await encoded(image, output).toFile(temp)
			await fs.rename(temp, output.file)
		}),
	)
	return {}
}

process.on('message', async (/** @type {{ id: number, job: PhotoJob }} */ message) => {
	const { id, job } = message
	try {
		const result =
			job.op === 'variants'
				? await variants(job)
				: job.op === 'draw'
					? await draw(job)
					: job.op === 'form'
						? await form(job)
						: await encode(job)
		process.send?.({ id, ok: true, result })
	} catch (error) {
		process.send?.({ id, ok: false, error: error instanceof Error ? error.message : String(error) })
	}
})
// The server went away: so does its worker.
process.on('disconnect', () => process.exit(0))
