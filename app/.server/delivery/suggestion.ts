import type { Catalog } from '~/.server/catalog/catalog'
import type { Db } from '~/.server/db/client'
import type { OrderRow } from '~/.server/db/schema'
import { type ShippingClass, shippingClassOf } from '~/lib/delivery/shipping-class'
import { type Suggestion, suggestDeliveryCost } from '~/lib/delivery/suggest'
import { getDeliverySettings } from './settings'

/**
 * The dashboard's suggested delivery cost for an order. Lines carry the shipping class they were
 * ordered with; older orders fall back to the catalogue (and to a parcel when the product is gone).
 */
export async function suggestionForOrder(
	db: Db,
	catalog: Catalog,
	order: Pick<OrderRow, 'deliveryInfo' | 'cartItems' | 'siteAccess'>,
): Promise<Suggestion> {
	const settings = await getDeliverySettings(db)
	const lines: Array<{ shippingClass: ShippingClass; quantity: number }> = []
	for (const line of order.cartItems) {
		const product = line.shippingClass ? undefined : await catalog.anyProduct(line.id)
		lines.push({
			shippingClass: line.shippingClass ?? (product ? shippingClassOf(product) : 'parcel'),
			quantity: line.quantity,
		})
	}
	return suggestDeliveryCost(settings, order.deliveryInfo.postcode, lines, order.siteAccess)
}
