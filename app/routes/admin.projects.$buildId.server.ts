import { data, redirect } from 'react-router'
import { requireAction } from '~/.server/auth/guards'
import {
	addInternalNote,
	messageCustomer,
	staffChangeStatus,
	updateSurveyNotes,
} from '~/.server/builds/project-actions'
import { bookSurvey, cancelSurvey } from '~/.server/builds/survey-bookings'
import { readForm } from '~/.server/http/read-body'
import {
	ProjectMessageSchema,
	ProjectNoteSchema,
	ProjectStatusSchema,
	SurveyNotesSchema,
	SurveySlotSchema,
} from '~/lib/builds/build-schemas'
import { PROJECT_ID_PATTERN } from '~/lib/builds/project-paths'
import { type FieldErrors, parseForm } from '~/lib/forms'
import type { Route } from './+types/admin.projects.$buildId'
import { PAYMENT_INTENTS, paymentIntent } from './admin.projects.$buildId.payments.server'

/**
 * What staff do on a project's page (issue 59 item 6), one intent per form: move its status,
 * message the customer, add an internal note, keep survey notes, book, move or cancel the survey.
 */
export type AdminProjectAnswer = {
	intent: string
	message: string
	fieldErrors?: FieldErrors
	/** Which stage's form answered (the Payments section has one per stage). */
	stageId?: string
}

export async function adminProjectAction({ request, context, params }: Route.ActionArgs) {
	const admin = await requireAction(request, context, 'admin/projects/:buildId')
	if (!PROJECT_ID_PATTERN.test(params.buildId)) throw data('Project not found', { status: 404 })
	const values = await readForm(request)
	const intent = String(values.get('intent') ?? '')
	// The payment provider and VAT number: completion issues the final account (decision 0038).
	const deps = {
		db: context.db,
		siteUrl: context.env.SITE_URL,
		now: () => new Date(),
		provider: context.payments,
		vatNumber: context.env.VAT_NUMBER,
	}
	const id = params.buildId
	const actor = admin.email
	const stage = values.get('stageId')
	const stageId = typeof stage === 'string' ? stage.slice(0, 12) : undefined
	const fail = (status: number, message: string, fieldErrors?: FieldErrors) =>
		data<AdminProjectAnswer>({ intent, message, fieldErrors, stageId }, { status })
	let result: { ok: true } | { ok: false; status: number; message: string }
	if (intent === 'status') {
		const form = parseForm(ProjectStatusSchema, values)
		if (!form.ok) return fail(400, form.formError, form.fieldErrors)
		result = await staffChangeStatus(deps, id, {
			to: form.data.status,
			reason: form.data.reason,
			version: form.data.version,
			actor,
		})
	} else if (intent === 'message' || intent === 'note') {
		const form = parseForm(intent === 'message' ? ProjectMessageSchema : ProjectNoteSchema, values)
		if (!form.ok) return fail(400, form.formError, form.fieldErrors)
		result = await (intent === 'message' ? messageCustomer : addInternalNote)(
			deps,
			id,
			form.data.text,
			actor,
		)
	} else if (intent === 'survey-notes') {
		const form = parseForm(SurveyNotesSchema, values)
		if (!form.ok) return fail(400, form.formError, form.fieldErrors)
		result = await updateSurveyNotes(deps, id, form.data.surveyNotes, actor)
	} else if (intent === 'book') {
		const form = parseForm(SurveySlotSchema, values)
		if (!form.ok) return fail(400, form.formError, form.fieldErrors)
		result = await bookSurvey(deps, id, new Date(form.data.slot), { actor, customer: false })
	} else if (intent === 'cancel-survey') {
		result = await cancelSurvey(deps, id, { actor, customer: false })
		// --- Payments (decision 0038): stage reached, bank transfer, settle a cancellation.
	} else if ((PAYMENT_INTENTS as readonly string[]).includes(intent)) {
		const answer = await paymentIntent(
			intent as (typeof PAYMENT_INTENTS)[number],
			values,
			context,
			id,
			admin,
		)
		if (!answer.ok && 'fieldErrors' in answer) return fail(400, answer.message, answer.fieldErrors)
		result = answer
		// --- end Payments
	} else return fail(400, 'Unknown action')
	if (!result.ok) {
		if (result.status === 404) throw data('Project not found', { status: 404 })
		return fail(result.status, result.message)
	}
	context.logger.info({ projectId: id, adminId: admin.id, intent }, 'project changed by staff')
	throw redirect(`/admin/projects/${id}?done=${intent}`)
}
