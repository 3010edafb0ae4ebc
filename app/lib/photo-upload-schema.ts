import { z } from 'zod'
import { safeText } from './text-safety'

/** A photo's alt text: what it shows, for people who cannot see it (required). */
export const altText = safeText({ message: 'contains a control character' })
	.trim()
	.min(1, 'Please describe the photo (alt text) for people who cannot see it.')
	.max(300, 'The description is longer than 300 characters.')

/** The upload form's fields beside its files; productId/fingerprint add them to a product (no JS). */
export const PhotoUploadSchema = z.object({
	alt: altText,
	productId: safeText()
		.regex(/^\d{1,7}$/)
		.optional(),
	fingerprint: safeText()
		.regex(/^[0-9a-f]{64}$/)
		.optional(),
})
