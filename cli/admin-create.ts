// npm run admin:create -- --email <email> --password <password> [--promote-existing]
// Works beside a running server: it goes through the server's socket (see cli/open-runtime.ts).
import { AdminBootstrapError, ensureAdmin } from '~/.server/auth/admin-bootstrap'
import { createAuth } from '~/.server/auth/auth'
import { resolveAuthSecret } from '~/.server/auth/secret'
import { createLogger } from '~/.server/logger'
import { flags, openCliDatabase } from './open-runtime'

const args = flags(process.argv.slice(2))
if (typeof args.email !== 'string' || typeof args.password !== 'string') {
	console.error(
		'Usage: npm run admin:create -- --email <email> --password <password> [--promote-existing]',
	)
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
	const result = await ensureAdmin(database.db, auth, args.email, args.password, {
		promoteExisting: args['promote-existing'] === true,
	})
	const said = {
		created: `Created admin account ${result.email}.`,
		promoted: `${result.email} already had an account: it now has the admin role (password unchanged).`,
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
