// npm run db:move-to-postgres -- <DATABASE_URL>
// Copies the embedded shop (stopped) into an empty PostgreSQL database and checks it.
import { MoveError, moveToPostgres } from '~/.server/db/move'
import { parseEnv } from '~/.server/env'
import { commandLine } from './args'
import { openStoppedShop, ownerOnlyFiles } from './open-runtime'

ownerOnlyFiles()

const USAGE = 'Usage: npm run db:move-to-postgres -- postgres://user:password@host:5432/database'
const [url] = commandLine('db:move-to-postgres', USAGE).positionals
if (!url || !/^postgres(ql)?:\/\//.test(url)) {
	console.error(USAGE)
	process.exit(2)
}
const env = parseEnv()
if (env.DATABASE_URL) {
	console.error(
		'DATABASE_URL is set: this shop already uses PostgreSQL. Unset it to move the embedded shop.',
	)
	process.exit(1)
}
try {
	const source = await openStoppedShop(env)
	try {
		const report = await moveToPostgres(source.db, url)
		for (const { table, totals } of report)
			console.log(`  ${table}: ${totals.rows} rows, totals match`)
		console.log(
			`Moved ${report.length} tables. Next: set DATABASE_URL to this database where the shop is started (keep DATA_DIR: the auth secret and the email outbox stay there), then start the shop. ${env.DATA_DIR}/db is left as it was; remove it once the shop runs on PostgreSQL.`,
		)
	} finally {
		await source.close()
	}
} catch (error) {
	console.error(
		error instanceof MoveError ? error.message : `Move failed: ${(error as Error).message}`,
	)
	process.exitCode = 1
}
