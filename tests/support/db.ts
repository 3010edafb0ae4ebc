import crypto from 'node:crypto'
import fs from 'node:fs'
import pg from 'pg'
import { inject } from 'vitest'
import { importCatalog } from '~/.server/catalog/import'
import { type Database, type Db, openDatabase } from '~/.server/db/client'
import { seedContent } from '~/.server/portfolio/seed'

export type TestDatabase = Database & { url?: string; cleanup(): Promise<void> }

/** What tests/support/prepared-databases.ts made for this run: PGlite dumps or PostgreSQL templates. */
export type PreparedDatabases = {
	pglite?: { migrated: string; seeded: string }
	postgres?: { migrated: string; seeded: string }
}

/** The shop's demo content, as a first start writes it: the catalogue file, portfolio and testimonials. */
export async function seedDemo(db: Db) {
	await importCatalog(db, fs.readFileSync('catalog/products.csv', 'utf8'))
	await seedContent(db)
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a throwaway
 * database on the PostgreSQL server named by DATABASE_URL (dropped afterwards). `seeded` adds the
 * demo catalogue, portfolio and testimonials. Each is a copy of what the run prepared once
 * (prepared-databases.ts); outside such a run (no global setup) it is made here, as before.
 */
export async function createTestDatabase({ seeded = false } = {}): Promise<TestDatabase> {
	const serverUrl = process.env.DATABASE_URL
	const prepared = preparedDatabases()
	if (!serverUrl) {
		// TEST_PGLITE_THREAD=1: the suite against PGlite on its own thread, as the server runs it.
		const thread = process.env.TEST_PGLITE_THREAD === '1'
		const dump = prepared.pglite?.[seeded ? 'seeded' : 'migrated']
		const database = await openDatabase(
			thread ? { thread } : dump ? { loadDataDir: dumpOf(dump) } : {},
		)
		if (seeded && (thread || !dump)) await seedDemo(database.db)
		return { ...database, cleanup: () => database.close() }
	}
	const template = prepared.postgres?.[seeded ? 'seeded' : 'migrated']
	const created = await createServerDatabase(serverUrl, 'koi_test', template)
	const database = await openDatabase({ url: created.url, poolSize: 5, migrated: !!template })
	if (seeded && !template) await seedDemo(database.db)
	return {
		...database,
		url: created.url,
		async cleanup() {
			await database.close()
			await created.drop()
		},
	}
}

function preparedDatabases(): PreparedDatabases {
	try {
		return inject('preparedDatabases') ?? {}
	} catch {
		// Not inside a Vitest worker (a script or the fuzz suite's shops).
		return {}
	}
}

/** A worker reads each dump once; PGlite copies it into every database it loads it into. */
const dumps = new Map<string, Blob>()
function dumpOf(file: string) {
	const blob = dumps.get(file) ?? new Blob([fs.readFileSync(file)])
	dumps.set(file, blob)
	return blob
}

/**
 * A database on the PostgreSQL server at `serverUrl` (a random name with the prefix), empty or a
 * copy of `template`, and how to drop it; for tests and suites that start their own shops on it.
 */
export async function createServerDatabase(serverUrl: string, prefix: string, template?: string) {
	const name = `${prefix}_${crypto.randomBytes(6).toString('hex')}`
	await onServer(serverUrl, `create database ${name}${template ? ` template ${template}` : ''}`)
	const url = new URL(serverUrl)
	url.pathname = `/${name}`
	return {
		name,
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
