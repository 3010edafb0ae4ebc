import fs from 'node:fs'
import { IMAGE_FORMATS, type ImageFormat } from '../../app/lib/images'
import { fromPixels, type Pixels, resized } from './pixels'

/**
 * Every width of a master image in AVIF, WebP and JPEG, tuned for generation speed. Files that
 * already exist are kept unless `force`. Each file is written under a temporary name and renamed,
 * so an interrupted run never leaves a truncated image that a later run would keep.
 * Returns the number of files written.
 */
export async function writeVariants(
	master: Pixels,
	options: {
		width: number
		height: number
		widths: readonly number[]
		fileFor: (width: number, format: ImageFormat) => string
		formats?: readonly ImageFormat[]
		force?: boolean
	},
) {
	const { width, height, widths, fileFor, formats = IMAGE_FORMATS, force = false } = options
	const counts = await Promise.all(
		widths.map(async (w) => {
			const jobs = formats
				.map((format) => ({ format, file: fileFor(w, format) }))
				.filter((job) => force || !fs.existsSync(job.file))
			if (jobs.length === 0) return 0
			// One resize per width, shared by its formats.
			const pixels = await resized(master, w, Math.round((w * height) / width))
			await Promise.all(jobs.map(({ format, file }) => writeFile(pixels, format, file)))
			return jobs.length
		}),
	)
	return counts.reduce((sum, count) => sum + count, 0)
}

async function writeFile(pixels: Pixels, format: ImageFormat, file: string) {
	const pipeline = fromPixels(pixels)
	const encoded =
		format === 'avif'
			? pipeline.avif({ quality: 50, effort: 2 })
			: format === 'webp'
				? pipeline.webp({ quality: 75 })
				: pipeline.jpeg({ quality: 78, mozjpeg: true, progressive: true })
	const temp = `${file}.${process.pid}.tmp`
	await encoded.toFile(temp)
	fs.renameSync(temp, file)
}
