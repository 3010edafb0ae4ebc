// @ts-check
// Creates a new embedded database in a short-lived process of its own: PGlite's initdb takes
// about 900 MB while it runs and WebAssembly memory is never given back, so doing it in the
// server would leave the server that large for its whole life (docs/decisions/0013).
// Usage (client.ts forks it): node create-pglite.mjs <data dir> <migrations folder> <settings JSON>
// It builds the database in `<data dir>.creating` and renames it into place only when every
// migration is applied: a start killed half-way leaves no half-made database behind.
import fs from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import { readMigrationFiles } from 'drizzle-orm/migrator'

// The database files are for the shop's user only (PGlite creates them 0666 minus the umask).
process.umask(0o077)
const [target, migrationsFolder, settings = '[]'] = process.argv.slice(2)
if (!target || !migrationsFolder) {
	console.error('usage: create-pglite.mjs <data dir> <migrations folder> [settings JSON]')
	process.exit(2)
}
/** @param {string} text */
const say = (text) => (process.send ? process.send({ progress: text }) : console.log(text))

const temp = `${target}.creating`
fs.rmSync(temp, { recursive: true, force: true })
say('Database: creating the embedded database (first start)…')
const client = new PGlite(temp, { startParams: JSON.parse(settings) })
await client.waitReady
// The same bookkeeping as drizzle's migrator, so the server's own migrate() finds nothing to do.
await client.exec(`CREATE SCHEMA IF NOT EXISTS "drizzle";
	CREATE TABLE IF NOT EXISTS "drizzle"."__drizzle_migrations" (
		id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)`)
const migrations = readMigrationFiles({ migrationsFolder })
for (const [index, migration] of migrations.entries()) {
	say(`Database: applying migrations (${index + 1} of ${migrations.length})…`)
	await client.transaction(async (tx) => {
		for (const statement of migration.sql) await tx.exec(statement)
		await tx.query(
			'insert into "drizzle"."__drizzle_migrations" (hash, created_at) values ($1, $2)',
			[migration.hash, migration.folderMillis],
		)
	})
}
await client.close()
fs.renameSync(temp, target)
say('Database: created')
