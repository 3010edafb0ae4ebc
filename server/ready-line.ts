import { eq } from 'drizzle-orm'
import type { Db } from '~/.server/db/client'
import { user } from '~/.server/db/schema/auth'
import type { Env } from '~/.server/env'

/**
 * The last line of start-up, in plain words for the person who just typed `npm start`: where the
 * shop is, where its data lives, and (until there is one) how to make the first staff account.
 * The log around it is JSON, but for the start's progress lines (printProgress).
 */
export function readyLine(
	env: Pick<Env, 'SITE_URL' | 'DATA_DIR' | 'DATABASE_URL'>,
	hasAdmin: boolean,
) {
	const database = env.DATABASE_URL
		? 'PostgreSQL database'
		: `embedded database in ${displayPath(env.DATA_DIR)}`
	const admin = hasAdmin ? '' : '; admin: npm run admin:create -- --email you@example.com'
	return `Shop ready at ${env.SITE_URL} (${database}${admin})`
}

export async function hasAdminAccount(db: Db) {
	const rows = await db.select({ id: user.id }).from(user).where(eq(user.role, 'admin')).limit(1)
	return rows.length > 0
}

/** ./data stays ./data; a bare relative name gets its ./ so it reads as a folder. */
function displayPath(dir: string) {
	const trimmed = dir.replace(/\/$/, '')
	return trimmed.startsWith('/') || trimmed.startsWith('.') ? trimmed : `./${trimmed}`
}
