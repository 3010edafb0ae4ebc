import { auditWho, recordAudit } from '~/.server/audit/audit-log'
import { requireAccess } from '~/.server/auth/guards'
import { exportAdminOrders } from '~/.server/orders/pages/admin-orders'
import { parseOrderFilters } from '~/lib/admin-order-schemas'
import { csvRow } from '~/lib/csv'
import { penceToInput } from '~/lib/money'
import type { Route } from './+types/admin.orders[.csv]'

/** GET /admin/orders.csv?<the dashboard's filters>: every matching order, streamed. */
export async function loader({ request, context }: Route.LoaderArgs) {
	const viewer = await requireAccess(request, context, 'admin/orders.csv')
	await recordAudit(context.db, {
		...auditWho(viewer, context.clientIp),
		kind: 'data.export',
		subject: '/admin/orders.csv',
		detail: new URL(request.url).search.slice(0, 300),
	})
	const filters = parseOrderFilters(new URL(request.url).searchParams)
	const rows = exportAdminOrders(context.db, filters)
	// The first row is read before answering: a query that fails is then a proper error status,
	// not a 200 whose connection is cut mid-download.
	const first = await rows.next()
	const encoder = new TextEncoder()
	type ExportRow = Exclude<typeof first.value, void>
	const line = (o: ExportRow) =>
		encoder.encode(
			csvRow([
				o.id,
				new Date(o.createdAt).toISOString(),
				o.status,
				o.firstName,
				o.lastName,
				o.email,
				o.phone,
				o.postcode,
				o.items,
				penceToInput(o.subtotalPence),
				penceToInput(o.deliveryCostPence),
				penceToInput(o.totalCostPence),
			]),
		)
	const body = new ReadableStream<Uint8Array>({
		start(controller) {
			controller.enqueue(
				encoder.encode(
					// A byte-order mark so Excel reads the £ signs and accents as UTF-8.
					`\uFEFF${csvRow(['Order ID', 'Date', 'Status', 'First name', 'Last name', 'Email', 'Phone', 'Postcode', 'Items', 'Subtotal (GBP)', 'Delivery (GBP)', 'Total (GBP)'])}`,
				),
			)
			if (first.done) controller.close()
			else controller.enqueue(line(first.value))
		},
		async pull(controller) {
			try {
				const next = await rows.next()
				if (next.done) return controller.close()
				controller.enqueue(line(next.value))
			} catch (error) {
				context.logger.error({ err: error }, 'order export failed')
				controller.error(error)
			}
		},
	})
	const day = new Date().toISOString().slice(0, 10)
	return new Response(body, {
		headers: {
			'Content-Type': 'text/csv; charset=utf-8',
			'Content-Disposition': `attachment; filename="orders-${day}.csv"`,
			'Cache-Control': 'private, no-store',
		},
	})
}
