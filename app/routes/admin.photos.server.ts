import type { AppLoadContext } from 'react-router'
import { redirect } from 'react-router'
import { requireAction } from '~/.server/auth/guards'
import { addProductPhotos } from '~/.server/catalog/product-photos'
import type { PostedFile } from '~/.server/photos/photo-worker'
import { readPhotoForm, removeUploadDir, uploadsDir } from '~/.server/photos/posted-form'
import { type PreparedOriginal, prepareOriginal } from '~/.server/photos/prepare'
import { uploadSlots } from '~/.server/photos/slots'
import { keepOriginal, recordPhoto } from '~/.server/photos/store'
import { photoVariantsFor } from '~/.server/photos/variants'
import { parseForm } from '~/lib/forms'
import { altText, PhotoUploadSchema } from '~/lib/photo-upload-schema'
import { MAX_MORE_IMAGES, MAX_PHOTO_UPLOAD_BYTES, type PhotoRef } from '~/lib/photos'

/** One request: one photo from the editor's script, or a few from the plain form. */
export const PHOTO_FORM_LIMIT_BYTES = 3 * MAX_PHOTO_UPLOAD_BYTES + 64 * 1024
/** Files in one form: a product's whole gallery (its main photo and the rest), no more. */
const MAX_FILES = 1 + MAX_MORE_IMAGES

type Answer = { ok: true; photos: PhotoRef[] } | { ok: false; error: string }

/**
 * POST /admin/photos (issue 32): admins only. Every file is checked first and nothing is stored
 * unless all pass. The editor's script sends one file at a time and gets JSON back (the photo's
 * URL, for the product's list); the plain form also names the product, and its photos are added
 * to that product's gallery at once, then the editor is shown again.
 */
export async function photoUploadAction(request: Request, context: AppLoadContext) {
	const admin = await requireAction(request, context, 'admin/photos')
	// The body is read only once a slot is free: waiting uploads stay in the network's buffers.
	return uploadSlots.run(() => receive(request, context, admin))
}

async function receive(
	request: Request,
	context: AppLoadContext,
	admin: { id: string; email: string },
) {
	const form = await readPhotoForm(request, {
		limit: PHOTO_FORM_LIMIT_BYTES,
		fileField: 'file',
		maxFiles: MAX_FILES,
		spoolDir: uploadsDir(context.env),
	})
	// Variants being made from the form's files: the folder goes once they are done.
	const making: Array<Promise<unknown>> = []
	try {
		return await store(request, context, admin, form, making)
	} finally {
		void Promise.allSettled(making).finally(() => removeUploadDir(form.dir))
	}
}

async function store(
	request: Request,
	context: AppLoadContext,
	admin: { id: string; email: string },
	{ values, files }: { values: Record<string, string>; files: PostedFile[] },
	making: Array<Promise<unknown>>,
) {
	const wantsJson = (request.headers.get('accept') ?? '').includes('application/json')
	const parsed = parseForm(PhotoUploadSchema, values)
	const back = parsed.ok && parsed.data.productId ? `/admin/products/${parsed.data.productId}` : ''
	const answer = (result: Answer, status = 200) => {
		if (wantsJson || !back) return Response.json(result, { status })
		const query = result.ok ? 'saved=photos' : `photoError=${encodeURIComponent(result.error)}`
		return redirect(`${back}?${query}#photos`)
	}
	if (!parsed.ok)
		return answer({ ok: false, error: parsed.fieldErrors.alt ?? parsed.formError }, 400)
	if (files.length === 0)
		return answer({ ok: false, error: 'Please choose a photo to upload.' }, 400)
	if (files.length > MAX_FILES)
		return answer({ ok: false, error: `Please upload at most ${MAX_FILES} photos at a time.` }, 400)
	const prepared: PreparedOriginal[] = []
	for (const file of files) {
		if (file.size > MAX_PHOTO_UPLOAD_BYTES) {
			const mb = (file.size / 1024 / 1024).toFixed(1)
			return answer(
				{ ok: false, error: `${shown(file.name)} is ${mb} MB; the limit is 20 MB.` },
				413,
			)
		}
		const result = await prepareOriginal(file, file.name ? shown(file.name) : undefined)
		if (!result.ok) return answer({ ok: false, error: result.message }, 400)
		prepared.push(result.photo)
	}
	const { alt, productId, fingerprint } = parsed.data
	if (back && !alt) {
		const missing = altText.safeParse(alt)
		return answer(
			{ ok: false, error: missing.error?.issues[0]?.message ?? 'Please describe the photo.' },
			400,
		)
	}
	// The bytes first, outside the transaction (chunks, decision 0026), then the rows together.
	const ids: string[] = []
	for (const photo of prepared) ids.push(await keepOriginal(context.db, photo))
	const stored = await context.db.transaction(async (tx) => {
		const refs: PhotoRef[] = []
		for (const [i, photo] of prepared.entries())
			refs.push(await recordPhoto(tx, ids[i]!, photo, { alt, by: admin.email }))
		return refs
	})
	// Variants are made now, in the background, so the first shopper finds them ready.
	const variants = photoVariantsFor(context.db, context.env.PHOTO_CACHE_DIR)
	for (const [i, ref] of stored.entries())
		making.push(
			variants
				.prepare(ref.id, made(prepared[i]!))
				.catch((err) => context.logger.error({ err }, 'photo variants failed')),
		)
	context.logger.info({ adminId: admin.id, photos: stored.map((p) => p.id) }, 'photos uploaded')
	if (productId && fingerprint && !wantsJson) {
		const saved = await addProductPhotos(
			context.db,
			admin.email,
			{ id: productId, fingerprint, added: stored },
			context.catalog,
		)
		if (!saved.ok) return answer({ ok: false, error: saved.error }, saved.status)
		await context.catalog.recheck()
	}
	return answer({ ok: true, photos: stored })
}

/** What the variants are made from: the original's file when it has one, else its bytes. */
const made = (photo: PreparedOriginal) =>
	photo.file === undefined ? photo.bytes : { file: photo.file }

/**
 * A file's name as messages quote it. At most 60 characters: a name of any length must not make
 * the answer's address (the plain form's redirect carries the message) longer than a browser
 * accepts. Cut between characters, never inside one, and any lone surrogate replaced: half an
 * emoji cannot be URL-encoded for that redirect (a 500 the fuzz suite found).
 */
const shown = (name: string) => {
	const whole = name.replace(/\p{Surrogate}/gu, '\uFFFD')
	const characters = Array.from(whole)
	return characters.length > 60 ? `${characters.slice(0, 57).join('')}…` : whole
}
