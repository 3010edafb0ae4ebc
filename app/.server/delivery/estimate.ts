import type { Catalog } from '~/.server/catalog/catalog'
import type { Db } from '~/.server/db/client'
import type { Estimate, EstimateRequest } from '~/lib/delivery/estimate'
import { outwardOf } from '~/lib/delivery/postcode'
import { type ShippingClass, shippingClassOf } from '~/lib/delivery/shipping-class'
import { suggestDeliveryCost } from '~/lib/delivery/suggest'
import type { DeliverySettings } from '~/lib/delivery/zones'
import { currentDeliverySettings } from './settings'

/**
 * The estimate for a cart and a postcode: the dashboard's suggestion rules, with the catalogue's
 * shipping classes. Anything they cannot price (no service to the zone, a product we no longer
 * sell, nothing to deliver) is 'we will quote' rather than a guess.
 */
export async function estimateDelivery(
	db: Db,
	catalog: Catalog,
	request: EstimateRequest,
): Promise<Estimate> {
	const lines: Array<{ shippingClass: ShippingClass; quantity: number }> = []
	for (const line of request.lines) {
		const product = await catalog.product(line.id)
		if (!product) return { kind: 'quote' }
		lines.push({ shippingClass: shippingClassOf(product), quantity: line.quantity })
	}
	return estimateFor(await currentDeliverySettings(db), request.postcode, lines)
}

/**
 * The estimate for priced lines (each with its shipping class) to a postcode: the checkout's, and
 * the one kept on the order when it is placed (issue 62 item 6), so the two always agree.
 */
export function estimateFor(
	settings: DeliverySettings,
	postcode: string,
	lines: Array<{ shippingClass: ShippingClass; quantity: number }>,
): Estimate {
	const suggestion = suggestDeliveryCost(settings, postcode, lines, null)
	const outward = outwardOf(postcode)
	if (!suggestion.ok || suggestion.pence === 0 || !outward) return { kind: 'quote' }
	return { kind: 'estimate', outward: outward.outward, pence: suggestion.pence }
}
