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

// Threads inherit their creator's priority on Linux: lowered before sharp starts any.
try {
	os.setPriority(19)
} catch {
	// A platform that refuses only leaves the worker at normal priority.
}
const { default: sharp } = await import('sharp')
// Each job decodes its own input once; libvips' operation cache would only hold memory.
sharp.cache(false)

/** @param {Uint8Array} bytes */
const asBuffer = (bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)

/** @typedef {import('./photo-worker').PhotoJob} PhotoJob */
/** @typedef {import('./photo-worker').EncoderOutput} EncoderOutput */

/**
 * @param {import('sharp').Sharp} image
 * @param {EncoderOutput} output
 */
const encoded = (image, output) => image[output.format](output.options)

/**
 * One image re-encoded: `{ data, width, height }`.
 * @param {Extract<PhotoJob, { op: 'encode' }>} job
 */
async function encode(job) {
	let image = sharp(asBuffer(job.input), {
		limitInputPixels: job.limitInputPixels,
		failOn: 'error',
	}).rotate()
	if (job.flatten) image = image.flatten({ background: job.flatten })
	if (job.resize) image = image.resize(job.resize)
	const { data, info } = await encoded(image, job.output).toBuffer({ resolveWithObject: true })
	return { data, width: info.width, height: info.height }
}

/**
 * Several outputs from one decode, each written under a temporary name and then renamed, so a
 * half-written file is never served.
 * @param {Extract<PhotoJob, { op: 'variants' }>} job
 */
async function variants(job) {
	const pixels = await sharp(asBuffer(job.input))
		.resize(job.decode.resize)
		.flatten({ background: job.decode.flatten })
		.raw()
		.toBuffer({ resolveWithObject: true })
	const { width, height, channels } = pixels.info
	await Promise.all(
		job.outputs.map(async (output) => {
			const temp = `${output.file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`
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
		const result = job.op === 'encode' ? await encode(job) : await variants(job)
		process.send?.({ id, ok: true, result })
	} catch (error) {
		process.send?.({ id, ok: false, error: error instanceof Error ? error.message : String(error) })
	}
})
// The server went away: so does its worker.
process.on('disconnect', () => process.exit(0))
