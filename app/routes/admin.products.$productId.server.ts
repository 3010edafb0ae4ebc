import type { AppLoadContext } from 'react-router'
import { data, redirect } from 'react-router'
import { auditWho, recordAudit } from '~/.server/audit/audit-log'
import { requireAction } from '~/.server/auth/guards'
import { saveProduct, unchangedProduct } from '~/.server/catalog/product-admin'
import { saveProductPhotos } from '~/.server/catalog/product-photos'
import { readForm } from '~/.server/http/read-body'
import { applyPhotoOp, PhotoListSchema, photoListInput } from '~/lib/catalog/photo-list'
import { ProductFormSchema, ProductVersionSchema } from '~/lib/catalog/product-form'
import { formValues, parseForm } from '~/lib/forms'

/**
 * The editor's save, for both /admin/products/new and /admin/products/<id>: the shared product
 * schema, then one catalogue edit. A refusal answers with the posted values, so the page (with or
 * without JavaScript) shows them again beside the messages.
 */
export async function productFormAction(
	request: Request,
	context: AppLoadContext,
	id: string | undefined,
	/** The form, when the route has read it already (to send the photo section elsewhere). */
	form?: FormData,
) {
	const admin = await requireAction(request, context, 'admin/products/:productId')
	const values = formValues(form ?? (await readForm(request)))
	const refuse = (
		status: number,
		error: string,
		fieldErrors: Record<string, string | undefined> = {},
	) => data({ error, fieldErrors, values }, { status })
	const version = id === undefined ? undefined : parseForm(ProductVersionSchema, values)
	if (version && !version.ok) return refuse(400, version.formError)
	const submission = parseForm(ProductFormSchema, values)
	if (!submission.ok)
		return refuse(400, 'Please correct the fields marked below.', submission.fieldErrors)
	if (
		id !== undefined &&
		version?.ok &&
		(await unchangedProduct(context.db, {
			id,
			fingerprint: version.data.fingerprint,
			fields: submission.data,
		}))
	)
		return redirect(`/admin/products/${id}?saved=unchanged`)
	const result = await saveProduct(
		context.db,
		admin.email,
		{
			id,
			fingerprint: version?.ok ? version.data.fingerprint : undefined,
			fields: submission.data,
		},
		context.catalog,
	)
	if (!result.ok) return refuse(result.status, result.error, result.fieldErrors)
	await recordAudit(context.db, {
		...auditWho(admin, context.clientIp),
		kind: 'product.change',
		subject: `${result.change.code} ${result.change.name}`.trim(),
		detail: [result.change.action, result.change.detail].filter(Boolean).join(': '),
	})
	// Shop pages show the new version on their next view (the page cache is cleared when it is live).
	await context.catalog.recheck()
	context.logger.info(
		{ adminId: admin.id, action: result.change.action, code: result.change.code },
		'product saved',
	)
	// A new product's photos are uploaded on its editor, which exists only now: straight there.
	if (result.change.action === 'created' && !submission.data.imageUrl)
		return redirect(`/admin/products/${result.id}?saved=created#photos`)
	return redirect(`/admin/products/${result.id}?saved=${result.change.action}`)
}

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
