import { once } from 'node:events'
import fs from 'node:fs'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import zlib from 'node:zlib'
import { sql } from 'drizzle-orm'
import type { Db } from './client'
import { rows } from './rows'
import {
	appliedMigrations,
	emptyTables,
	type Row,
	tableBatches,
	tablesInOrder,
	writeTable,
} from './tables'

/**
 * A logical backup: gzip'd JSON lines — a header (format, schema migrations, time), one line per
 * row, and an end line with each table's row count, so a truncated file is recognised. Read in one
 * repeatable-read transaction, so it is consistent while the shop runs. The file holds personal
 * data and password hashes: it is written owner-only (0600). Sessions and reset links are left
 * out (CREDENTIAL_TABLES).
 */
const FORMAT = 'koi-shop-backup'
const VERSION = 1

/**
 * Live credentials never go into a backup, and are never restored from an older one that has
 * them: sessions (a session token is enough to act as that person, the owner included), reset
 * links (`verification`, and the queued or sent reset emails that carry them), and the attempt
 * counters. After a restore everyone signs in again and a pending reset is requested again.
 */
export const CREDENTIAL_TABLES: ReadonlySet<string> = new Set([
	'session',
	'verification',
	'login_attempts',
	'rate_limit',
])
const CREDENTIAL_EMAIL_KINDS = ['password-reset']
const isCredentialEmail = (row: Row) => CREDENTIAL_EMAIL_KINDS.includes(String(row.kind))

type Header = { format: string; version: number; createdAt: string; migrations: string[] }
export type Backup = Header & { tables: Map<string, Row[]> }
export class BackupError extends Error {}

/**
 * Written as it is read, a batch of rows at a time: the server writes the nightly backup, and the
 * photos' originals alone (photo_chunks) can be far larger than its heap (192 MB, decision 0013);
 * held whole, a shop with a few hundred photos would have crashed it every night.
 */
export async function writeBackup(db: Db, file: string) {
	fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true, mode: 0o700 })
	const partial = `${file}.partial`
	const counts: Record<string, number> = {}
	const gzip = zlib.createGzip()
	const written = pipeline(gzip, fs.createWriteStream(partial, { mode: 0o600 }))
	// Nobody waits on `written` until the end; a failed disk shows at the next write instead.
	written.catch(() => {})
	const line = async (value: unknown) => {
		if (!gzip.write(`${JSON.stringify(value)}\n`)) await once(gzip, 'drain')
	}
	try {
		await db.transaction(
			async (tx) => {
				await line({
					format: FORMAT,
					version: VERSION,
					createdAt: new Date().toISOString(),
					migrations: await appliedMigrations(tx),
				} satisfies Header)
				for (const table of await tablesInOrder(tx)) {
					counts[table] = 0
					if (CREDENTIAL_TABLES.has(table)) continue
					const where =
						table === 'email_outbox'
							? sql`t.kind <> all(${`{${CREDENTIAL_EMAIL_KINDS.join(',')}}`}::text[])`
							: undefined
					for await (const batch of tableBatches(tx, table, where)) {
						for (const row of batch) await line({ table, row })
						counts[table] += batch.length
					}
				}
			},
			{ isolationLevel: 'repeatable read', accessMode: 'read only' },
		)
		await line({ end: true, counts })
		gzip.end()
		await written
	} catch (error) {
		gzip.destroy()
		await written.catch(() => {})
		fs.rmSync(partial, { force: true })
		throw error
	}
	fs.renameSync(partial, file)
	return { file, counts, bytes: fs.statSync(file).size }
}

export function readBackup(file: string): Backup {
	let text: string
	try {
		text = zlib.gunzipSync(fs.readFileSync(file)).toString('utf8')
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code
		if (code === 'ENOENT') throw new BackupError(`No such file: ${file}`)
		throw new BackupError(
			code === 'Z_BUF_ERROR'
				? `${file} is truncated (the compressed data ends early); it cannot be restored.`
				: `${file} is not a shop backup (it is not a gzip file).`,
		)
	}
	const lines = text.split('\n').filter(Boolean)
	const parse = (line: string | undefined) => {
		try {
			return JSON.parse(line ?? '')
		} catch {
			return undefined
		}
	}
	const header = parse(lines[0]) as Header | undefined
	if (header?.format !== FORMAT) throw new BackupError(`${file} is not a shop backup.`)
	if (header.version !== VERSION)
		throw new BackupError(`${file} is a backup format this version of the shop cannot read.`)
	const end = parse(lines.at(-1)) as { end?: true; counts?: Record<string, number> } | undefined
	if (!end?.end || !end.counts)
		throw new BackupError(
			`${file} is truncated (its end marker is missing); it cannot be restored.`,
		)
	const tables = new Map<string, Row[]>(Object.keys(end.counts).map((t) => [t, []]))
	for (const line of lines.slice(1, -1)) {
		const entry = parse(line) as { table?: string; row?: Row } | undefined
		const rows = entry?.table ? tables.get(entry.table) : undefined
		if (!rows || !entry?.row) throw new BackupError(`${file} is damaged (an unreadable row).`)
		rows.push(entry.row)
	}
	for (const [table, count] of Object.entries(end.counts))
		if (tables.get(table)?.length !== count)
			throw new BackupError(`${file} is damaged: ${table} has the wrong number of rows.`)
	return { ...header, tables }
}

/** Row counts per table of the database, for "this will replace …" messages and checks. */
export async function countRows(db: Db): Promise<Record<string, number>> {
	const out: Record<string, number> = {}
	for (const table of await tablesInOrder(db)) {
		const [row] = await rows<{ n: number }>(
			db,
			sql`select count(*)::int as n from ${sql.raw(`"${table}"`)}`,
		)
		out[table] = row?.n ?? 0
	}
	return out
}

/** Refuses a backup of another schema version: its rows would not fit these tables. */
export async function checkSchema(db: Db, backup: Backup) {
	const ours = await appliedMigrations(db)
	const newer = backup.migrations.some((hash) => !ours.includes(hash))
	if (newer)
		throw new BackupError(
			'The backup comes from a newer version of the shop (its database has migrations this version does not know). Upgrade the shop first, then restore.',
		)
	if (backup.migrations.length !== ours.length)
		throw new BackupError(
			'The backup comes from an older version of the shop. Restore it with that version, then upgrade (migrations run at start).',
		)
}

/** Replaces every row of the database with the backup's, in one transaction. */
export async function restoreBackup(db: Db, backup: Backup) {
	await checkSchema(db, backup)
	await db.transaction(async (tx) => {
		const tables = await tablesInOrder(tx)
		const unknown = [...backup.tables.keys()].filter((t) => !tables.includes(t))
		if (unknown.length)
			throw new BackupError(`The backup has tables this shop does not: ${unknown.join(', ')}.`)
		await emptyTables(tx, tables)
		for (const table of tables) {
			const data = CREDENTIAL_TABLES.has(table) ? [] : (backup.tables.get(table) ?? [])
			await writeTable(
				tx,
				table,
				table === 'email_outbox' ? data.filter((row) => !isCredentialEmail(row)) : data,
			)
		}
	})
}
