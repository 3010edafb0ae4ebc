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
	followSequences,
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
 * The analytics salt is left out for the same reason.
 */
export const CREDENTIAL_TABLES: ReadonlySet<string> = new Set([
	'session',
	'verification',
	'login_attempts',
	'rate_limit',
	// The day's analytics salt, and today's counts keyed with it (issue 57 item 8, decision
	// 0020): with the salt a visitor key could be recomputed from an address and a browser. A
	// restored shop starts a new salt.
	'analytics_salts',
	'analytics_visitor_caps',
	'analytics_address_caps',
])
const CREDENTIAL_EMAIL_KINDS = ['password-reset']
const isCredentialEmail = (row: Row) => CREDENTIAL_EMAIL_KINDS.includes(String(row.kind))

type Header = { format: string; version: number; createdAt: string; migrations: string[] }
/** A checked backup file: its header and each table's row count (the rows stay in the file). */
export type Backup = Header & { file: string; counts: Record<string, number> }
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
		// A full disk (ENOSPC) ends the pipeline, and a 'drain' that never comes hung the backup
		// for ever, its transaction open and its .partial file left (issue 57 item 8).
		if (!gzip.write(`${JSON.stringify(value)}\n`))
			await Promise.race([once(gzip, 'drain'), written])
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

/**
 * A backup's lines, read as the file is decompressed: a restore never holds the whole file (its
 * photos alone may be larger than the longest string Node can make, about 512 MB).
 */
async function* backupLines(file: string): AsyncGenerator<string> {
	const gunzip = zlib.createGunzip()
	const source = fs.createReadStream(file)
	source.on('error', (error) => gunzip.destroy(error))
	source.pipe(gunzip)
	gunzip.setEncoding('utf8')
	// A line may span many chunks (a catalogue version is one line of megabytes): kept in pieces.
	let pieces: string[] = []
	try {
		for await (const chunk of gunzip as AsyncIterable<string>) {
			let start = 0
			for (let nl = chunk.indexOf('\n'); nl !== -1; nl = chunk.indexOf('\n', start)) {
				pieces.push(chunk.slice(start, nl))
				const line = pieces.join('')
				pieces = []
				if (line) yield line
				start = nl + 1
			}
			if (start < chunk.length) pieces.push(chunk.slice(start))
		}
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code
		if (code === 'ENOENT') throw new BackupError(`No such file: ${file}`)
		throw new BackupError(
			code === 'Z_BUF_ERROR'
				? `${file} is truncated (the compressed data ends early); it cannot be restored.`
				: `${file} is not a shop backup (it is not a gzip file).`,
		)
	} finally {
		source.destroy()
	}
	const last = pieces.join('')
	if (last) yield last
}

const parseLine = (line: string | undefined) => {
	try {
		return JSON.parse(line ?? '')
	} catch {
		return undefined
	}
}

/**
 * Checks a whole backup without keeping its rows: the header, every row readable and each table's
 * count matching the end line (so a truncated or damaged file is refused before anything changes).
 */
export async function readBackup(file: string): Promise<Backup> {
	let header: Header | undefined
	let end: { end?: true; counts?: Record<string, number> } | undefined
	let unreadable = false
	const seen = new Map<string, number>()
	for await (const line of backupLines(file)) {
		// A line that does not parse is damage, unless it is the last: then the file was cut short.
		if (unreadable) throw new BackupError(`${file} is damaged (an unreadable row).`)
		const entry = parseLine(line)
		if (!header) {
			header = entry as Header | undefined
			if (header?.format !== FORMAT) throw new BackupError(`${file} is not a shop backup.`)
			if (header.version !== VERSION)
				throw new BackupError(`${file} is a backup format this version of the shop cannot read.`)
		} else if (entry?.end) {
			end = entry
		} else if (end || (entry && (!entry.table || !entry.row))) {
			throw new BackupError(`${file} is damaged (an unreadable row).`)
		} else if (!entry) {
			unreadable = true
		} else {
			seen.set(entry.table, (seen.get(entry.table) ?? 0) + 1)
		}
	}
	if (!header) throw new BackupError(`${file} is not a shop backup.`)
	const counts = end?.counts
	if (!counts)
		throw new BackupError(
			`${file} is truncated (its end marker is missing); it cannot be restored.`,
		)
	if ([...seen.keys()].some((table) => !(table in counts)))
		throw new BackupError(`${file} is damaged (an unreadable row).`)
	for (const [table, count] of Object.entries(counts))
		if ((seen.get(table) ?? 0) !== count)
			throw new BackupError(`${file} is damaged: ${table} has the wrong number of rows.`)
	return { ...header, file, counts }
}

/** The rows of a checked backup, in the file's order (parents before children). */
async function* backupRows(
	file: string,
): AsyncGenerator<{ table: string; row: Row; size: number }> {
	let first = true
	for await (const line of backupLines(file)) {
		if (first) {
			first = false
			continue
		}
		const entry = parseLine(line)
		if (entry?.end) return
		if (!entry?.table || !entry.row)
			throw new BackupError(`${file} is damaged (an unreadable row).`)
		yield { table: entry.table, row: entry.row, size: line.length }
	}
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

/** Rows inserted a statement at a time during a restore: 500, or fewer making 4 MB of JSON. */
const RESTORE_BATCH = { rows: 500, chars: 4_000_000 }

/**
 * Replaces every row of the database with the backup's, in one transaction, reading the file
 * again a batch of rows at a time (readBackup has checked it).
 */
export async function restoreBackup(db: Db, backup: Backup) {
	await checkSchema(db, backup)
	await db.transaction(async (tx) => {
		const tables = await tablesInOrder(tx)
		const unknown = Object.keys(backup.counts).filter((t) => !tables.includes(t))
		if (unknown.length)
			throw new BackupError(`The backup has tables this shop does not: ${unknown.join(', ')}.`)
		await emptyTables(tx, tables)
		let table = ''
		let batch: Row[] = []
		let chars = 0
		const flush = async () => {
			if (batch.length) await writeTable(tx, table, batch)
			batch = []
			chars = 0
		}
		for await (const entry of backupRows(backup.file)) {
			if (entry.table !== table) {
				await flush()
				table = entry.table
			}
			if (CREDENTIAL_TABLES.has(table)) continue
			if (table === 'email_outbox' && isCredentialEmail(entry.row)) continue
			batch.push(entry.row)
			chars += entry.size
			if (batch.length >= RESTORE_BATCH.rows || chars >= RESTORE_BATCH.chars) await flush()
		}
		await flush()
		for (const t of tables) await followSequences(tx, t)
	})
}
