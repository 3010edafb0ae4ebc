import { lt } from 'drizzle-orm'
import type { Db, Tx } from '~/.server/db/client'
import { auditLog } from '~/.server/db/schema'
import type { AuditChange, AuditKind } from '~/lib/audit'

/** Who did it: a signed-in person (their role at the time), or null for the shop itself. */
export type AuditActor = { id: string; email: string; role?: string } | null

export type AuditEntry = {
	actor: AuditActor
	kind: AuditKind
	/** What it was done to: an order id, a product code, an email, a path. */
	subject: string
	/** Edited fields, before → after. */
	changes?: AuditChange[]
	/** A short line in the shop's words (an amount, a reason); never a password or token. */
	detail?: string
	/** The address the request came from (context.clientIp). */
	ip?: string | null
}

/**
 * The one way anything is written to the audit log (issue 60 item 5). Takes the caller's
 * transaction where there is one, so the entry stands or falls with the change it records.
 * Entries are never updated; only `purgeAuditBefore` (the retention job) deletes them.
 */
export async function recordAudit(db: Db | Tx, entry: AuditEntry) {
	await db.insert(auditLog).values({
		actorId: entry.actor?.id ?? null,
		actorEmail: entry.actor?.email ?? '',
		actorRole: entry.actor?.role ?? '',
		kind: entry.kind,
		subject: entry.subject.slice(0, 300),
		changes: entry.changes ?? [],
		detail: (entry.detail ?? '').slice(0, 500),
		ip: entry.ip ?? null,
	})
}

/** The retention job: entries older than `before` are deleted. Returns how many went. */
export async function purgeAuditBefore(db: Db, before: Date) {
	const gone = await db
		.delete(auditLog)
		.where(lt(auditLog.at, before))
		.returning({ id: auditLog.id })
	return gone.length
}

/** The `actor` and `ip` of an entry for a signed-in person's request. */
export function auditWho(
	person: { id: string; email: string; role: string },
	ip: string | null | undefined,
) {
	return { actor: { id: person.id, email: person.email, role: person.role }, ip: ip ?? null }
}
