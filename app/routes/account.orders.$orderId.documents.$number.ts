import { data } from 'react-router'
import { documentDownload } from '~/.server/documents/download'
import { orderAccessFor } from '~/.server/orders/pages/order-access'
import type { Route } from './+types/account.orders.$orderId.documents.$number'

/**
 * GET /account/orders/<id>/documents/<number>[?key=…]: the order's invoice or credit note, for
 * whoever may see the order page (its owner, or the holder of its private link); else a 404.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
	const access = await orderAccessFor(request, context, params.orderId)
	if (!access) throw data('Not Found', { status: 404 })
	return documentDownload(context.db, access.order.id, params.number)
}
