import type { AppLoadContext } from 'react-router'
import { data, redirect } from 'react-router'
import { auditWho, recordAudit } from '~/.server/audit/audit-log'
import { requireAction } from '~/.server/auth/guards'
import { changeProduct } from '~/.server/catalog/product-admin'
import { readForm } from '~/.server/http/read-body'
import { adminFiltersQuery, parseAdminFilters } from '~/lib/catalog/admin-filters'
import { deleteConfirmationPath, ProductListActionSchema } from '~/lib/catalog/product-form'
import { formValues, parseForm } from '~/lib/forms'

/** Back to the page the button was on: a product's editor, or the list with its filters. */
function backTo(returnTo: string | undefined, done: string) {
	const url = new URL(returnTo ?? '/admin/products', 'http://admin.invalid')
	if (/^\/admin\/products\/\d{1,7}$/.test(url.pathname)) return `${url.pathname}?saved=${done}`
	const query = adminFiltersQuery(parseAdminFilters(url.searchParams))
	return `/admin/products${query}${query ? '&' : '?'}done=${done}`
}

/** Hide, show, duplicate and delete, from the list or a product's editor. */
export async function productListAction(request: Request, context: AppLoadContext) {
	const admin = await requireAction(request, context, 'admin/products')
	const values = formValues(await readForm(request))
	const submission = parseForm(ProductListActionSchema, values)
	if (!submission.ok) return data({ error: submission.formError, hide: undefined }, { status: 400 })
	// Deleting is not undone by a click: without the confirmation's 'yes', ask first.
	if (submission.data.intent === 'delete' && submission.data.confirm !== 'yes')
		return redirect(deleteConfirmationPath(submission.data.id))
	const result = await changeProduct(context.db, admin.email, submission.data, context.catalog)
	if (!result.ok) {
		const { id, fingerprint } = submission.data
		const hide = result.offerHide ? { id, fingerprint } : undefined
		return data({ error: result.error, hide }, { status: result.status })
	}
	await recordAudit(context.db, {
		...auditWho(admin, context.clientIp),
		kind: result.change.action === 'deleted' ? 'product.delete' : 'product.change',
		subject: `${result.change.code} ${result.change.name}`.trim(),
		detail: result.change.action,
	})
	await context.catalog.recheck()
	context.logger.info(
		{ adminId: admin.id, action: result.change.action, code: result.change.code },
		'product changed',
	)
	if (submission.data.intent === 'duplicate')
		return redirect(`/admin/products/${result.id}?saved=duplicated`)
	const returnTo = submission.data.intent === 'delete' ? undefined : values.returnTo
	return redirect(backTo(returnTo, result.change.action))
}
