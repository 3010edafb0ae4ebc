// npm run admin:create -- --email <email> [--promote-existing]
//   The password: asked for at a terminal (not shown), or ADMIN_PASSWORD, or --password-stdin
//   (one line from a pipe), or --password <password> (visible in `ps` and shell history).
// Works beside a running server: it goes through the server's socket (see cli/open-runtime.ts).
import { AdminBootstrapError, ensureAdmin } from '~/.server/auth/admin-bootstrap'
import { createAuth } from '~/.server/auth/auth'
import { resolveAuthSecret } from '~/.server/auth/secret'
import { createLogger } from '~/.server/logger'
import { commandLine } from './args'
import { openCliDatabase, ownerOnlyFiles } from './open-runtime'
import { PasswordInputError, readPassword } from './read-password'

ownerOnlyFiles()

const USAGE = `Usage: npm run admin:create -- --email <email> [--promote-existing]
The password is asked for (not shown) when run at a terminal; otherwise set ADMIN_PASSWORD,
or pipe it in with --password-stdin. --password <password> also works, but shows it to anyone
who can list processes, and keeps it in your shell history.`

const args = commandLine('admin:create', USAGE).values
if (args.email === undefined) {
	console.error(USAGE)
	process.exit(2)
}
const password = await readPassword(args).catch((error) => {
	if (!(error instanceof PasswordInputError)) throw error
	console.error(error.message)
	process.exit(1)
})
if (password === undefined) {
	console.error(USAGE)
	process.exit(2)
}
const { env, database } = await openCliDatabase()
try {
	const auth = createAuth({
		db: database.db,
		siteUrl: env.SITE_URL,
		secret: resolveAuthSecret(env.AUTH_SECRET, env.DATA_DIR),
		trustProxy: env.TRUST_PROXY,
		logger: createLogger('error'),
	})
	const result = await ensureAdmin(database.db, auth, args.email, password, {
		promoteExisting: args['promote-existing'] === true,
	})
	const said = {
		created: `Created admin account ${result.email}.`,
		promoted: `${result.email} already had an account: it is now an owner (password unchanged).`,
		unchanged: `${result.email} is already an admin; nothing to do.`,
	}
	console.log(said[result.status])
} catch (error) {
	console.error(
		error instanceof AdminBootstrapError
			? error.message
			: `Could not create the admin: ${(error as Error).message}`,
	)
	process.exitCode = 1
} finally {
	await database.close()
}
