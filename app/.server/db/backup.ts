import { once } from 'node:events'
import fs from 'node:fs'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import zlib from 'node:zlib'
import { sql } from 'drizzle-orm'
import { type Backup, BackupError, backupRows, FORMAT, type Header, VERSION } from './backup-file'
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
	// The day's analytics salt, and today's counts keyed with it (issue 57 item 8, decision
	// 0020): with the salt a visitor key could be recomputed from an address and a browser. A
	// restored shop starts a new salt.
	'analytics_salts',
	'analytics_visitor_caps',
	'analytics_address_caps',
])
// A staff invitation carries a one-time link that sets a password, as a reset does.
const CREDENTIAL_EMAIL_KINDS = ['password-reset', 'staff-invitation']
const isCredentialEmail = (row: Row) => CREDENTIAL_EMAIL_KINDS.includes(String(row.kind))

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
