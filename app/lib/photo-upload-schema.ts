import { z } from 'zod'
import { safeText } from './text-safety'

/** A photo's alt text: what it shows, for people who cannot see it (required). */
export const altText = safeText({ message: 'contains a control character' })
	.trim()
	.min(1, 'Please describe the photo (alt text) for people who cannot see it.')
	.max(300, 'The description is longer than 300 characters.')

/**
 * The upload form's fields beside its files. The plain form (no script) names the product and
 * describes its photos at once; the editor's script sends files alone and asks for each
 * description in its list, which the product's save requires.
 */
export const PhotoUploadSchema = z.object({
	alt: safeText({ message: 'contains a control character' })
		.trim()
		.max(300, 'The description is longer than 300 characters.')
		.default(''),
	productId: safeText()
		.regex(/^\d{1,7}$/)
		.optional(),
	fingerprint: safeText()
		.regex(/^[0-9a-f]{64}$/)
		.optional(),
})
