import { asc } from 'drizzle-orm'
import type { Db } from '~/.server/db/client'
import { buildQuoteTemplates } from '~/.server/db/schema'

/** Saved quote templates for common builds (issue 59 item 7): the one writer of their table. */
export function listQuoteTemplates(db: Db) {
	return db.select().from(buildQuoteTemplates).orderBy(asc(buildQuoteTemplates.name))
}
