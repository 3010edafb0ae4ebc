import pg from 'pg'
import { type Db, openDatabase } from './client'
import {
	appliedMigrations,
	emptyTables,
	followSequences,
	tableBatches,
	tablesInOrder,
	tableTotals,
	writeTable,
} from './tables'

export class MoveError extends Error {}

export type MoveReport = { table: string; totals: Record<string, string> }[]

/**
 * Copies an embedded shop into an empty PostgreSQL database: migrations first (the same SQL),
 * then every table's rows in one transaction, which commits only when each table's row count and
 * integer-column sums (money is integer pence) match the source's.
 */
export async function moveToPostgres(source: Db, url: string): Promise<MoveReport> {
	await refuseNonEmpty(url)
	const target = await openDatabase({ url, poolSize: 2 })
	try {
		const [ours, theirs] = [await appliedMigrations(source), await appliedMigrations(target.db)]
		if (ours.join() !== theirs.join())
			throw new MoveError('The two databases have different migrations; nothing was copied.')
		const tables = await tablesInOrder(source)
		return await target.db.transaction(async (tx) => {
			// The database was empty before its migrations: any row now is one they seed (the five
			// first categories), which the source has too, as its owner left them.
			await emptyTables(tx, tables)
			const report: MoveReport = []
			for (const table of tables) {
				// A batch at a time (a cursor needs a transaction of its own on the source): the photos'
				// originals alone may be more than a process, or the embedded database, can hold at once.
				await source.transaction(async (read) => {
					for await (const batch of tableBatches(read, table)) await writeTable(tx, table, batch)
				})
				await followSequences(tx, table)
				const [want, got] = [await tableTotals(source, table), await tableTotals(tx, table)]
				if (JSON.stringify(want) !== JSON.stringify(got))
					throw new MoveError(
						`${table} does not match after copying (${JSON.stringify(want)} vs ${JSON.stringify(got)}); nothing was copied.`,
					)
				report.push({ table, totals: got })
			}
			return report
		})
	} finally {
		await target.close()
	}
}

/** A database with any table (ours or anyone's) is not a place to move a shop into. */
async function refuseNonEmpty(url: string) {
	const client = new pg.Client({ connectionString: url })
	await client.connect().catch((error: Error) => {
		throw new MoveError(`Could not connect to the PostgreSQL database: ${error.message}`)
	})
	try {
		const { rows } = await client.query<{ name: string }>(
			`select schemaname || '.' || tablename as name from pg_tables
			where schemaname not in ('pg_catalog', 'information_schema') order by 1 limit 5`,
		)
		if (rows.length)
			throw new MoveError(
				`The PostgreSQL database is not empty (it has ${rows.map((r) => r.name).join(', ')}${rows.length === 5 ? ', …' : ''}). Move into a new, empty database.`,
			)
	} finally {
		await client.end()
	}
}
