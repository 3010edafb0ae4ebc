import { eq } from 'drizzle-orm'
import type { Db } from '~/.server/db/client'
import { type BuildQuote, type BuildQuoteLine, buildProjects } from '~/.server/db/schema'
import { formFromContent } from '~/lib/builds/quote-rows'
import { totalRange } from '~/lib/builds/quote-totals'
import { quoteView, shownStatus, validUntilDate } from '~/lib/builds/quote-view'
import { linesOfQuotes, projectQuoteRows, quoteLines } from './quotes'

/** Read models for the quote pages (issue 59 items 4 and 7, decision 0037). */

/**
 * A project's quotes for a list: status (expired shown), the total as it stands (the accepted
 * one, else with no options and with all of them). The customer's list leaves drafts out.
 */
export async function quoteList(db: Db, projectId: string, now: Date, staff: boolean) {
	const quotes = (await projectQuoteRows(db, projectId)).filter(
		(q) => staff || q.status !== 'draft',
	)
	const lines = await linesOfQuotes(
		db,
		quotes.map((q) => q.id),
	)
	return quoteListFrom(quotes, lines, now)
}

type ListedQuote = Pick<
	BuildQuote,
	'id' | 'version' | 'title' | 'status' | 'validUntil' | 'sentAt' | 'acceptedTotalPence'
>
type ListedLine = Pick<
	BuildQuoteLine,
	'quoteId' | 'section' | 'quantity' | 'unitPence' | 'optional'
>

/** The list from its rows, newest version first (read here, or in the customer page's statement). */
export function quoteListFrom(quotes: ListedQuote[], lines: ListedLine[], now: Date) {
	return quotes.map((q) => {
		const own = lines.filter((l) => l.quoteId === q.id)
		return {
			id: q.id,
			version: q.version,
			title: q.title,
			status: shownStatus(q, now),
			validUntil: validUntilDate(q.validUntil),
			sentAt: q.sentAt?.toISOString() ?? null,
			acceptedTotalPence: q.acceptedTotalPence,
			...totalRange(own),
		}
	})
}
export type QuoteListItem = Awaited<ReturnType<typeof quoteList>>[number]

/** One quote with its lines, by version (the customer's addresses) or id (the builder's). */
export async function findQuote(
	db: Db,
	projectId: string,
	by: { id: number } | { version: number },
): Promise<{ quote: BuildQuote; lines: BuildQuoteLine[] } | undefined> {
	const quote = (await projectQuoteRows(db, projectId)).find((q) =>
		'id' in by ? q.id === by.id : q.version === by.version,
	)
	if (!quote) return undefined
	return { quote, lines: await quoteLines(db, quote.id) }
}

/** The customer's view of a sent (or later) quote for the options asked; drafts are not theirs. */
export async function customerQuote(
	db: Db,
	projectId: string,
	version: number,
	asked: number[] | null,
	now: Date,
) {
	const found = await findQuote(db, projectId, { version })
	if (!found || found.quote.status === 'draft') return undefined
	return quoteView(found.quote, found.lines, asked, now)
}

/** The builder: the project's name and status, the quote as rows, and its preview. */
export async function builderPage(db: Db, projectId: string, quoteId: number, now: Date) {
	const [project] = await db
		.select({ id: buildProjects.id, name: buildProjects.name, status: buildProjects.status })
		.from(buildProjects)
		.where(eq(buildProjects.id, projectId))
	const found = project ? await findQuote(db, projectId, { id: quoteId }) : undefined
	if (!project || !found) return undefined
	const { quote, lines } = found
	return {
		project,
		quote: { id: quote.id, version: quote.version, status: shownStatus(quote, now) },
		form: formFromContent(
			{
				title: quote.title,
				intro: quote.intro,
				terms: quote.terms,
				schedule: quote.schedule,
				lines,
			},
			validUntilDate(quote.validUntil),
		),
		preview: quoteView(quote, lines, null, now),
	}
}
