import { data, redirect } from 'react-router'
import { requireAction } from '~/.server/auth/guards'
import { saveDraft, sendQuote } from '~/.server/builds/quote-actions'
import { saveQuoteTemplate } from '~/.server/builds/quote-templates'
import { readForm } from '~/.server/http/read-body'
import { PROJECT_ID_PATTERN } from '~/lib/builds/project-paths'
import {
	formForSchema,
	type QuoteFormState,
	readQuoteForm,
	withoutBlankRows,
} from '~/lib/builds/quote-rows'
import {
	builderIntent,
	MAX_QUOTE_LINES,
	MAX_QUOTE_STAGES,
	QUOTE_ID_PATTERN,
	QuoteBuilderSchema,
	TemplateNameSchema,
	toContent,
} from '~/lib/builds/quote-schemas'
import { type FieldErrors, formValues, parseForm } from '~/lib/forms'
import { penceToInput } from '~/lib/money'
import type { Route } from './+types/admin.projects.$buildId.quotes.$quoteId'

/**
 * The quote builder's buttons (issue 59 item 7). Row buttons answer the form with its rows changed
 * (nothing saved); 'Save', 'Send' and 'Save as template' check the whole quote first.
 */
export type BuilderAnswer = {
	intent: string
	message?: string
	fieldErrors?: FieldErrors
	state: QuoteFormState
}

const blankLine = (section: string) => ({
	section,
	description: '',
	quantity: '1',
	price: '',
	optional: false,
	productId: '',
})

export async function quoteBuilderAction({ request, context, params }: Route.ActionArgs) {
	const admin = await requireAction(request, context, 'admin/projects/:buildId/quotes/:quoteId')
	if (!PROJECT_ID_PATTERN.test(params.buildId) || !QUOTE_ID_PATTERN.test(params.quoteId))
		throw data('Quote not found', { status: 404 })
	const projectId = params.buildId
	const quoteId = Number(params.quoteId)
	const values = formValues(await readForm(request))
	const asked = builderIntent(values.intent ?? '')
	let state = readQuoteForm(values)
	const answer = (status: number, extra: Omit<BuilderAnswer, 'intent' | 'state'> = {}) =>
		data<BuilderAnswer>({ intent: asked?.intent ?? '', state, ...extra }, { status })
	if (!asked) return answer(400, { message: 'Unknown action' })
	const { intent, row } = asked
	const unsaved = 'Not saved yet: press ‘Save draft’ when you are done.'
	const lastSection = state.lines.at(-1)?.section ?? ''
	if (intent === 'add-line' || intent === 'add-section') {
		if (state.lines.length >= MAX_QUOTE_LINES)
			return answer(400, { message: `A quote has at most ${MAX_QUOTE_LINES} lines.` })
		state.lines.push(blankLine(intent === 'add-line' ? lastSection : ''))
		return answer(200, { message: unsaved })
	}
	if (intent === 'add-product') {
		const product = values.productId ? await context.catalog.product(values.productId) : undefined
		if (!product || product.pricePence === null)
			return answer(400, { message: 'Choose a product that has a price.' })
		if (state.lines.length >= MAX_QUOTE_LINES)
			return answer(400, { message: `A quote has at most ${MAX_QUOTE_LINES} lines.` })
		state.lines.push({
			...blankLine(lastSection || 'Equipment'),
			description: product.name,
			price: penceToInput(product.pricePence),
			productId: product.id,
		})
		return answer(200, { message: unsaved })
	}
	if (intent === 'remove-line') {
		state.lines.splice(row, 1)
		return answer(200, { message: unsaved })
	}
	if (intent === 'add-stage') {
		if (state.stages.length >= MAX_QUOTE_STAGES)
			return answer(400, { message: `A schedule has at most ${MAX_QUOTE_STAGES} stages.` })
		state.stages.push({ label: '', kind: 'percent', amount: '', due: 'stage' })
		return answer(200, { message: unsaved })
	}
	if (intent === 'remove-stage') {
		state.stages.splice(row, 1)
		return answer(200, { message: unsaved })
	}
	// Save, send, save as template: the whole quote must be right.
	state = withoutBlankRows(state)
	const form = parseForm(QuoteBuilderSchema, formForSchema(state))
	if (!form.ok)
		return answer(400, {
			message: 'Please correct the quote: the problems are shown by each field.',
			fieldErrors: form.fieldErrors,
		})
	const content = toContent(form.data)
	const deps = { db: context.db, siteUrl: context.env.SITE_URL, now: () => new Date() }
	if (intent === 'save-template') {
		const named = parseForm(TemplateNameSchema, values)
		if (!named.ok) return answer(400, { message: named.formError, fieldErrors: named.fieldErrors })
		await saveQuoteTemplate(context.db, named.data.templateName, content, admin.email)
		throw redirect(`/admin/projects/${projectId}/quotes/${quoteId}?done=template`)
	}
	const saved = await saveDraft(deps, projectId, quoteId, content)
	if (!saved.ok) {
		if (saved.status === 404) throw data('Quote not found', { status: 404 })
		return answer(saved.status, { message: saved.message })
	}
	if (intent === 'save') throw redirect(`/admin/projects/${projectId}/quotes/${quoteId}?done=save`)
	const sent = await sendQuote({ ...deps, ip: context.clientIp }, projectId, quoteId, admin)
	if (!sent.ok) return answer(sent.status, { message: `Saved, but not sent: ${sent.message}` })
	context.logger.info({ projectId, quoteId, adminId: admin.id }, 'build quote sent')
	throw redirect(`/admin/projects/${projectId}?done=quote-sent#quotes`)
}
