import { recordAudit } from '~/.server/audit/audit-log'
import { enqueueEmail } from '~/.server/email/outbox'
import type { PaymentProvider } from '~/.server/payments/provider'
import { scheduleProblem, splitSchedule } from '~/lib/builds/payment-schedule'
import type { ProjectStatus } from '~/lib/builds/project-status'
import { blankContent } from '~/lib/builds/quote-defaults'
import type { QuoteContent } from '~/lib/builds/quote-schemas'
import { chosenLines, quoteTotals, totalRange } from '~/lib/builds/quote-totals'
import { canDraftQuote, quoteExpiresAt, shownStatus, validUntilDate } from '~/lib/builds/quote-view'
import { addDays, londonDate } from '~/lib/london-time'
import { formatPence } from '~/lib/money'
import {
	addProjectEvent,
	changeProjectStatus,
	lockProject,
	touchProject,
} from './project-lifecycle'
import { quoteAcceptedEmail, quoteRequestStaffEmail, quoteSentEmail } from './quote-emails'
import { findQuoteTemplate } from './quote-templates'
import {
	insertDraft,
	lockQuote,
	markAccepted,
	markSent,
	projectQuoteRows,
	quoteContent,
	quoteLines,
	replaceDraft,
} from './quotes'
import { getBuildSettings } from './settings'
import { createSchedule } from './stages'
import type { BuildDeps } from './survey-bookings'

/**
 * What staff and the customer do with a build quote (issue 59 items 4, 5 and 7, decision 0037),
 * each in one transaction with its timeline entry, emails and audit entry.
 */
type Refusal = { ok: false; status: 400 | 404 | 409; message: string }
const refuse = (status: Refusal['status'], message: string): Refusal => ({
	ok: false,
	status,
	message,
})
const NOT_FOUND = refuse(404, 'Quote not found')

/** Sent once the survey is done: a first quote moves surveyed → quoted, a re-quote stays quoted. */
const SENDABLE: ProjectStatus[] = ['surveyed', 'quoted']

type Staff = { id: string; email: string; role: string }

/** 'New quote': blank, a template's copy or a copy of the latest version, as a new draft. */
export async function newQuote(
	deps: BuildDeps,
	projectId: string,
	from: string,
	actor: string,
): Promise<{ ok: true; quoteId: number } | Refusal> {
	const now = deps.now()
	const { quoteValidDays } = await getBuildSettings(deps.db)
	return deps.db.transaction(async (tx) => {
		const project = await lockProject(tx, projectId)
		if (!project) return refuse(404, 'Project not found')
		if (!canDraftQuote(project.status))
			return refuse(409, 'This project’s quote is settled: no new versions can be made.')
		const quotes = await projectQuoteRows(tx, projectId)
		const draft = quotes.find((q) => q.status === 'draft')
		if (draft)
			return refuse(409, `Version ${draft.version} is still a draft: finish or send it first.`)
		let content: QuoteContent | undefined
		if (from === 'latest') content = quotes[0] ? await quoteContent(tx, quotes[0]) : undefined
		else if (from.startsWith('template:'))
			content = (await findQuoteTemplate(tx, Number(from.slice(9))))?.content
		else content = blankContent('Your pond build')
		if (!content)
			return refuse(
				400,
				from === 'latest' ? 'There is no version to copy yet.' : 'Template not found',
			)
		const validUntil = quoteExpiresAt(addDays(londonDate(now), quoteValidDays))
		const quote = await insertDraft(tx, projectId, content, validUntil, actor)
		await touchProject(tx, projectId)
		return { ok: true as const, quoteId: quote.id }
	})
}

export async function saveDraft(
	deps: BuildDeps,
	projectId: string,
	quoteId: number,
	content: QuoteContent & { validUntil: string },
): Promise<{ ok: true } | Refusal> {
	return deps.db.transaction(async (tx) => {
		const quote = await lockQuote(tx, projectId, { id: quoteId })
		if (!quote) return NOT_FOUND
		if (quote.status !== 'draft')
			return refuse(409, 'This version has been sent: it cannot change.')
		await replaceDraft(tx, quote.id, content, quoteExpiresAt(content.validUntil))
		return { ok: true as const }
	})
}

/**
 * Sends a saved draft: the version before is superseded, the project moves to quoted (a first
 * quote) through the lifecycle, the customer is emailed the private link.
 */
