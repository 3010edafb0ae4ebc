import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import type { Db, Tx } from '~/.server/db/client'
import {
	type BuildQuote,
	type BuildQuoteLine,
	buildQuoteLines,
	buildQuotes,
} from '~/.server/db/schema'
import type { QuoteContent } from '~/lib/builds/quote-schemas'

/**
 * The one writer of build quotes and their lines (issue 59 items 4 and 7, decision 0037): drafts,
 * sending (which supersedes the version before) and acceptance. The steps around them (the
 * project's status, the timeline, emails, the audit log, the stages) are in quote-actions.ts.
 */

/** The number the project's next quote version takes, inside the caller's transaction. */
export async function nextQuoteVersion(tx: Tx, projectId: string) {
	const [row] = await tx
		.select({ last: sql<number>`coalesce(max(${buildQuotes.version}), 0)` })
		.from(buildQuotes)
		.where(eq(buildQuotes.projectId, projectId))
	return Number(row?.last ?? 0) + 1
}

const lineRows = (quoteId: number, content: QuoteContent) =>
	content.lines.map((l, position) => ({
		quoteId,
		position,
		section: l.section,
		description: l.description,
		quantity: l.quantity,
		unitPence: l.unitPence,
		optional: l.optional,
		// An option starts unticked: the customer chooses it.
		chosen: !l.optional,
		productId: l.productId ?? null,
	}))

/** A new draft, the project's next version (the caller holds the project's row lock). */
export async function insertDraft(
	tx: Tx,
	projectId: string,
	content: QuoteContent,
	validUntil: Date,
	createdBy: string,
): Promise<BuildQuote> {
	const [quote] = await tx
		.insert(buildQuotes)
		.values({
			projectId,
			version: await nextQuoteVersion(tx, projectId),
			status: 'draft',
			title: content.title,
			intro: content.intro,
			terms: content.terms,
			validUntil,
			schedule: content.schedule,
			createdBy,
		})
		.returning()
	if (content.lines.length) await tx.insert(buildQuoteLines).values(lineRows(quote!.id, content))
	return quote!
}

/** Replaces a draft's content and lines; answers false when it is not (or no longer) a draft. */
export async function replaceDraft(
	tx: Tx,
	quoteId: number,
	content: QuoteContent,
	validUntil: Date,
): Promise<boolean> {
	const [saved] = await tx
		.update(buildQuotes)
		.set({
			title: content.title,
			intro: content.intro,
			terms: content.terms,
			validUntil,
			schedule: content.schedule,
		})
		.where(and(eq(buildQuotes.id, quoteId), eq(buildQuotes.status, 'draft')))
		.returning({ id: buildQuotes.id })
	if (!saved) return false
	await tx.delete(buildQuoteLines).where(eq(buildQuoteLines.quoteId, quoteId))
	if (content.lines.length) await tx.insert(buildQuoteLines).values(lineRows(quoteId, content))
	return true
}

/** The draft goes out; the version sent before it (if any) is superseded and stays readable. */
export async function markSent(tx: Tx, quote: BuildQuote, now: Date) {
	await tx
		.update(buildQuotes)
		.set({ status: 'superseded' })
		.where(and(eq(buildQuotes.projectId, quote.projectId), eq(buildQuotes.status, 'sent')))
	await tx
		.update(buildQuotes)
		.set({ status: 'sent', sentAt: now })
		.where(and(eq(buildQuotes.id, quote.id), eq(buildQuotes.status, 'draft')))
}

/**
 * Records the acceptance: the options ticked, the name, the total worked out on the server and
 * the early-start request. The unique index on a project's accepted quote refuses a second one.
 */
