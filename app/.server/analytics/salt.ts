import crypto from 'node:crypto'
import { eq, lt } from 'drizzle-orm'
import { ipKeyPart } from '~/.server/auth/attempt-limiter'
import type { Db } from '~/.server/db/client'
import { visitSalts } from '~/.server/db/schema'
import { deleteOldCaps } from './visit-caps'

/**
 * The secret salt of a UK day, shared by every instance through the database: the first to need
 * it creates it. Deleted once the day is over (deleteOldSalts), so a visitor key cannot be
 * recomputed from an address and a browser afterwards.
 */
export async function saltFor(db: Db, day: string) {
	await db
		.insert(visitSalts)
		.values({ day, salt: crypto.randomBytes(32).toString('hex') })
		.onConflictDoNothing()
	const [row] = await db.select().from(visitSalts).where(eq(visitSalts.day, day))
	if (!row) throw new Error('visit salt missing after insert')
	return row.salt
}

/** Destroys the salts of days before `today` (UK date). */
export async function deleteOldSalts(db: Db, today: string) {
	const gone = await db.delete(visitSalts).where(lt(visitSalts.day, today)).returning()
	await deleteOldCaps(db, today)
	return gone.length
}

/** The day's key for one visitor: sha256 of salt, site, address and browser, 16 hex digits. */
export function visitorKey(salt: string, site: string, ip: string, userAgent: string) {
	return crypto
		.createHash('sha256')
		.update(`${salt}\n${site}\n${ip}\n${userAgent}`)
		.digest('hex')
		.slice(0, 16)
}

/**
 * The day's key for a client address (IPv4 whole, IPv6 by /64) for the caps on visit counting:
 * salted as the visitor key is, so the address itself is never written and, once the salt is
 * destroyed, cannot be recovered.
 */
export function addressKey(salt: string, site: string, ip: string) {
	return crypto
		.createHash('sha256')
		.update(`${salt}\n${site}\naddress\n${ipKeyPart(ip)}`)
		.digest('hex')
		.slice(0, 16)
}
