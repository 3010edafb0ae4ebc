// @ts-check
// Creates a new embedded database in a short-lived process of its own: PGlite's initdb takes
// about 900 MB while it runs and WebAssembly memory is never given back, so doing it in the
// server would leave the server that large for its whole life (docs/decisions/0013).
// Usage (client.ts forks it): node create-pglite.mjs <data dir> <migrations folder> <settings JSON>
// It builds the database in `<data dir>.creating` and renames it into place only when every
// migration is applied: a start killed half-way leaves no half-made database behind.
import crypto from 'node:crypto'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
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
const client = await emptyCluster(temp, JSON.parse(settings))
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

/**
 * PGlite's initdb: about 6 s of CPU time, the same empty cluster every time. Tests start dozens of
 * shops on new data directories, so with KOI_PGLITE_TEMPLATE_DIR set (the test configs set it;
 * a shop never does) the first creation keeps that empty cluster there as a tar, keyed by the
 * PGlite version and the settings, and later ones unpack it (about 1 s). Migrations run as always.
 * @param {string} dir
 * @param {string[]} startParams
 */
async function emptyCluster(dir, startParams) {
	const templates = process.env.KOI_PGLITE_TEMPLATE_DIR
	if (!templates) return ready(new PGlite(dir, { startParams }))
	const version = pgliteVersion(createRequire(import.meta.url).resolve('@electric-sql/pglite'))
	const key = crypto.createHash('sha256').update(`${version}\n${settings}`).digest('hex')
	const file = path.join(templates, `empty-cluster-${key.slice(0, 16)}.tar`)
	if (fs.existsSync(file)) {
		const loadDataDir = new Blob([fs.readFileSync(file)])
		return ready(new PGlite(dir, { startParams, loadDataDir }))
	}
	const client = await ready(new PGlite(dir, { startParams }))
	const tar = Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer())
	// Written aside and renamed: another process creating one at the same time never reads half.
	fs.mkdirSync(templates, { recursive: true })
	const aside = `${file}.${process.pid}`
	fs.writeFileSync(aside, tar)
	fs.renameSync(aside, file)
	return client
}

/** @param {PGlite} client */
async function ready(client) {
	await client.waitReady
	return client
}

/**
 * The version in the package.json above `file` (the package does not export its package.json).
 * @param {string} file
 * @returns {string}
 */
function pgliteVersion(file) {
	const manifest = path.join(path.dirname(file), 'package.json')
	if (fs.existsSync(manifest)) return JSON.parse(fs.readFileSync(manifest, 'utf8')).version
	return path.dirname(file) === file ? 'unknown' : pgliteVersion(path.dirname(file))
}
