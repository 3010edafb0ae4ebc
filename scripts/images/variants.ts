import sharp from 'sharp'
import { IMAGE_FORMATS, type ImageFormat } from '../../app/lib/images'

/** Every width of a master image in AVIF, WebP and JPEG (tuned for speed of generation). */
export async function writeVariants(
	master: Buffer,
	width: number,
	height: number,
	widths: readonly number[],
	fileFor: (width: number, format: ImageFormat) => string,
	formats: readonly ImageFormat[] = IMAGE_FORMATS,
) {
	await Promise.all(
		widths.flatMap((w) => {
			const resized = sharp(master).resize(w, Math.round((w * height) / width))
			return formats.map((format) => {
				const pipeline = resized.clone()
				if (format === 'avif')
					return pipeline.avif({ quality: 50, effort: 2 }).toFile(fileFor(w, format))
				if (format === 'webp') return pipeline.webp({ quality: 75 }).toFile(fileFor(w, format))
				return pipeline
					.jpeg({ quality: 78, mozjpeg: true, progressive: true })
					.toFile(fileFor(w, format))
			})
		}),
	)
}
