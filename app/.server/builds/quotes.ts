import { eq, sql } from 'drizzle-orm'
import type { Tx } from '~/.server/db/client'
import { buildQuotes } from '~/.server/db/schema'

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
