import { auditWho, recordAudit } from '~/.server/audit/audit-log'
import { exportAudit } from '~/.server/audit/audit-read'
import { requireAccess } from '~/.server/auth/guards'
import { parseAuditFilters } from '~/lib/audit'
import { csvRow } from '~/lib/csv'
import type { Route } from './+types/admin.audit[.csv]'

const HEADER = [
	'Time (UTC)',
	'Person',
	'Role',
	'What',
	'Subject',
	'Changes',
	'Detail',
	'IP address',
]

/** GET /admin/audit.csv?<the page's filters>: every matching entry, streamed, newest first. */
export async function loader({ request, context }: Route.LoaderArgs) {
	const viewer = await requireAccess(request, context, 'admin/audit.csv')
	const url = new URL(request.url)
	const filters = parseAuditFilters(url.searchParams)
	// The export is itself recorded, before the first row is read.
	await recordAudit(context.db, {
		...auditWho(viewer, context.clientIp),
		kind: 'data.export',
		subject: '/admin/audit.csv',
		detail: url.search.slice(0, 300),
	})
	const rows = exportAudit(context.db, filters)
	// The first row is read before answering: a failing query is an error status, not a cut file.
	const first = await rows.next()
	const encoder = new TextEncoder()
	type Row = Exclude<typeof first.value, void>
	const line = (e: Row) =>
		encoder.encode(
			csvRow([
				e.at.toISOString(),
				e.actorEmail,
				e.actorRole,
				e.kind,
				e.subject,
				e.changes.map((c) => `${c.field}: ${c.from} -> ${c.to}`).join('; '),
				e.detail,
				e.ip,
			]),
		)
	const body = new ReadableStream<Uint8Array>({
		start(controller) {
			controller.enqueue(encoder.encode(`\uFEFF${csvRow(HEADER)}`))
			if (first.done) controller.close()
			else controller.enqueue(line(first.value))
		},
		async pull(controller) {
			try {
				const next = await rows.next()
				if (next.done) return controller.close()
				controller.enqueue(line(next.value))
			} catch (error) {
				context.logger.error({ err: error }, 'audit export failed')
				controller.error(error)
			}
		},
	})
	const day = new Date().toISOString().slice(0, 10)
	return new Response(body, {
		headers: {
			'Content-Type': 'text/csv; charset=utf-8',
			'Content-Disposition': `attachment; filename="audit-log-${day}.csv"`,
			'Cache-Control': 'private, no-store',
		},
	})
}
