// npm run db:backup [-- <file>]
// A consistent, compressed backup of the embedded database, taken through the running server's
// socket (or from the directory under its lock when the shop is stopped).
import path from 'node:path'
import { writeBackup } from '~/.server/db/backup'
import { backupFileName } from '~/.server/db/backup-schedule'
import { parseEnv } from '~/.server/env'
import { commandLine } from './args'
import { openCliDatabase, ownerOnlyFiles } from './open-runtime'

ownerOnlyFiles()

const [file] = commandLine('db:backup', 'Usage: npm run db:backup [-- <file>]').positionals
const env = parseEnv()
if (env.DATABASE_URL) {
	console.error(
		'This shop uses PostgreSQL: back it up with pg_dump (see README, "Backups"), e.g.\n  pg_dump --format=custom --file=shop.dump "$DATABASE_URL"',
	)
	process.exit(1)
}
const target = path.resolve(file ?? path.join(env.BACKUP_DIR, backupFileName()))
const { database } = await openCliDatabase()
try {
	const started = Date.now()
	const { counts, bytes } = await writeBackup(database.db, target)
	const rows = Object.values(counts).reduce((a, b) => a + b, 0)
	const via = database.via === 'server' ? 'through the running server' : 'with the shop stopped'
	console.log(
		`Backed up ${rows} rows in ${Object.keys(counts).length} tables ${via} to ${target} (${Math.ceil(bytes / 1024)} KB, ${((Date.now() - started) / 1000).toFixed(1)} s).`,
	)
	console.log(
		'It holds personal data and password hashes: keep it somewhere private (it is readable by its owner only).',
	)
} catch (error) {
	console.error(`Backup failed: ${(error as Error).message}`)
	process.exitCode = 1
} finally {
	await database.close()
}
