import { eq } from 'drizzle-orm'
import pino from 'pino'
import type { Db } from '~/.server/db/client'
import { user } from '~/.server/db/schema/auth'
import type { Env } from '~/.server/env'
import type { Logger } from '~/.server/logger'

/**
 * The last line of start-up, in plain words for the person who just typed `npm start`: where the
 * shop is, where its data lives, and (until there is one) how to make the first staff account.
 * Everything before and after it is the JSON log.
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

/**
 * Writes a plain line into the log's own stream: pino writes asynchronously, so console.log
 * would overtake the JSON lines logged before it.
 */
export function printPlain(logger: Logger, line: string) {
	const stream = (logger as unknown as Record<symbol, { write(text: string): void } | undefined>)[
		pino.symbols.streamSym
	]
	if (stream) stream.write(`${line}\n`)
	else console.log(line)
}
