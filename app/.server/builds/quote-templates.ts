import { asc, eq } from 'drizzle-orm'
import type { Db, Tx } from '~/.server/db/client'
import { buildQuoteTemplates } from '~/.server/db/schema'
import type { QuoteContent } from '~/lib/builds/quote-schemas'

/** Saved quote templates for common builds (issue 59 item 7): the one writer of their table. */
export function listQuoteTemplates(db: Db) {
	return db.select().from(buildQuoteTemplates).orderBy(asc(buildQuoteTemplates.name))
}

export async function findQuoteTemplate(db: Db | Tx, id: number) {
	const [row] = await db.select().from(buildQuoteTemplates).where(eq(buildQuoteTemplates.id, id))
	return row
}

/** Saves a draft's content under a name; the same name again replaces that template. */
export async function saveQuoteTemplate(
	db: Db | Tx,
	name: string,
	content: QuoteContent,
	changedBy: string,
) {
	// A template is a starting point: no catalogue links (prices are checked again when quoting).
	const stored = { ...content, lines: content.lines.map(({ productId: _p, ...line }) => line) }
	await db
		.insert(buildQuoteTemplates)
		.values({ name, content: stored, changedBy })
		.onConflictDoUpdate({
			target: buildQuoteTemplates.name,
			set: { content: stored, changedBy, changedAt: new Date() },
		})
}

export async function deleteQuoteTemplate(db: Db, id: number) {
	const gone = await db
		.delete(buildQuoteTemplates)
		.where(eq(buildQuoteTemplates.id, id))
		.returning({ id: buildQuoteTemplates.id })
	return gone.length > 0
}
