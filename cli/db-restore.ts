// npm run db:restore -- <file> [--yes]
// Replaces the embedded database of a stopped shop with a backup, after saying what it replaces.
import path from 'node:path'
import readline from 'node:readline/promises'
import { countRows, restoreBackup } from '~/.server/db/backup'
import { BackupError, readBackup } from '~/.server/db/backup-file'
import { parseEnv } from '~/.server/env'
import { commandLine } from './args'
import { openStoppedShop, ownerOnlyFiles } from './open-runtime'

ownerOnlyFiles()

const USAGE = 'Usage: npm run db:restore -- <file> [--yes]'
const { values: args, positionals } = commandLine('db:restore', USAGE)
const [file] = positionals
if (!file) {
	console.error(USAGE)
	process.exit(2)
}
const env = parseEnv()
if (env.DATABASE_URL) {
	console.error(
		'This shop uses PostgreSQL: restore a pg_dump file with pg_restore (see README, "Backups"), e.g.\n  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" shop.dump',
	)
	process.exit(1)
}
const summary = (counts: Record<string, number>) =>
	['user', 'orders', 'order_events', 'email_outbox', 'products']
		.map((table) => `${counts[table] ?? 0} ${table}`)
		.join(', ')

try {
	// Read and check the whole file before touching the database.
	const backup = await readBackup(file)
	const database = await openStoppedShop(env)
	try {
		console.log(
			`This replaces everything in ${path.resolve(env.DATA_DIR, 'db')} (now ${summary(await countRows(database.db))})\nwith the backup made ${backup.createdAt} (${summary(backup.counts)}).`,
		)
		if (!args.yes) {
			if (!process.stdin.isTTY)
				throw new BackupError('Nothing changed. Run again with --yes to replace it.')
			const prompt = readline.createInterface({ input: process.stdin, output: process.stdout })
			const answer = await prompt.question("Type 'yes' to replace it: ")
			prompt.close()
			if (answer.trim().toLowerCase() !== 'yes') throw new BackupError('Nothing changed.')
		}
		await restoreBackup(database.db, backup)
		console.log('Restored. Start the shop with npm start.')
	} finally {
		await database.close()
	}
} catch (error) {
	console.error(
		error instanceof BackupError
			? error.message
			: `Restore failed, nothing changed: ${(error as Error).message}`,
	)
	process.exitCode = 1
}
