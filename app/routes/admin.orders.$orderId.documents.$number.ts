import { requireAccess } from '~/.server/auth/guards'
import { documentDownload } from '~/.server/documents/download'
import type { Route } from './+types/admin.orders.$orderId.documents.$number'

/** GET /admin/orders/<id>/documents/<number>: an invoice or credit note of the order, as a PDF. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
	await requireAccess(request, context, 'admin/orders/:orderId/documents/:number')
	return documentDownload(context.db, params.orderId, params.number)
}
