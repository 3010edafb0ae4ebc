import { auditWho, recordAudit } from '~/.server/audit/audit-log'
import { requireAccess } from '~/.server/auth/guards'
import { exportLines } from '~/.server/books/export'
import { getBooksSettings } from '~/.server/books/settings'
import { EXPORT_FORMATS, type ExportFormat } from '~/lib/books/export-layouts'
import { choosePeriod } from '~/lib/books/periods'
import { londonDate } from '~/lib/london-time'
import type { Route } from './+types/admin.money.export[.csv]'

/**
 * GET /admin/money/export.csv?format=xero|quickbooks|freeagent|ledger (default)&<the page's period>: the
 * period's documents in that layout, streamed a batch at a time. A bad period or format is a 400
 * with the page's message (never a file of the wrong period).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
	const viewer = await requireAccess(request, context, 'admin/money/export.csv')
	await recordAudit(context.db, {
		...auditWho(viewer, context.clientIp),
		kind: 'data.export',
		subject: '/admin/money/export.csv',
		detail: new URL(request.url).search.slice(0, 300),
	})
	const params = new URL(request.url).searchParams
	// No format: the plain ledger.
	const format = params.get('format') ?? 'ledger'
	if (!(EXPORT_FORMATS as readonly string[]).includes(format))
		return text(400, 'Choose an export format: xero, quickbooks, freeagent or ledger.')
	const { quarterStartMonth } = await getBooksSettings(context.db)
	const choice = choosePeriod(params, londonDate(new Date()), quarterStartMonth)
	if (!choice.ok) return text(400, choice.message)
	const lines = exportLines(context.db, format as ExportFormat, choice.period)
	// The header (and settings) are read before answering: a failing query is an error status.
	const first = await lines.next()
	const encoder = new TextEncoder()
	const body = new ReadableStream<Uint8Array>({
		start(controller) {
			if (!first.done) controller.enqueue(encoder.encode(first.value))
		},
		async pull(controller) {
			try {
				const next = await lines.next()
				if (next.done) return controller.close()
				controller.enqueue(encoder.encode(next.value))
			} catch (error) {
				context.logger.error({ err: error }, 'books export failed')
				controller.error(error)
			}
		},
		async cancel() {
			await lines.return(undefined)
		},
	})
	const { from, to } = choice.period
	return new Response(body, {
		headers: {
			'Content-Type': 'text/csv; charset=utf-8',
			'Content-Disposition': `attachment; filename="${format}-${from}-to-${to}.csv"`,
			'Cache-Control': 'private, no-store',
		},
	})
}

const text = (status: number, message: string) =>
	new Response(message, {
		status,
		headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'private, no-store' },
	})
