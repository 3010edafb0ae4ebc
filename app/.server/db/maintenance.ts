import { sql } from 'drizzle-orm'
import type { Db } from './client'

/**
 * The embedded database's nightly tidy (job 'vacuum'). PGlite runs Postgres in single-user mode,
 * which has no autovacuum: without this, deleted and updated rows' space and their index entries
 * are never reclaimed, and the planner never learns how large a table is (it planned 10,000 due
 * reminders as 8 rows, bench:jobs). PostgreSQL's own autovacuum does this there.
 */
export async function vacuumEmbedded(db: Db) {
	await db.execute(sql`vacuum (analyze)`)
}
