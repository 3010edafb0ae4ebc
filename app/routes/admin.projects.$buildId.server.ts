import { data, redirect } from 'react-router'
import { auditWho } from '~/.server/audit/audit-log'
import { requireAction } from '~/.server/auth/guards'
import { askForTestimonial, createPortfolioDraft } from '~/.server/builds/aftercare'
import {
	addInternalNote,
	messageCustomer,
	staffChangeStatus,
	updateSurveyNotes,
} from '~/.server/builds/project-actions'
import { newQuote } from '~/.server/builds/quote-actions'
import { bookSurvey, cancelSurvey } from '~/.server/builds/survey-bookings'
import { readForm } from '~/.server/http/read-body'
import { PortfolioDraftSchema } from '~/lib/builds/aftercare-schemas'
import {
	ProjectMessageSchema,
	ProjectNoteSchema,
	ProjectStatusSchema,
	SurveyNotesSchema,
	SurveySlotSchema,
} from '~/lib/builds/build-schemas'
import { PROJECT_ID_PATTERN } from '~/lib/builds/project-paths'
import { NewQuoteSchema } from '~/lib/builds/quote-schemas'
import { type FieldErrors, parseForm } from '~/lib/forms'
import type { Route } from './+types/admin.projects.$buildId'

/**
 * What staff do on a project's page (issue 59 item 6), one intent per form: move its status,
 * message the customer, add an internal note, keep survey notes, book, move or cancel the survey.
 */
export type AdminProjectAnswer = { intent: string; message: string; fieldErrors?: FieldErrors }

export async function adminProjectAction({ request, context, params }: Route.ActionArgs) {
	const admin = await requireAction(request, context, 'admin/projects/:buildId')
	if (!PROJECT_ID_PATTERN.test(params.buildId)) throw data('Project not found', { status: 404 })
	const values = await readForm(request)
	const intent = String(values.get('intent') ?? '')
	const deps = { db: context.db, siteUrl: context.env.SITE_URL, now: () => new Date() }
	const id = params.buildId
	const actor = admin.email
	const fail = (status: number, message: string, fieldErrors?: FieldErrors) =>
		data<AdminProjectAnswer>({ intent, message, fieldErrors }, { status })
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
	} else if (intent === 'portfolio-draft') {
		// A completed build's after-care (issue 59 item 10).
		const form = parseForm(PortfolioDraftSchema, values)
		if (!form.ok) return fail(400, form.formError, form.fieldErrors)
		result = await createPortfolioDraft(
			context.db,
			id,
			form.data,
			auditWho(admin, context.clientIp),
		)
	} else if (intent === 'ask-testimonial') {
		result = await askForTestimonial(context.db, id, actor)
	} else if (intent === 'new-quote') {
		// A new draft opens in the builder (decision 0037).
		const form = parseForm(NewQuoteSchema, values)
		if (!form.ok) return fail(400, form.formError, form.fieldErrors)
		const made = await newQuote(deps, id, form.data.from, actor)
		if (!made.ok) {
			if (made.status === 404) throw data('Project not found', { status: 404 })
			return fail(made.status, made.message)
		}
		throw redirect(`/admin/projects/${id}/quotes/${made.quoteId}`)
	} else return fail(400, 'Unknown action')
	if (!result.ok) {
		if (result.status === 404) throw data('Project not found', { status: 404 })
		return fail(result.status, result.message)
	}
	context.logger.info({ projectId: id, adminId: admin.id, intent }, 'project changed by staff')
	throw redirect(`/admin/projects/${id}?done=${intent}`)
}
