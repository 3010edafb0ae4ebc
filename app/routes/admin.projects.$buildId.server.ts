import { type AppLoadContext, data, redirect } from 'react-router'
import { auditWho } from '~/.server/audit/audit-log'
import { requireAction } from '~/.server/auth/guards'
import { adminAftercare, askForTestimonial, createPortfolioDraft } from '~/.server/builds/aftercare'
import { paymentsView } from '~/.server/builds/payments-view'
import {
	addInternalNote,
	messageCustomer,
	staffChangeStatus,
	updateSurveyNotes,
} from '~/.server/builds/project-actions'
import { adminProjectPage, openProjectCount, surveyCalendar } from '~/.server/builds/project-pages'
import { newQuote } from '~/.server/builds/quote-actions'
import { quoteList } from '~/.server/builds/quote-pages'
import { listQuoteTemplates } from '~/.server/builds/quote-templates'
import { bookSurvey, cancelSurvey } from '~/.server/builds/survey-bookings'
import { readForm } from '~/.server/http/read-body'
import { waitingRequests } from '~/.server/orders/after-sale/staff-requests'
import { PortfolioDraftSchema } from '~/lib/builds/aftercare-schemas'
import {
	ProjectMessageSchema,
	ProjectNoteSchema,
	ProjectStatusSchema,
	SurveyNotesSchema,
	SurveySlotSchema,
} from '~/lib/builds/build-schemas'
import { PROJECT_ID_PATTERN } from '~/lib/builds/project-paths'
import { canBookSurvey } from '~/lib/builds/project-status'
import { NewQuoteSchema } from '~/lib/builds/quote-schemas'
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

/** What the project's admin page reads (issue 59): the project, its survey calendar, quotes, payments and after-care. */
/** `edit`: the viewer may change the project; a reader (the bookkeeper) gets none of the forms' data. */
export async function adminProjectData(context: AppLoadContext, buildId: string, edit: boolean) {
	const page = PROJECT_ID_PATTERN.test(buildId)
		? await adminProjectPage(context.db, buildId)
		: undefined
	if (!page) throw data('Project not found', { status: 404 })
	const bookable = edit && canBookSurvey(page.project.status)
	const now = new Date()
	const [calendar, open, requestsWaiting, aftercare, quotes, templates, payments] =
		await Promise.all([
			bookable ? surveyCalendar(context.db, now) : [],
			openProjectCount(context.db),
			waitingRequests(context.db),
			edit ? adminAftercare(context.db, page.project) : null,
			quoteList(context.db, page.project.id, now, true),
			edit ? listQuoteTemplates(context.db) : [],
			paymentsView(context.db, page.project, {
				siteUrl: context.env.SITE_URL,
				now,
				forCustomer: false,
			}),
		])
	return {
		page,
		calendar,
		bookable,
		open,
		requestsWaiting,
		aftercare,
		quotes,
		templates: templates.map((t) => ({ id: t.id, name: t.name })),
		payments,
	}
}
