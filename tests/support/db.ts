import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import {
	type Database,
	DEFAULT_MIGRATIONS_FOLDER,
	openDatabase,
	PGLITE_START_PARAMS,
} from '~/.server/db/client'

export type TestDatabase = Database & { url?: string; cleanup(): Promise<void> }

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a throwaway
 * database on the PostgreSQL server named by DATABASE_URL (dropped afterwards).
 */
export async function createTestDatabase(): Promise<TestDatabase> {
	const serverUrl = process.env.DATABASE_URL
	if (!serverUrl) {
		// TEST_PGLITE_THREAD=1: the suite against PGlite on its own thread, as the server runs it.
		const thread = process.env.TEST_PGLITE_THREAD === '1'
		const database = await openDatabase(thread ? { thread } : { loadDataDir: await migratedCopy() })
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

let template: Promise<Blob> | undefined
/** The template below, read or made once per test process. */
function migratedCopy() {
	template ??= migratedTemplate()
	return template
}

/**
 * An empty migrated embedded database, dumped once and kept in node_modules/.cache under a name
 * made from the migrations, PGlite's version and its start parameters. A test database loads it
 * in ~0.5 s where creating one and migrating took ~2.6 s, and a run makes over a hundred.
 * Migrations still run on the copy (none left to apply), so a stale file could only be slower.
 */
async function migratedTemplate(): Promise<Blob> {
	const key = crypto.createHash('sha256')
	key
		.update(fs.readFileSync('node_modules/@electric-sql/pglite/package.json'))
		.update(JSON.stringify(PGLITE_START_PARAMS))
	for (const name of fs.readdirSync(DEFAULT_MIGRATIONS_FOLDER, { recursive: true }).sort()) {
		const file = path.join(DEFAULT_MIGRATIONS_FOLDER, String(name))
		if (fs.statSync(file).isFile()) key.update(String(name)).update(fs.readFileSync(file))
	}
	const dir = path.resolve('node_modules/.cache/koi-tests')
	const file = path.join(dir, `pglite-${key.digest('hex').slice(0, 16)}.tar`)
	if (fs.existsSync(file)) return new Blob([fs.readFileSync(file)])
	const database = await openDatabase({})
	const dump = await (database.pglite as PGlite).dumpDataDir('none')
	await database.close()
	// Written aside and renamed: a worker reading it meanwhile sees all of it or none.
	fs.mkdirSync(dir, { recursive: true })
	const partial = `${file}.${process.pid}`
	fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()))
	fs.renameSync(partial, file)
	return dump
}
