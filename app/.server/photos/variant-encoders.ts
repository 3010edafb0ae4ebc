import type { ImageFormat } from '~/lib/images'
import type { EncoderOutput } from './photo-worker'

/**
 * How a responsive variant is encoded, for uploaded photos (./variants.ts) and the site's drawn
 * pictures alike (../demo-images, decision 0028): AVIF at low effort (it is slow to encode),
 * WebP, and a progressive mozjpeg JPEG.
 */
export const VARIANT_ENCODERS: Record<ImageFormat, EncoderOutput> = {
	avif: { format: 'avif', options: { quality: 50, effort: 2 } },
	webp: { format: 'webp', options: { quality: 75 } },
	jpg: { format: 'jpeg', options: { quality: 78, mozjpeg: true, progressive: true } },
}
