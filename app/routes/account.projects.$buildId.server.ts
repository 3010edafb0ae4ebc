import { data, redirect } from 'react-router'
import { takeQuota } from '~/.server/auth/attempt-limiter'
import { sendTestimonial } from '~/.server/builds/aftercare'
import { projectAccessFor } from '~/.server/builds/project-access'
import { bookSurvey, cancelSurvey } from '~/.server/builds/survey-bookings'
import { readForm } from '~/.server/http/read-body'
import { TestimonialRequestSchema } from '~/lib/builds/aftercare-schemas'
import { SurveyIntentSchema, SurveySlotSchema } from '~/lib/builds/build-schemas'
import { PROJECT_NOT_FOUND, projectPath } from '~/lib/builds/project-paths'
import { formValues, parseForm } from '~/lib/forms'
import { PRIVATE_ORDER_HEADERS } from '~/lib/seo'
import type { Route } from './+types/account.projects.$buildId'
import { cancelBuildAction } from './account.projects.$buildId.payments.server'

/** Booking, moving and cancelling the survey from the project page (issue 59 item 2). */
export async function projectAction(args: Route.ActionArgs) {
	const { params, request, context } = args
	const access = await projectAccessFor(request, context, params.buildId)
	if (!access) throw data(PROJECT_NOT_FOUND, { status: 404, headers: PRIVATE_ORDER_HEADERS })
	const values = await readForm(request)
	if (values.get('intent') === 'testimonial') return testimonialAction(args, access, values)
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

/** A finished build's testimonial (issue 59 item 10): hidden until the owner approves it. */
async function testimonialAction(
	{ context }: Route.ActionArgs,
	access: NonNullable<Awaited<ReturnType<typeof projectAccessFor>>>,
	values: FormData,
) {
	const reply = (
		status: number,
		message: string,
		fieldErrors?: Record<string, string | undefined>,
	) =>
		data(
			{
				intent: 'testimonial' as const,
				message,
				fieldErrors,
				values: fieldErrors ? formValues(values) : undefined,
			},
			{ status, headers: PRIVATE_ORDER_HEADERS },
		)
	if (!(await takeQuota(context.db, 'build-testimonial', access.project.id, context.clientIp)))
		return reply(429, 'Too many tries from here. Please try again in an hour, or call us.')
	const form = parseForm(TestimonialRequestSchema, values)
	if (!form.ok) return reply(400, form.formError, form.fieldErrors)
	const sent = await sendTestimonial(
		{ db: context.db, siteUrl: context.env.SITE_URL },
		access.project.id,
		form.data,
	)
	if (!sent.ok) return reply(sent.status, sent.message)
	context.logger.info({ projectId: access.project.id }, 'testimonial sent by customer')
	const path = projectPath(access.project.id, access.key)
	throw redirect(`${path}${path.includes('?') ? '&' : '?'}done=testimonial#testimonial`, {
		headers: PRIVATE_ORDER_HEADERS,
	})
}
