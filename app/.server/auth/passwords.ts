import { and, eq } from 'drizzle-orm'
import type { Db } from '~/.server/db/client'
import { account } from '~/.server/db/schema'
import { type Auth, PASSWORD_MAX, PASSWORD_MIN } from './auth'
import commonPasswords from './common-passwords.json'

// The 10,000 most common leaked passwords (source in the file), checked in memory: no network call.
const COMMON = new Set(commonPasswords.passwords)

export function isCommonPassword(password: string) {
	return COMMON.has(password) || COMMON.has(password.toLowerCase())
}

/** Long enough, not too long, and not one of the passwords attackers try first. */
export function isAcceptablePassword(password: string) {
	return (
		password.length >= PASSWORD_MIN &&
		password.length <= PASSWORD_MAX &&
		!isCommonPassword(password)
	)
}

/** Re-authentication: does `password` match the account's current one? */
export async function verifyCurrentPassword(db: Db, auth: Auth, userId: string, password: string) {
	const [row] = await db
		.select({ hash: account.password })
		.from(account)
		.where(and(eq(account.userId, userId), eq(account.providerId, 'credential')))
	if (!row?.hash || !password) return false
	const context = await auth.$context
	return context.password.verify({ hash: row.hash, password })
}
