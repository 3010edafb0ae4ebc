import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { PGlite } from '@electric-sql/pglite'
import type { TestProject } from 'vitest/node'
import { type Database, openDatabase } from '~/.server/db/client'
import { createServerDatabase, type PreparedDatabases, seedDemo } from './db'

declare module 'vitest' {
	export interface ProvidedContext {
		preparedDatabases: PreparedDatabases
	}
}

/**
 * Vitest global setup for the database and process tiers (issue 56): the two starting points
 * every test database is copied from, made once per run instead of once per file.
 * - PostgreSQL (DATABASE_URL): a migrated database and a migrated, seeded one (demo catalogue,
 *   portfolio, testimonials); a test file's database is `CREATE DATABASE … TEMPLATE` of one.
 * - PGlite: the same two as dumps of an in-memory database, which a test file's PGlite loads.
 * Both are removed when the run ends.
 */
export default async function setup(project: TestProject) {
	const serverUrl = process.env.DATABASE_URL
	const started = performance.now()
	const prepared = serverUrl ? await preparePostgres(serverUrl) : await preparePglite()
	project.provide('preparedDatabases', prepared.provided)
	const seconds = ((performance.now() - started) / 1000).toFixed(1)
	console.log(
		`Prepared test databases (${serverUrl ? 'PostgreSQL templates' : 'PGlite dumps'}) in ${seconds} s`,
	)
	return prepared.teardown
}

async function preparePostgres(serverUrl: string) {
	const migrated = await createServerDatabase(serverUrl, 'koi_template')
	await closeAfter(await openDatabase({ url: migrated.url, poolSize: 2 }), async () => {})
	// Copied from the migrated one, so both hold exactly the same schema.
	const seeded = await createServerDatabase(serverUrl, 'koi_template', migrated.name)
	await closeAfter(
		await openDatabase({ url: seeded.url, poolSize: 2, migrated: true }),
		(database) => seedDemo(database.db),
	)
	return {
		provided: { postgres: { migrated: migrated.name, seeded: seeded.name } },
		teardown: async () => {
			await seeded.drop()
			await migrated.drop()
		},
	}
}

async function preparePglite() {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'koi-prepared-'))
	const files = { migrated: path.join(dir, 'migrated.tar'), seeded: path.join(dir, 'seeded.tar') }
	await closeAfter(await openDatabase({}), async (database) => {
		await dump(database, files.migrated)
		await seedDemo(database.db)
		await dump(database, files.seeded)
	})
	return {
		provided: { pglite: files },
		teardown: async () => fs.rmSync(dir, { recursive: true, force: true }),
	}
}

async function dump(database: Database, file: string) {
	const blob = await (database.pglite as PGlite).dumpDataDir('none')
	fs.writeFileSync(file, Buffer.from(await blob.arrayBuffer()))
}

async function closeAfter(database: Database, use: (database: Database) => Promise<unknown>) {
	try {
		await use(database)
	} finally {
		await database.close()
	}
}
