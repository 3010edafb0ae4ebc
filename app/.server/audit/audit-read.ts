import { and, desc, eq, gte, lt, type SQL } from 'drizzle-orm'
import type { Db } from '~/.server/db/client'
import { auditLog } from '~/.server/db/schema'
import { AUDIT_PAGE_SIZE, type AuditFilters } from '~/lib/audit'
import { addDays, startOfLondonDay } from '~/lib/london-time'

function whereOf(filters: AuditFilters) {
	const clauses: SQL[] = []
	if (filters.person) clauses.push(eq(auditLog.actorId, filters.person))
	if (filters.kind) clauses.push(eq(auditLog.kind, filters.kind))
	if (filters.from) clauses.push(gte(auditLog.at, startOfLondonDay(filters.from)))
	if (filters.to) clauses.push(lt(auditLog.at, startOfLondonDay(addDays(filters.to, 1))))
	return clauses.length ? and(...clauses) : undefined
}

const columns = {
	id: auditLog.id,
	at: auditLog.at,
	actorId: auditLog.actorId,
	actorEmail: auditLog.actorEmail,
	actorRole: auditLog.actorRole,
	kind: auditLog.kind,
	subject: auditLog.subject,
	changes: auditLog.changes,
	detail: auditLog.detail,
	ip: auditLog.ip,
}

/** One page of entries, newest first (by id: entries are written as they happen) (the page after the last has none, and says so). */
export async function listAudit(db: Db, filters: AuditFilters) {
	const rows = await db
		.select(columns)
		.from(auditLog)
		.where(whereOf(filters))
		.orderBy(desc(auditLog.id))
		.limit(AUDIT_PAGE_SIZE + 1)
		.offset((filters.page - 1) * AUDIT_PAGE_SIZE)
	return { entries: rows.slice(0, AUDIT_PAGE_SIZE), hasOlder: rows.length > AUDIT_PAGE_SIZE }
}

export type AuditRow = Awaited<ReturnType<typeof listAudit>>['entries'][number]

/** Every matching entry, newest first, read in batches (for the streamed CSV). */
export async function* exportAudit(db: Db, filters: AuditFilters, batch = 1000) {
	let after: number | undefined
	for (;;) {
		const base = whereOf(filters)
		const keyset = after
			? and(
					base,
					// Below the last row's id: stable while new entries arrive.
					lt(auditLog.id, after),
				)
			: base
		const rows = await db
			.select(columns)
			.from(auditLog)
			.where(keyset)
			.orderBy(desc(auditLog.id))
			.limit(batch)
		for (const row of rows) yield row
		if (rows.length < batch) return
		const last = rows[rows.length - 1]!
		after = last.id
	}
}
