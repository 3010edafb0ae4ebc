import type { AppLoadContext } from 'react-router'
import { data, redirect } from 'react-router'
import { requireAction } from '~/.server/auth/guards'
import {
	type CategoryOutcome,
	changeCategory,
	createCategory,
	updateCategory,
} from '~/.server/catalog/categories'
import { readForm } from '~/.server/http/read-body'
import { CategoryFormSchema, CategoryTargetSchema } from '~/lib/categories'
import { formValues, parseForm } from '~/lib/forms'

const DONE = { up: 'moved', down: 'moved', hide: 'hidden', show: 'shown', delete: 'deleted' }

/**
 * /admin/products/categories: add or edit a category (the shared schema), move it, hide or show
 * it, delete an empty one. Each change is a catalogue version, live on every instance's next page.
 */
export async function categoryAction(request: Request, context: AppLoadContext) {
	const admin = await requireAction(request, context, 'admin/products/categories')
	const values = formValues(await readForm(request))
	const refuse = (status: number, error: string, fieldErrors = {}) =>
		data({ error, fieldErrors, values }, { status })
	const target = parseForm(CategoryTargetSchema, values)
	if (!target.ok) return refuse(400, target.formError)
	const { intent, id } = target.data
	let outcome: CategoryOutcome
	let done: string
	if (intent === 'save') {
		const form = parseForm(CategoryFormSchema, values)
		if (!form.ok) return refuse(400, 'Please correct the fields marked below.', form.fieldErrors)
		outcome =
			id === undefined
				? await createCategory(context.db, admin.email, form.data)
				: await updateCategory(context.db, admin.email, id, form.data, context.catalog)
		done = id === undefined ? 'added' : 'saved'
	} else {
		if (id === undefined) return refuse(400, 'That category no longer exists. Reload the list.')
		outcome = await changeCategory(context.db, admin.email, id, intent)
		done = DONE[intent]
	}
	if (!outcome.ok) return refuse(outcome.status, outcome.error, outcome.fieldErrors)
	// Live here before the answer: the next page (here or on the shop) shows the change.
	await context.catalog.recheck()
	context.logger.info({ adminId: admin.id, category: outcome.id, intent }, 'category changed')
	return redirect(`/admin/products/categories?done=${done}`)
}
