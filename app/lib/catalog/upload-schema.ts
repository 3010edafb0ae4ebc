import { z } from 'zod'
import { safeText } from '~/lib/text-safety'
import { wholeNumber } from '~/lib/whole-number'

/** The catalogue page's small forms (the file itself comes as multipart, read separately). */
export const CatalogueActionSchema = z.discriminatedUnion('intent', [
	z.object({
		intent: z.literal('publish'),
		upload: safeText().regex(/^[0-9a-f]{32}$/, 'This upload is not known.'),
	}),
	z.object({
		intent: z.literal('discard'),
		upload: safeText().regex(/^[0-9a-f]{32}$/, 'This upload is not known.'),
	}),
	z.object({
		intent: z.literal('restore'),
		version: wholeNumber('This version is not known.', { min: 1 }),
	}),
])
