import { fork } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { ownerOnly } from './data-dir'
import { type ChangeCount, DRIZZLE_TEXT_TYPES, embedded } from './embedded'
import { type EmbeddedClient, PGliteThread } from './pglite-thread'
import * as schema from './schema'

/** The one database type the app codes against, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>
/** A transaction handle has the same query API as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

export type Database = {
	db: Db
	driver: 'pglite' | 'postgres'
	/** The embedded database itself (absent on PostgreSQL), for serving it to management commands. */
	pglite?: EmbeddedClient
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
	/**
	 * In memory only: a dumped data directory (`dumpDataDir`) to start from instead of creating an
	 * empty one, ~0.5 s against ~2.6 s (tests' migrated template: tests/support/db.ts).
	 */
	loadDataDir?: Blob
	/**
	 * PGlite on a worker thread of its own rather than this one (the server: decision 0027).
	 * Short-lived processes (tests, management commands) keep it here and start faster.
	 */
	thread?: boolean
	/** On its own thread: called if that thread ends other than by `close()`. */
	onThreadStopped?: (error: Error) => void
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

/** PGlite started, here or on its own thread. */
async function startPglite(options: DatabaseOptions): Promise<EmbeddedClient> {
	if (options.thread)
		return PGliteThread.start({
			dataDir: options.dataDir,
			startParams: PGLITE_START_PARAMS,
			textTypes: [...DRIZZLE_TEXT_TYPES].map(Number),
			onStopped: options.onThreadStopped,
		})
	// One options object: `new PGlite(undefined, options)` ignores its second argument, which had
	// left in-memory databases (tests) without these start parameters.
	const pglite = new PGlite({
		dataDir: options.dataDir,
		startParams: PGLITE_START_PARAMS,
		loadDataDir: options.loadDataDir,
	})
	// Started before `embedded` adjusts the parsers start-up sets.
	await pglite.waitReady
	return pglite
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
	const { client, changes } = embedded(await startPglite(options))
	const db = drizzlePglite({ client: client as PGlite, schema }) as unknown as Db
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
