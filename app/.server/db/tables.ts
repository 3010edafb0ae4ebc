import { type SQL, sql } from 'drizzle-orm'
import type { Db, Tx } from './client'
import { rows } from './rows'

/**
 * Whole-database copying for backups, restores and the move to PostgreSQL: every table of the
 * public schema, read and written as JSON rows. Reading the tables from the database (not from the
 * Drizzle schema) keeps this working as features add tables.
 */
type Runner = Db | Tx
export type Row = Record<string, unknown>

const ident = (name: string) => sql.raw(`"${name.replaceAll('"', '""')}"`)

/** The app's tables, parents before children (foreign keys), so inserts in this order succeed. */
export async function tablesInOrder(db: Runner): Promise<string[]> {
	const tables = (
		await rows<{ name: string }>(
			db,
			sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
		)
	).map((t) => t.name)
	const edges = await rows<{ child: string; parent: string }>(
		db,
		sql`select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
			from pg_constraint c join pg_namespace n on n.oid = c.connamespace
			where c.contype = 'f' and n.nspname = 'public'`,
	)
	const unquote = (name: string) => name.replace(/^"(.*)"$/, '$1').replaceAll('""', '"')
	const parents = new Map(tables.map((t) => [t, new Set<string>()]))
	for (const { child, parent } of edges)
		if (unquote(child) !== unquote(parent)) parents.get(unquote(child))?.add(unquote(parent))
	const ordered: string[] = []
	const visit = (table: string, path: Set<string>) => {
		if (ordered.includes(table) || path.has(table)) return
		path.add(table)
		for (const parent of parents.get(table) ?? []) visit(parent, path)
		ordered.push(table)
	}
	for (const table of tables) visit(table, new Set())
	return ordered
}

/** The migrations applied, oldest first: a backup only restores onto the same schema. */
export async function appliedMigrations(db: Runner): Promise<string[]> {
	return (
		await rows<{ hash: string }>(
			db,
			sql`select hash from drizzle.__drizzle_migrations order by created_at, id`,
		)
	).map((m) => m.hash)
}

/**
 * Rows fetched a batch at a time (a cursor, so only inside a transaction). 50 rows: a photo's
 * chunk is 64 KB, 128 KB as JSON, so a batch of them is a few MB however large the table is.
 */
const FETCH_ROWS = 50

/** Every row of `table` as JSON, a batch at a time; `where` (over the alias `t`) leaves rows out. */
export async function* tableBatches(tx: Tx, table: string, where?: SQL): AsyncGenerator<Row[]> {
	await tx.execute(
		sql`declare table_rows no scroll cursor for select row_to_json(t) as row from ${ident(table)} t${where ? sql` where ${where}` : sql``}`,
	)
	try {
		for (;;) {
			const batch = await rows<{ row: Row }>(tx, sql.raw(`fetch ${FETCH_ROWS} from table_rows`))
			if (batch.length === 0) return
			yield batch.map((r) => r.row)
		}
	} finally {
		await tx.execute(sql`close table_rows`)
	}
}

const BATCH = 500

/** Inserts JSON rows as the table's own types (followSequences once the table is written). */
export async function writeTable(tx: Tx, table: string, data: Row[]) {
	const columns = (
		await rows<{ name: string }>(
			tx,
			sql`select column_name as name from information_schema.columns
				where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER'
				order by ordinal_position`,
		)
	).map((c) => ident(c.name))
	const list = sql.join(columns, sql`, `)
	for (let i = 0; i < data.length; i += BATCH) {
		const batch = JSON.stringify(data.slice(i, i + BATCH))
		await tx.execute(
			sql`insert into ${ident(table)} (${list}) overriding system value
				select ${list} from json_populate_recordset(null::${ident(table)}, ${batch}::json)`,
		)
	}
}

/** Identity and serial sequences start after the table's rows (or again at 1 if it has none). */
export async function followSequences(tx: Tx, table: string) {
	const sequences = await rows<{ column: string; sequence: string }>(
		tx,
		sql`select column_name as column, pg_get_serial_sequence(${`public."${table}"`}, column_name) as sequence
			from information_schema.columns where table_schema = 'public' and table_name = ${table}`,
	)
	for (const { column, sequence } of sequences) {
		if (!sequence) continue
		await tx.execute(
			sql`select setval(${sequence}, coalesce(max(${ident(column)}), 1), max(${ident(column)}) is not null) from ${ident(table)}`,
		)
	}
}

/** Empties every table (the restore replaces the whole shop). */
export async function emptyTables(tx: Tx, tables: string[]) {
	if (tables.length) await tx.execute(sql`truncate ${sql.join(tables.map(ident), sql`, `)} cascade`)
}

/** Per table: its row count and the sum of each integer column (money is integer pence). */
export async function tableTotals(db: Runner, table: string): Promise<Record<string, string>> {
	const columns = await rows<{ name: string }>(
		db,
		sql`select column_name as name from information_schema.columns
			where table_schema = 'public' and table_name = ${table}
				and data_type in ('smallint', 'integer', 'bigint')
			order by ordinal_position`,
	)
	const sums = columns.map(
		(c) => sql`coalesce(sum(${ident(c.name)}), 0)::text as ${ident(`sum:${c.name}`)}`,
	)
	const [totals] = await rows<Record<string, string>>(
		db,
		sql`select ${sql.join([sql`count(*)::text as "rows"`, ...sums], sql`, `)} from ${ident(table)}`,
	)
	return totals ?? {}
}
