import type { AppLoadContext } from 'react-router'
import { data, redirect } from 'react-router'
import { z } from 'zod'
import { requireAction } from '~/.server/auth/guards'
import { readForm } from '~/.server/http/read-body'
import { moveFeatured, setProjectFlag } from '~/.server/portfolio/project-admin'
import { formValues, parseForm } from '~/lib/forms'
import { safeText } from '~/lib/text-safety'

const ListActionSchema = z.object({
	intent: z.enum(['publish', 'unpublish', 'feature', 'unfeature', 'up', 'down'], {
		error: 'Unknown action',
	}),
	slug: safeText().regex(/^[a-z0-9-]{1,80}$/, 'Unknown project'),
	version: safeText()
		.regex(/^\d{1,9}$/, 'The page is out of date: reload it')
		.transform(Number)
		.optional(),
})

const DONE = {
	publish: 'published',
	unpublish: 'unpublished',
	feature: 'featured',
	unfeature: 'unfeatured',
	up: 'moved',
	down: 'moved',
} as const

/** The list's buttons at /admin/portfolio: publish or not, feature or not, home page order. */
export async function projectListAction(request: Request, context: AppLoadContext) {
	const admin = await requireAction(request, context, 'admin/portfolio')
	const parsed = parseForm(ListActionSchema, formValues(await readForm(request)))
	if (!parsed.ok) return data({ error: parsed.formError }, { status: 400 })
	const { intent, slug, version } = parsed.data
	if (intent === 'up' || intent === 'down') {
		await moveFeatured(context.db, slug, intent === 'up' ? -1 : 1)
	} else {
		if (version === undefined)
			return data({ error: 'The page is out of date: reload it' }, { status: 400 })
		const flag = intent.endsWith('publish') ? 'published' : 'featured'
		const result = await setProjectFlag(
			context.db,
			admin.email,
			slug,
			version,
			flag,
			!intent.startsWith('un'),
		)
		if (!result.ok) return data({ error: result.error }, { status: result.status })
	}
	context.pageCache.clear()
	context.logger.info({ adminId: admin.id, project: slug, intent }, 'portfolio project changed')
	return redirect(`/admin/portfolio?done=${DONE[intent]}&project=${slug}`)
}
