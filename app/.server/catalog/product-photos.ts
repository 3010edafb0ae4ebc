import type { Db } from '~/.server/db/client'
import { photoRefs, setAltTexts } from '~/.server/photos/store'
import type { Product } from '~/lib/catalog/product'
import type { ProductFields } from '~/lib/catalog/product-schema'
import { type ShownPhoto, uploadedPhotoId } from '~/lib/photos'
import {
	CHANGED_ELSEWHERE,
	type EditOutcome,
	editCatalog,
	type LiveCatalogue,
	productFingerprint,
} from './edit'
import { storedProduct } from './product-admin'

export type PhotoChoice = { url: string; alt: string }

/** A product's photos in gallery order: the main one first; none for a product without one. */
export const photoUrlsOf = (product: Pick<Product, 'imageUrl' | 'moreImages'>) =>
	[product.imageUrl, ...product.moreImages].filter(Boolean)

/**
 * The editor's photo save (issue 32): the order (first is main), removals, additions and alt
 * texts, as one catalogue edit checked against what the admin saw — a catalogue version, with
 * who and when, like every other product change. Uploaded photos must exist and have alt text;
 * an outside or generated image keeps the product's name as its text.
 */
export function saveProductPhotos(
	db: Db,
	by: string,
	input: { id: string; fingerprint: string; photos: PhotoChoice[] },
	live?: LiveCatalogue,
) {
	return editCatalog(
		db,
		by,
		async (current, tx): Promise<EditOutcome> => {
			const index = current.findIndex((p) => p.id === input.id)
			const product = current[index]
			if (!product || productFingerprint(product) !== input.fingerprint)
				return { ok: false, status: 409, error: CHANGED_ELSEWHERE }
			if (input.photos.length === 0)
				return { ok: false, status: 400, error: 'A product needs at least one photo.' }
			const ids = input.photos.map((p) => uploadedPhotoId(p.url))
			const known = await photoRefs(
				tx,
				ids.filter((id): id is string => id !== undefined),
			)
			const before = new Set(photoUrlsOf(product))
			for (const [i, photo] of input.photos.entries()) {
				const id = ids[i]
				if (id === undefined && !before.has(photo.url))
					return { ok: false, status: 400, error: `Photo ${i + 1} is not one of this product's.` }
				if (id !== undefined && !known.has(id))
					return {
						ok: false,
						status: 400,
						error: `Photo ${i + 1} was not found: please upload it again.`,
					}
				if (id !== undefined && photo.alt === '')
					return {
						ok: false,
						status: 400,
						error: `Photo ${i + 1} needs a description (alt text) for people who cannot see it.`,
					}
			}
			const alts = new Map<string, string>()
			for (const [i, photo] of input.photos.entries()) {
				const id = ids[i]
				if (id !== undefined && known.get(id)?.alt !== photo.alt) alts.set(id, photo.alt)
			}
			await setAltTexts(tx, alts)
			const urls = input.photos.map((p) => p.url)
			const { id: _id, ...fields } = product
			const next: ProductFields[] = [...current]
			next[index] = { ...fields, imageUrl: urls[0]!, moreImages: urls.slice(1) }
			const detail = [
				`${urls.length} photo${urls.length === 1 ? '' : 's'}`,
				urls[0] === product.imageUrl ? '' : 'main photo changed',
				alts.size > 0 ? `alt text of ${alts.size} changed` : '',
			]
				.filter(Boolean)
				.join('; ')
			return {
				ok: true,
				products: next,
				id: input.id,
				change: { action: 'photos', code: product.code, name: product.name, detail },
			}
		},
		live,
	)
}

/** The plain upload form's save: the product's photos as they are, then the new ones. */
export async function addProductPhotos(
	db: Db,
	by: string,
	input: { id: string; fingerprint: string; added: PhotoChoice[] },
	live?: LiveCatalogue,
) {
	const product = await storedProduct(db, input.id)
	if (!product) return { ok: false as const, status: 404 as const, error: 'Product not found.' }
	const current = photoUrlsOf(product)
	const refs = await photoRefs(
		db,
		current.flatMap((url) => uploadedPhotoId(url) ?? []),
	)
	const alt = (url: string) => refs.get(uploadedPhotoId(url) ?? '')?.alt ?? ''
	return saveProductPhotos(
		db,
		by,
		{
			id: input.id,
			fingerprint: input.fingerprint,
			photos: [...current.map((url) => ({ url, alt: alt(url) })), ...input.added],
		},
		live,
	)
}

/**
 * A product's photos in order with their descriptions. Pages get the product's name for a photo
 * without one (a generated or outside image); the editor gets the stored text as it is.
 */
export async function shownPhotos(
	db: Db,
	product: Pick<Product, 'imageUrl' | 'moreImages' | 'name'>,
	{ forEditor = false } = {},
): Promise<ShownPhoto[]> {
	const urls = photoUrlsOf(product)
	const refs = await photoRefs(
		db,
		urls.flatMap((url) => uploadedPhotoId(url) ?? []),
	)
	return urls.map((url) => {
		const id = uploadedPhotoId(url) ?? null
		const ref = id ? refs.get(id) : undefined
		const alt = ref?.alt ?? ''
		const size = ref ? { width: ref.width, height: ref.height } : {}
		return { url, id, alt: forEditor ? alt : alt || product.name, ...size }
	})
}
