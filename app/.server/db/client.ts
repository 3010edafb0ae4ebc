import { fork } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { setImmediate } from 'node:timers/promises'
import { PGlite, type Results } from '@electric-sql/pglite'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { ownerOnly } from './data-dir'
import * as schema from './schema'

/** See `Database.changes`. */
export type ChangeCount = { readonly value: number; note(): void }

/** The one database type the app codes against, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>
/** A transaction handle has the same query API as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

export type Database = {
	db: Db
	driver: 'pglite' | 'postgres'
	/** The embedded instance itself (absent on PostgreSQL), for serving it to management commands. */
	pglite?: PGlite
	/**
	 * On the embedded database only: a count that moves whenever this process may have changed
	 * the data. PGlite is this process's alone, so an unchanged count means unchanged data; on
	 * PostgreSQL other instances write too, and there is no such count.
	 */
	changes?: ChangeCount
	ping(): Promise<void>
	close(): Promise<void>
}

export type DatabaseOptions = {
	/** postgres:// URL; when absent the embedded PGlite is used. */
	url?: string
	/** PGlite data directory, or undefined for an in-memory database (tests). */
	dataDir?: string
	/** Skip migrations: the connection is to a server that already applied them. */
	migrated?: boolean
	poolSize?: number
	migrationsFolder?: string
	onIdleError?: (error: Error) => void
	/** Short lines saying what a first start is doing (creating the database, each migration). */
	onProgress?: (text: string) => void
}

export const DEFAULT_MIGRATIONS_FOLDER = path.resolve(process.cwd(), 'drizzle')

/** Any fixed number: the advisory lock migrating instances take on PostgreSQL. */
const MIGRATION_LOCK = 7_240_021

/**
 * Instances starting at once (two machines, a rolling upgrade) would each create drizzle's table
 * and apply the same migration, and all but one fail. A session advisory lock on its own
 * connection (not the pool, which may have only one) lets one migrate while the others wait.
 */
async function migrateLocked(url: string, db: Db, migrationsFolder: string) {
	const lock = new pg.Client({ connectionString: url })
	await lock.connect()
	try {
		await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK])
		await migratePg(db as Parameters<typeof migratePg>[0], { migrationsFolder })
	} finally {
		// Closing the session releases the lock, whatever happened.
		await lock.end()
	}
}

/**
 * PGlite's start-up settings: its own defaults plus a smaller buffer pool. Postgres touches all of
 * shared_buffers at start, and inside WebAssembly that memory is resident for good: 128 MB (the
 * default) cost 128 MB of RSS; the files stay in the operating system's page cache anyway.
 * Measured in docs/decisions/0013-lean-embedded-database.md.
 */
export const PGLITE_START_PARAMS = [
	...['--single', '-F', '-O', '-j'],
	...['-c', 'search_path=public', '-c', 'exit_on_error=false', '-c', 'log_checkpoints=false'],
	...['-c', 'max_worker_processes=0', '-c', 'max_parallel_workers=0'],
	...['-c', 'max_parallel_workers_per_gather=0', '-c', 'max_parallel_maintenance_workers=0'],
	...['-c', 'io_method=sync', '-c', 'shared_buffers=16MB'],
]

/**
 * The type parsers drizzle sends with every PGlite query: dates, timestamps and intervals (and
 * their arrays, and numeric[]) left as text, which drizzle converts itself.
 */
const DRIZZLE_TEXT_TYPES = new Set([
	'1114',
	'1184',
	'1186',
	'1082',
	'1231',
	'1115',
	'1185',
	'1187',
	'1182',
])
const asText = (value: string) => value

/**
 * The embedded database as drizzle gets it, with three changes to how PGlite runs a query.
 *
 * - Drizzle's parsers are set once on the instance: PGlite merges a query's own parsers into a
 *   copy of its whole table (a parser per type and per array type, several hundred) on every
 *   query that has them, ~0.15 ms of the server's thread per statement for drizzle's same few.
 *   Left off each query, the rows come back the same (decision 0013). Other callers of the
 *   instance get those types as text too; none reads them.
 * - Every statement first lets the event loop through. PGlite runs on the server's own thread
 *   and a query resolves without returning to the loop, so a run of statements (a transaction, a
 *   batch of reminders, a photo's chunks) would hold up every waiting page request until its
 *   end. A networked database yields between statements by its nature; this gives the embedded
 *   one the same manners in one place (bench:jobs, bench:photos; decision 0013).
 * - Every statement that may have changed rows, or the transaction it was in, moves `changes`
 *   when it ends, so what was read from unchanged data can be reused without asking again (the
 *   order page's stamp: server/order-page-cache.ts). The management socket counts its clients'
 *   messages itself (socket-server.ts).
 */
