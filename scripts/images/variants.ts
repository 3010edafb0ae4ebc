import fs from 'node:fs'
import sharp from 'sharp'
import { IMAGE_FORMATS, type ImageFormat } from '../../app/lib/images'

/**
 * Every width of a master image in AVIF, WebP and JPEG, tuned for generation speed. Files that
 * already exist are kept unless `force`. Each file is written under a temporary name and renamed,
 * so an interrupted run never leaves a truncated image that a later run would keep.
 * Returns the number of files written.
 */
export async function writeVariants(
	master: Buffer,
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
	const jobs = widths.flatMap((w) =>
		formats
			.map((format) => ({ w, format, file: fileFor(w, format) }))
			.filter((job) => force || !fs.existsSync(job.file)),
	)
	await Promise.all(
		jobs.map(async ({ w, format, file }) => {
			const pipeline = sharp(master).resize(w, Math.round((w * height) / width))
			const encoded =
				format === 'avif'
					? pipeline.avif({ quality: 50, effort: 2 })
					: format === 'webp'
						? pipeline.webp({ quality: 75 })
						: pipeline.jpeg({ quality: 78, mozjpeg: true, progressive: true })
			const temp = `${file}.${process.pid}.tmp`
			await encoded.toFile(temp)
			fs.renameSync(temp, file)
		}),
	)
	return jobs.length
}
