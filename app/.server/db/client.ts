import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import * as schema from './schema'

/** The one database type the app codes against, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>
/** A transaction handle has the same query API as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

export type Database = {
	db: Db
	driver: 'pglite' | 'postgres'
	/** The embedded instance itself (absent on PostgreSQL), for serving it to management commands. */
	pglite?: PGlite
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
	const client = options.dataDir ? new PGlite(options.dataDir) : new PGlite()
	await client.waitReady
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
		ping: async () => {
			await client.query('select 1')
		},
		close: () => client.close(),
	}
}