export async function markAccepted(
	tx: Tx,
	quote: BuildQuote,
	acceptance: {
		chosen: Set<number>
		name: string
		totalPence: number
		earlyStart: boolean
		now: Date
	},
) {
	const lines = await quoteLines(tx, quote.id)
	const options = lines.filter((l) => l.optional)
	const ticked = options.filter((l) => acceptance.chosen.has(l.id)).map((l) => l.id)
	await tx
		.update(buildQuoteLines)
		.set({ chosen: false })
		.where(and(eq(buildQuoteLines.quoteId, quote.id), eq(buildQuoteLines.optional, true)))
	if (ticked.length)
		await tx
			.update(buildQuoteLines)
			.set({ chosen: true })
			.where(inArray(buildQuoteLines.id, ticked))
	const [accepted] = await tx
		.update(buildQuotes)
		.set({
			status: 'accepted',
			acceptedAt: acceptance.now,
			acceptedName: acceptance.name,
			acceptedTotalPence: acceptance.totalPence,
			earlyStart: acceptance.earlyStart,
		})
		.where(and(eq(buildQuotes.id, quote.id), eq(buildQuotes.status, 'sent')))
		.returning()
	return accepted
}

/** The quote, locked for the rest of the caller's transaction. */
export async function lockQuote(
	tx: Tx,
	projectId: string,
	by: { id: number } | { version: number },
): Promise<BuildQuote | undefined> {
	const [row] = await tx
		.select()
		.from(buildQuotes)
		.where(
			and(
				eq(buildQuotes.projectId, projectId),
				'id' in by ? eq(buildQuotes.id, by.id) : eq(buildQuotes.version, by.version),
			),
		)
		.for('update')
	return row
}

export function quoteLines(db: Db | Tx, quoteId: number): Promise<BuildQuoteLine[]> {
	return db
		.select()
		.from(buildQuoteLines)
		.where(eq(buildQuoteLines.quoteId, quoteId))
		.orderBy(asc(buildQuoteLines.position), asc(buildQuoteLines.id))
}

/** A project's quotes, newest version first. */
export function projectQuoteRows(db: Db | Tx, projectId: string) {
	return db
		.select()
		.from(buildQuotes)
		.where(eq(buildQuotes.projectId, projectId))
		.orderBy(desc(buildQuotes.version))
}

/** The lines of several quotes at once (the lists' totals). */
export function linesOfQuotes(db: Db, quoteIds: number[]) {
	if (!quoteIds.length) return Promise.resolve([] as BuildQuoteLine[])
	return db
		.select()
		.from(buildQuoteLines)
		.where(inArray(buildQuoteLines.quoteId, quoteIds))
		.orderBy(asc(buildQuoteLines.position), asc(buildQuoteLines.id))
}

/** A quote's content to copy (a new version from the latest, or a template). */
export async function quoteContent(db: Db | Tx, quote: BuildQuote): Promise<QuoteContent> {
	const lines = await quoteLines(db, quote.id)
	return {
		title: quote.title,
		intro: quote.intro,
		terms: quote.terms,
		schedule: quote.schedule,
		lines: lines.map((l) => ({
			section: l.section,
			description: l.description,
			quantity: l.quantity,
			unitPence: l.unitPence,
			optional: l.optional,
			productId: l.productId,
		})),
	}
}

/** UK GDPR erasure: the typed names that signed acceptances go with the rest of the customer. */
export async function anonymiseQuotesOf(tx: Tx, projectIds: string[]) {
	if (projectIds.length)
		await tx
			.update(buildQuotes)
			.set({ acceptedName: 'Deleted Customer' })
			.where(and(inArray(buildQuotes.projectId, projectIds), isNotNull(buildQuotes.acceptedName)))
}

/**
 * A quote and its lines written as given, in any status: for tests and bench data that need
 * quotes before the quote builder's own writer exists (tests/support/build-quotes.ts). The shop's
 * pages never call it.
 */
export async function insertQuoteAsGiven(
	tx: Tx,
	quote: typeof buildQuotes.$inferInsert,
	lines: Array<Omit<typeof buildQuoteLines.$inferInsert, 'quoteId' | 'position'>>,
) {
	const [row] = await tx.insert(buildQuotes).values(quote).returning()
	if (lines.length)
		await tx
			.insert(buildQuoteLines)
			.values(lines.map((line, position) => ({ ...line, quoteId: row!.id, position })))
	return row!
}