export async function sendQuote(
	deps: BuildDeps & { ip?: string | null },
	projectId: string,
	quoteId: number,
	staff: Staff,
): Promise<{ ok: true } | Refusal> {
	const now = deps.now()
	return deps.db.transaction(async (tx) => {
		const project = await lockProject(tx, projectId)
		if (!project) return refuse(404, 'Project not found')
		const quote = await lockQuote(tx, projectId, { id: quoteId })
		if (!quote) return NOT_FOUND
		if (quote.status !== 'draft') return refuse(409, 'This version has already been sent.')
		if (!SENDABLE.includes(project.status))
			return refuse(
				409,
				project.status === 'enquiry' || project.status === 'survey_booked'
					? 'Mark the survey as done (status: surveyed) before sending the quote.'
					: 'This project’s quote is settled: no new versions can be sent.',
			)
		if (now >= quote.validUntil)
			return refuse(400, 'The valid-until date has passed: set a later date and save first.')
		const lines = await quoteLines(tx, quote.id)
		const range = totalRange(lines)
		const problem =
			range.fewestPence <= 0
				? 'Add the quote’s lines and save before sending.'
				: (scheduleProblem(range.fewestPence, quote.schedule) ??
					scheduleProblem(range.mostPence, quote.schedule))
		if (problem) return refuse(400, problem)
		await markSent(tx, quote, now)
		if (project.status === 'surveyed') {
			const moved = await changeProjectStatus(tx, projectId, {
				to: 'quoted',
				actor: staff.email,
				note: `Quote version ${quote.version} sent.`,
			})
			if (!moved.ok) return moved
		} else await touchProject(tx, projectId)
		await addProjectEvent(tx, projectId, {
			kind: 'message',
			actor: staff.email,
			text:
				quote.version > 1
					? `We sent you an updated quote (version ${quote.version}); it replaces the one before.`
					: `We sent you your quote (version ${quote.version}).`,
		})
		await enqueueEmail(
			tx,
			quoteSentEmail(project, {
				version: quote.version,
				title: quote.title,
				validUntil: validUntilDate(quote.validUntil),
				...range,
			}),
		)
		await recordAudit(tx, {
			actor: { id: staff.id, email: staff.email, role: staff.role },
			ip: deps.ip ?? null,
			kind: 'project.quote-sent',
			subject: projectId,
			detail: `Version ${quote.version}: ${formatPence(range.fewestPence)}${range.mostPence === range.fewestPence ? '' : ` to ${formatPence(range.mostPence)} with every option`}`,
		})
		return { ok: true as const }
	})
}

/** Why a quote cannot be accepted, in the customer's words, or null. */
function acceptRefusal(status: ReturnType<typeof shownStatus>): string | null {
	if (status === 'expired')
		return 'This quote has passed its valid-until date, so it cannot be accepted online. Ask us for a new one below.'
	if (status === 'superseded')
		return 'We have sent a newer version of this quote, so this one cannot be accepted. Please look at the latest version, or ask us for a new one below.'
	if (status === 'accepted') return 'This quote has already been accepted.'
	if (status === 'draft') return 'Quote not found'
	return null
}

/**
 * The customer accepts: one transaction holds the project's row lock, refuses anything but a
 * sent, unexpired quote of a quoted project, works out the total from the options ticked, records
 * the acceptance, moves the project to accepted and makes the payment stages.
 */
export async function acceptQuote(
	deps: BuildDeps & { provider: PaymentProvider },
	projectId: string,
	version: number,
	input: { name: string; options: number[]; earlyStart: boolean },
): Promise<{ ok: true; depositLinkId: string | null } | Refusal> {
	const now = deps.now()
	return deps.db.transaction(async (tx) => {
		const project = await lockProject(tx, projectId)
		if (!project) return refuse(404, 'Project not found')
		const quote = await lockQuote(tx, projectId, { version })
		if (!quote || quote.status === 'draft') return NOT_FOUND
		const refusal = acceptRefusal(shownStatus(quote, now))
		if (refusal) return refuse(409, refusal)
		if (project.status !== 'quoted')
			return refuse(409, 'This project is not waiting for an acceptance. Please call us.')
		const lines = await quoteLines(tx, quote.id)
		const chosen = chosenLines(lines, input.options)
		const { totalPence } = quoteTotals(lines, (l) => chosen.has(l.id))
		const problem = scheduleProblem(totalPence, quote.schedule)
		if (problem) return refuse(409, 'These options cannot be accepted online. Please call us.')
		const accepted = await markAccepted(tx, quote, {
			chosen,
			name: input.name,
			totalPence,
			earlyStart: input.earlyStart,
			now,
		})
		if (!accepted) return refuse(409, 'This quote has already been accepted.')
		const moved = await changeProjectStatus(tx, projectId, {
			to: 'accepted',
			actor: 'customer',
			note: `Quote version ${quote.version} accepted by ${input.name}${input.earlyStart ? ', asking for work to start within the 14-day cancellation period' : ''}.`,
		})
		if (!moved.ok) return moved
		// The deposit's payment link is issued in this transaction (decision 0038).
		const stages = await createSchedule(tx, accepted, totalPence, now, { provider: deps.provider })
		await enqueueEmail(
			tx,
			quoteAcceptedEmail(project, {
				version: quote.version,
				name: input.name,
				totalPence,
				options: lines.filter((l) => l.optional && chosen.has(l.id)).map((l) => l.description),
				stages: splitSchedule(totalPence, quote.schedule),
				earlyStart: input.earlyStart,
			}),
		)
		return { ok: true as const, depositLinkId: stages[0]?.paymentLinkId ?? null }
	})
}

/** 'Ask for a new quote' on a quote that can no longer be accepted: a message staff see. */
export async function requestNewQuote(
	deps: BuildDeps,
	projectId: string,
	version: number,
	message: string,
): Promise<{ ok: true } | Refusal> {
	return deps.db.transaction(async (tx) => {
		const project = await lockProject(tx, projectId)
		if (!project) return refuse(404, 'Project not found')
		const quote = await lockQuote(tx, projectId, { version })
		if (!quote || quote.status === 'draft') return NOT_FOUND
		const status = shownStatus(quote, deps.now())
		if (status !== 'expired' && status !== 'superseded')
			return refuse(409, 'This quote can still be accepted.')
		await touchProject(tx, projectId)
		await addProjectEvent(tx, projectId, {
			kind: 'message',
			actor: 'customer',
			text: `Please send a new quote (version ${version} ${status === 'expired' ? 'has expired' : 'was replaced'}).${message ? ` ${message}` : ''}`,
		})
		await enqueueEmail(tx, quoteRequestStaffEmail(project, version, deps.siteUrl))
		return { ok: true as const }
	})
}
