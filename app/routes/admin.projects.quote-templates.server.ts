import { data, redirect } from 'react-router'
import { requireAction } from '~/.server/auth/guards'
import { deleteQuoteTemplate } from '~/.server/builds/quote-templates'
import { readForm } from '~/.server/http/read-body'
import { DeleteTemplateSchema } from '~/lib/builds/quote-schemas'
import { parseForm } from '~/lib/forms'
import type { Route } from './+types/admin.projects.quote-templates'

/** Deleting a quote template (issue 59 item 7); quotes made from it keep their copy. */
export async function quoteTemplatesAction({ request, context }: Route.ActionArgs) {
	await requireAction(request, context, 'admin/projects/quote-templates')
	const form = parseForm(DeleteTemplateSchema, await readForm(request))
	if (!form.ok) return data({ message: form.formError }, { status: 400 })
	if (!(await deleteQuoteTemplate(context.db, Number(form.data.id))))
		return data({ message: 'That template has already been deleted.' }, { status: 404 })
	throw redirect('/admin/projects/quote-templates?deleted=1')
}
