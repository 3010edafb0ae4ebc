import { sql } from 'drizzle-orm'
import type { Database } from '~/.server/db/client'
import { rows } from '~/.server/db/rows'

export type Readiness = {
	status: 'ok' | 'unavailable'
	database: 'ok' | 'unreachable'
	outbox?: { pending: number; failed: number; oldestPendingSeconds: number }
}

/**
 * For a load balancer or uptime monitor: the database answers, and the email outbox is moving —
 * unavailable when an email has waited longer than `maxAgeSeconds` (SMTP down, worker stuck).
 * Emails that gave up ('failed') are counted but do not make the instance unready.
 */
export async function readiness(database: Database, maxAgeSeconds: number): Promise<Readiness> {
	try {
		await database.ping()
		const [outbox] = await rows<{ pending: number; failed: number; oldest: number | null }>(
			database.db,
			sql`select count(*) filter (where status = 'pending')::int as pending,
				count(*) filter (where status = 'failed')::int as failed,
				floor(extract(epoch from now() - min(created_at) filter (where status = 'pending')))::int as oldest
				from email_outbox`,
		)
		const oldestPendingSeconds = Math.max(0, outbox?.oldest ?? 0)
		return {
			status: oldestPendingSeconds > maxAgeSeconds ? 'unavailable' : 'ok',
			database: 'ok',
			outbox: { pending: outbox?.pending ?? 0, failed: outbox?.failed ?? 0, oldestPendingSeconds },
		}
	} catch {
		return { status: 'unavailable', database: 'unreachable' }
	}
}
