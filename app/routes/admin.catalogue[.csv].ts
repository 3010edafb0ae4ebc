import { auditWho, recordAudit } from '~/.server/audit/audit-log'
import { requireAccess } from '~/.server/auth/guards'
import { catalogCsvLines } from '~/.server/catalog/export'
import type { Route } from './+types/admin.catalogue[.csv]'

/** GET /admin/catalogue.csv: the live catalogue in the upload format. */
export async function loader({ request, context }: Route.LoaderArgs) {
	const viewer = await requireAccess(request, context, 'admin/catalogue.csv')
	await recordAudit(context.db, {
		...auditWho(viewer, context.clientIp),
		kind: 'data.export',
		subject: '/admin/catalogue.csv',
		detail: new URL(request.url).search.slice(0, 300),
	})
	const lines = catalogCsvLines(await context.catalog.everything())
	const encoder = new TextEncoder()
	const body = new ReadableStream<Uint8Array>({
		pull(controller) {
			// A few hundred rows per chunk: a 50,000-row file streams without one huge string.
			let chunk = ''
			for (let i = 0; i < 500; i++) {
				const next = lines.next()
				if (next.done) {
					if (chunk) controller.enqueue(encoder.encode(chunk))
					return controller.close()
				}
				chunk += next.value
			}
			controller.enqueue(encoder.encode(chunk))
		},
	})
	const day = new Date().toISOString().slice(0, 10)
	return new Response(body, {
		headers: {
			'Content-Type': 'text/csv; charset=utf-8',
			'Content-Disposition': `attachment; filename="catalogue-${day}.csv"`,
			'Cache-Control': 'private, no-store',
		},
	})
}
