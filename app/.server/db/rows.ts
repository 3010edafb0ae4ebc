import type { SQL } from 'drizzle-orm'
import type { Db, Tx } from './client'

/**
 * The rows of a raw SQL statement. Both drivers answer `execute` with `{ rows }`, but Drizzle's
 * shared type does not say so; this is the one place that knows. Timestamps in raw rows arrive
 * as strings on one driver and Dates on the other: convert them where they are read.
 */
export async function rows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
	return ((await db.execute(query)) as unknown as { rows: T[] }).rows
}
