import { data, redirect } from 'react-router'
import { projectAccessFor } from '~/.server/builds/project-access'
import { bookSurvey, cancelSurvey } from '~/.server/builds/survey-bookings'
import { readForm } from '~/.server/http/read-body'
import { SurveyIntentSchema, SurveySlotSchema } from '~/lib/builds/build-schemas'
import { PROJECT_NOT_FOUND, projectPath } from '~/lib/builds/project-paths'
import { parseForm } from '~/lib/forms'
import { PRIVATE_ORDER_HEADERS } from '~/lib/seo'
import type { Route } from './+types/account.projects.$buildId'
import { cancelBuildAction } from './account.projects.$buildId.payments.server'

/** Booking, moving and cancelling the survey from the project page (issue 59 item 2). */
export async function projectAction({ params, request, context }: Route.ActionArgs) {
	const access = await projectAccessFor(request, context, params.buildId)
	if (!access) throw data(PROJECT_NOT_FOUND, { status: 404, headers: PRIVATE_ORDER_HEADERS })
	const values = await readForm(request)
	// Payments (decision 0038): cancelling the build within the 14 days.
	if (values.get('intent') === 'cancel-build') return cancelBuildAction(context, access, values)
	const intent = parseForm(SurveyIntentSchema, values)
	if (!intent.ok)
		return data({ message: intent.formError }, { status: 400, headers: PRIVATE_ORDER_HEADERS })
	const deps = { db: context.db, siteUrl: context.env.SITE_URL, now: () => new Date() }
	const who = { actor: 'customer', customer: true }
	let result: Awaited<ReturnType<typeof bookSurvey>>
	if (intent.data.intent === 'cancel') result = await cancelSurvey(deps, access.project.id, who)
	else {
		const slot = parseForm(SurveySlotSchema, values)
		if (!slot.ok)
			return data({ message: slot.formError }, { status: 400, headers: PRIVATE_ORDER_HEADERS })
		result = await bookSurvey(deps, access.project.id, new Date(slot.data.slot), who)
	}
	if (!result.ok)
		return data(
			{ message: result.message },
			{ status: result.status, headers: PRIVATE_ORDER_HEADERS },
		)
	context.logger.info(
		{ projectId: access.project.id, intent: intent.data.intent },
		'survey changed by customer',
	)
	const path = projectPath(access.project.id, access.key)
	throw redirect(`${path}${path.includes('?') ? '&' : '?'}done=${intent.data.intent}#survey`, {
		headers: PRIVATE_ORDER_HEADERS,
	})
}
