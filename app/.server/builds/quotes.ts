import { eq, sql } from 'drizzle-orm'
import type { Tx } from '~/.server/db/client'
import { buildQuoteLines, buildQuotes } from '~/.server/db/schema'

/**
 * The one writer of build quotes and their lines (issue 59 items 4 and 7, decision 0037): drafts,
 * sending (which supersedes the version before) and acceptance.
 */

/** The number the project's next quote version takes, inside the caller's transaction. */
export async function nextQuoteVersion(tx: Tx, projectId: string) {
	const [row] = await tx
		.select({ last: sql<number>`coalesce(max(${buildQuotes.version}), 0)` })
		.from(buildQuotes)
		.where(eq(buildQuotes.projectId, projectId))
	return Number(row?.last ?? 0) + 1
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