function embedded(client: PGlite) {
	for (const oid of DRIZZLE_TEXT_TYPES) client.parsers[Number(oid)] = asText
	const changes = changeCount()
	type Query = PGlite['query']
	const politely =
		(query: Query, changed: () => void): Query =>
		async <T>(...[text, params, options]: Parameters<Query>) => {
			await setImmediate()
			let result: Results<T> | undefined
			try {
				result = await query<T>(
					text,
					params,
					options?.parsers &&
						Object.keys(options.parsers).every((oid) => DRIZZLE_TEXT_TYPES.has(oid))
						? { ...options, parsers: undefined }
						: options,
				)
				return result
			} finally {
				if (mayHaveChanged(text, result)) changed()
			}
		}
	client.query = politely(client.query.bind(client), changes.note)
	const exec = client.exec.bind(client)
	client.exec = (...args) => exec(...args).finally(changes.note)
	const transaction = client.transaction.bind(client)
	// A transaction that changed anything counts once, when it has ended: after its commit, so a
	// count read before a query that then sees the old rows is never the count after them.
	client.transaction = (callback) => {
		let changed = false
		return transaction((tx) => {
			tx.query = politely(tx.query, () => {
				changed = true
			})
			return callback(tx)
		}).finally(() => {
			if (changed) changes.note()
		})
	}
	return { client, changes }
}

/**
 * Whether a statement may have changed rows: not a `show`, not a `select` (the functions the app
 * defines are all stable or immutable, as client.test.ts checks), and not an insert, update or
 * delete that touched no row (the job scheduler's claim every second, usually). A statement that
 * failed counts: better asked again than stale.
 */
function mayHaveChanged(text: string, result: { affectedRows?: number } | undefined) {
	if (READS.test(text)) return false
	return !(result?.affectedRows === 0 && ROW_WRITES.test(text))
}
const READS = /^\s*(select|show)\b/i
const ROW_WRITES = /^\s*(insert|update|delete)\b/i

/** A count that starts at 0 (the embedded database's own; tests make their own to drive). */
export function changeCount(): ChangeCount {
	let value = 0
	return {
		get value() {
			return value
		},
		note: () => {
			value++
		},
	}
}

/** The script that creates a new embedded database in a process of its own (see its header). */
export const CREATE_SCRIPT = path.resolve(process.cwd(), 'app/.server/db/create-pglite.mjs')

/** Does `dataDir` hold a database PGlite has finished creating? */
export const pgliteExists = (dataDir: string) => fs.existsSync(path.join(dataDir, 'PG_VERSION'))

/**
 * Creates the embedded database in `dataDir` in a short-lived child process, so the ~900 MB that
 * initdb takes is returned to the system when it exits instead of staying in this process.
 */
export async function createPgliteInChild(
	dataDir: string,
	migrationsFolder: string,
	onProgress: (text: string) => void = () => {},
) {
	if (fs.existsSync(dataDir)) {
		// Left by an older version killed while creating: keep it aside rather than delete anything.
		fs.renameSync(dataDir, `${dataDir}.incomplete-${Date.now()}`)
	}
	fs.mkdirSync(path.dirname(dataDir), { recursive: true, mode: 0o700 })
	const child = fork(
		CREATE_SCRIPT,
		[dataDir, migrationsFolder, JSON.stringify(PGLITE_START_PARAMS)],
		// No inherited flags (a test runner's loaders, a heap cap meant for the server).
		{ execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
	)
	child.on('message', (message: { progress?: string }) => {
		if (message.progress) onProgress(message.progress)
	})
	const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>(
		(resolve, reject) => {
			child.once('error', reject)
			child.once('exit', (c, s) => resolve([c, s]))
		},
	)
	if (code !== 0 || !pgliteExists(dataDir)) {
		throw new Error(
			`Creating the embedded database in ${dataDir} failed (${signal ?? `exit code ${code}`}).`,
		)
	}
	ownerOnly(dataDir)
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
	const migrationsFolder = options.migrationsFolder ?? DEFAULT_MIGRATIONS_FOLDER
	if (options.url) {
		const pool = new pg.Pool({
			connectionString: options.url,
			max: options.poolSize ?? 10,
			idleTimeoutMillis: 30_000,
		})
		// An idle connection dropped by the server (restart, failover) must not crash the process;
		// the pool replaces it on next use.
		pool.on('error', (error) => options.onIdleError?.(error))
		const db = drizzlePg(pool, { schema }) as unknown as Db
		try {
			if (!options.migrated) await migrateLocked(options.url, db, migrationsFolder)
		} catch (error) {
			await pool.end()
			throw error
		}
		return {
			db,
			driver: 'postgres',
			ping: async () => {
				await pool.query('select 1')
			},
			close: () => pool.end(),
		}
	}
	if (options.dataDir && !pgliteExists(options.dataDir)) {
		await createPgliteInChild(options.dataDir, migrationsFolder, options.onProgress)
	}
	const pglite = new PGlite(options.dataDir, { startParams: PGLITE_START_PARAMS })
	await pglite.waitReady
	// After start-up, which sets up the parsers that `embedded` adjusts.
	const { client, changes } = embedded(pglite)
	const db = drizzlePglite(client, { schema }) as unknown as Db
	try {
		await migratePglite(db as Parameters<typeof migratePglite>[0], { migrationsFolder })
	} catch (error) {
		await client.close()
		throw error
	}
	return {
		db,
		driver: 'pglite',
		pglite: client,
		changes,
		ping: async () => {
			await client.query('select 1')
		},
		close: () => client.close(),
	}
}
