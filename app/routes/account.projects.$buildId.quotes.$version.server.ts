import { data, redirect } from 'react-router'
import { projectAccessFor } from '~/.server/builds/project-access'
import { acceptQuote, requestNewQuote } from '~/.server/builds/quote-actions'
import { customerQuote } from '~/.server/builds/quote-pages'
import { readForm } from '~/.server/http/read-body'
import { PROJECT_NOT_FOUND, projectPath } from '~/lib/builds/project-paths'
import {
	AcceptQuoteSchema,
	QUOTE_VERSION_PATTERN,
	RequestQuoteSchema,
} from '~/lib/builds/quote-schemas'
import { optionIds } from '~/lib/builds/quote-totals'
import { type FieldErrors, formValues, parseForm } from '~/lib/forms'
import { PRIVATE_ORDER_HEADERS } from '~/lib/seo'
import type { Route } from './+types/account.projects.$buildId.quotes.$version'

/**
 * The customer's quote page's forms (issue 59 items 4 and 5): 'Update total' (the options
 * without JavaScript), 'Accept and pay deposit', and 'Ask for a new quote'.
 */
export type QuoteAnswer = {
	intent: string
	message?: string
	fieldErrors?: FieldErrors
	view?: Awaited<ReturnType<typeof customerQuote>>
	name?: string
}

export async function quoteAction({ params, request, context }: Route.ActionArgs) {
	const access = await projectAccessFor(request, context, params.buildId)
	if (!access || !QUOTE_VERSION_PATTERN.test(params.version))
		throw data(PROJECT_NOT_FOUND, { status: 404, headers: PRIVATE_ORDER_HEADERS })
	const projectId = access.project.id
	const version = Number(params.version)
	const posted = await readForm(request)
	const values = formValues(posted)
	const intent = values.intent ?? ''
	const options = optionIds(posted.getAll('option'))
	const now = new Date()
	const deps = { db: context.db, siteUrl: context.env.SITE_URL, now: () => now }
	const answer = async (status: number, extra: Omit<QuoteAnswer, 'intent' | 'view'>) => {
		const view = await customerQuote(context.db, projectId, version, options, now)
		if (!view) throw data(PROJECT_NOT_FOUND, { status: 404, headers: PRIVATE_ORDER_HEADERS })
		return data<QuoteAnswer>({ intent, view, ...extra }, { status, headers: PRIVATE_ORDER_HEADERS })
	}
	if (intent === 'update') return answer(200, { name: values.name?.slice(0, 100) })
	if (intent === 'accept') {
		const form = parseForm(AcceptQuoteSchema, { ...values, options })
		if (!form.ok)
			return answer(400, {
				message: form.formError,
				fieldErrors: form.fieldErrors,
				name: values.name,
			})
		const result = await acceptQuote({ ...deps, provider: context.payments }, projectId, version, {
			name: form.data.name,
			options: form.data.options,
			earlyStart: form.data.earlyStart === 'yes',
		})
		if (!result.ok) {
			if (result.status === 404)
				throw data(PROJECT_NOT_FOUND, { status: 404, headers: PRIVATE_ORDER_HEADERS })
			return answer(result.status, { message: result.message, name: values.name })
		}
		context.logger.info({ projectId, version }, 'build quote accepted')
		// 'Accept and pay deposit': straight on to the deposit's pay page.
		if (result.depositLinkId)
			throw redirect(`/pay/${result.depositLinkId}`, { headers: PRIVATE_ORDER_HEADERS })
		const path = projectPath(projectId, access.key)
		throw redirect(`${path}${path.includes('?') ? '&' : '?'}done=accepted#quotes`, {
			headers: PRIVATE_ORDER_HEADERS,
		})
	}
	if (intent === 'request-new') {
		const form = parseForm(RequestQuoteSchema, values)
		if (!form.ok) return answer(400, { message: form.formError, fieldErrors: form.fieldErrors })
		const result = await requestNewQuote(deps, projectId, version, form.data.message)
		if (!result.ok) {
			if (result.status === 404)
				throw data(PROJECT_NOT_FOUND, { status: 404, headers: PRIVATE_ORDER_HEADERS })
			return answer(result.status, { message: result.message })
		}
		const path = projectPath(projectId, access.key, `/quotes/${version}`)
		throw redirect(`${path}${path.includes('?') ? '&' : '?'}done=requested`, {
			headers: PRIVATE_ORDER_HEADERS,
		})
	}
	return answer(400, { message: 'Unknown action' })
}
