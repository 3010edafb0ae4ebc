import { type AppLoadContext, data, redirect } from 'react-router'
import { requestCancellation } from '~/.server/builds/cancellations'
import type { ProjectAccess } from '~/.server/builds/project-access'
import { projectPath } from '~/lib/builds/project-paths'
import { CancelBuildSchema } from '~/lib/builds/stage-forms'
import { parseForm } from '~/lib/forms'
import { PRIVATE_ORDER_HEADERS } from '~/lib/seo'

/**
 * The customer's 'Cancel my build' within the 14 days (issue 59 item 5, decision 0038), after the
 * project page's own access check: the confirm tick, then the cancellation (refunded at once, or
 * a request staff settle when the customer asked for an early start).
 */
export async function cancelBuildAction(
	context: AppLoadContext,
	access: ProjectAccess,
	values: FormData,
) {
	const intent = 'cancel-build'
	const form = parseForm(CancelBuildSchema, values)
	if (!form.ok)
		return data(
			{ intent, message: form.formError, fieldErrors: form.fieldErrors },
			{ status: 400, headers: PRIVATE_ORDER_HEADERS },
		)
	const result = await requestCancellation(
		{
			db: context.db,
			provider: context.payments,
			siteUrl: context.env.SITE_URL,
			vatNumber: context.env.VAT_NUMBER,
			now: () => new Date(),
		},
		access.project.id,
		form.data,
	)
	if (!result.ok)
		return data(
			{ intent, message: result.message, fieldErrors: {} },
			{ status: result.status, headers: PRIVATE_ORDER_HEADERS },
		)
	context.logger.info(
		{ projectId: access.project.id, settled: result.settled },
		'build cancelled by customer',
	)
	const path = projectPath(access.project.id, access.key)
	throw redirect(`${path}${path.includes('?') ? '&' : '?'}done=${intent}#payments`, {
		headers: PRIVATE_ORDER_HEADERS,
	})
}
