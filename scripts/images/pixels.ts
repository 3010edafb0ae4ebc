// Masters are kept as raw pixels: every variant reads them directly, where a PNG master would be
// decoded again for each width and format.
import sharp, { type Sharp } from 'sharp'

export type Pixels = {
	data: Buffer
	info: { width: number; height: number; channels: 1 | 2 | 3 | 4 }
}

/** Runs a pipeline and keeps its output as raw pixels. */
export async function toPixels(pipeline: Sharp): Promise<Pixels> {
	const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true })
	return { data, info: { width: info.width, height: info.height, channels: info.channels } }
}

/** A new pipeline reading the pixels. */
export const fromPixels = (pixels: Pixels) => sharp(pixels.data, { raw: pixels.info })

/** The pixels at another size, resized once so that several encoders can share them. */
export function resized(pixels: Pixels, width: number, height: number) {
	if (width === pixels.info.width && height === pixels.info.height) return Promise.resolve(pixels)
	return toPixels(fromPixels(pixels).resize(width, height))
}
