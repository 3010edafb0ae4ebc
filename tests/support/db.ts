import crypto from 'node:crypto'
import pg from 'pg'
import { type Database, openDatabase } from '~/.server/db/client'

export type TestDatabase = Database & { url?: string; cleanup(): Promise<void> }

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a throwaway
 * database on the PostgreSQL server named by DATABASE_URL (dropped afterwards).
 */
export async function createTestDatabase(): Promise<TestDatabase> {
	const serverUrl = process.env.DATABASE_URL
	if (!serverUrl) {
		// TEST_PGLITE_THREAD=1: the suite against PGlite on its own thread, as the server runs it.
		const database = await openDatabase({ thread: process.env.TEST_PGLITE_THREAD === '1' })
		return { ...database, cleanup: () => database.close() }
	}
	const created = await createServerDatabase(serverUrl, 'koi_test')
	const database = await openDatabase({ url: created.url, poolSize: 5 })
	return {
		...database,
		url: created.url,
		async cleanup() {
			await database.close()
			await created.drop()
		},
	}
}

/**
 * An empty database on the PostgreSQL server at `serverUrl` (a random name with the prefix), and
 * how to drop it; for tests and suites that start their own shops on it.
 */
export async function createServerDatabase(serverUrl: string, prefix: string) {
	const name = `${prefix}_${crypto.randomBytes(6).toString('hex')}`
	await onServer(serverUrl, `create database ${name}`)
	const url = new URL(serverUrl)
	url.pathname = `/${name}`
	return {
		url: url.toString(),
		drop: () => onServer(serverUrl, `drop database if exists ${name} with (force)`),
	}
}

async function onServer(serverUrl: string, statement: string) {
	const client = new pg.Client({ connectionString: serverUrl })
	await client.connect()
	try {
		await client.query(statement)
	} finally {
		await client.end()
	}
}
