import type { AppLoadContext } from 'react-router'
import { data, redirect } from 'react-router'
import { applyPhotoOp, PhotoListSchema, photoListInput } from '~/lib/catalog/photo-list'
import { saveProductPhotos } from './product-photos'

type Admin = { id: string; email: string }

/**
 * The editor's photo section (issue 32): the list in order with each photo's description, and
 * maybe one move from a button (how the page works without its script: each move is saved). One
 * catalogue edit with the optimistic check, like any other product change.
 */
export async function productPhotosAction(
	form: FormData,
	context: AppLoadContext,
	admin: Admin,
	id: string,
) {
	const parsed = PhotoListSchema.safeParse(photoListInput(form))
	if (!parsed.success)
		return data(
			{
				error: parsed.error.issues[0]?.message ?? 'Please check the photos.',
				fieldErrors: {},
				values: {},
			},
			{ status: 400 },
		)
	const { fingerprint, photos, op } = parsed.data
	const result = await saveProductPhotos(
		context.db,
		admin.email,
		{ id, fingerprint, photos: op ? applyPhotoOp(photos, op) : photos },
		context.catalog,
	)
	if (!result.ok)
		return data({ error: result.error, fieldErrors: {}, values: {} }, { status: result.status })
	await context.catalog.recheck()
	context.logger.info({ adminId: admin.id, code: result.change.code }, 'product photos saved')
	return redirect(`/admin/products/${id}?saved=photos#photos`)
}
