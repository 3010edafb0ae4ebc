import { z } from 'zod'
import { MAX_MORE_IMAGES } from '~/lib/photos'
import { safeText } from '~/lib/text-safety'

/** One photo in the editor's list: its address and its description. */
export type PhotoItem = { url: string; alt: string }

/** A move made with a button (the keyboard's and the no-script way): up, down, main or remove. */
export type PhotoOp = { kind: 'up' | 'down' | 'main' | 'remove'; index: number }

/** The list after one move; the first photo is the main one. */
export function applyPhotoOp<T>(list: readonly T[], { kind, index }: PhotoOp): T[] {
	const next = [...list]
	if (index < 0 || index >= next.length) return next
	if (kind === 'remove') next.splice(index, 1)
	else {
		const to = kind === 'up' ? index - 1 : kind === 'down' ? index + 1 : 0
		if (to < 0 || to >= next.length) return next
		const [item] = next.splice(index, 1)
		next.splice(to, 0, item!)
	}
	return next
}

const url = safeText()
	.trim()
	.max(500)
	.regex(/^(\/[\w\-./]+|https:\/\/\S+)$/, 'A photo address is not valid. Please reload the page.')

/** The photo section's post: the list in order (parallel photo/alt fields), and maybe one move. */
export const PhotoListSchema = z.object({
	fingerprint: safeText().regex(/^[0-9a-f]{64}$/, 'This product is not known. Please reload.'),
	photos: z
		.array(
			z.object({
				url,
				alt: safeText({ message: 'A description contains a control character.' })
					.trim()
					.max(300, 'A description is longer than 300 characters.'),
			}),
		)
		.min(1, 'A product needs at least one photo.')
		.max(MAX_MORE_IMAGES + 1, `A product can have at most ${MAX_MORE_IMAGES + 1} photos.`),
	op: safeText()
		.regex(/^(up|down|main|remove):\d{1,2}$/, 'Unknown action.')
		.transform((v): PhotoOp => {
			const [kind, index] = v.split(':') as [PhotoOp['kind'], string]
			return { kind, index: Number(index) }
		})
		.optional(),
})

/** The form's parallel fields as the schema's input. */
export function photoListInput(form: FormData) {
	const alts = form.getAll('alt')
	const op = form.get('op')
	return {
		fingerprint: form.get('fingerprint') ?? '',
		photos: form.getAll('photo').map((u, i) => ({ url: u, alt: alts[i] ?? '' })),
		...(op ? { op } : {}),
	}
}
