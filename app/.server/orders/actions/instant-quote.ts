import { eq } from 'drizzle-orm'
import { type OrderRow, orders } from '~/.server/db/schema'
import { currentDeliverySettings } from '~/.server/delivery/settings'
import { suggestionForOrder } from '~/.server/delivery/suggestion'
import type { Logger } from '~/.server/logger'
import type { OrderDeps } from '../lifecycle/deps'
import { setDeliveryCost } from './set-delivery-cost'

/**
 * Issue 31 item 2b, off unless switched on at /admin/delivery: a new request whose every line the
 * rate table prices, to an address with nothing staff should look at first, is quoted at once —
 * the same transition, link and email as a staff quote, on the timeline as automatic. Staff can
 * still change or cancel it. Anything else waits for staff as before.
 */
export async function tryInstantQuote(deps: OrderDeps, orderId: string) {
	// The cached table: this runs after every order placed.
	if (!(await currentDeliverySettings(deps.db)).instantQuotes) return false
	const [order] = await deps.db.select().from(orders).where(eq(orders.id, orderId))
	if (order?.status !== 'pending' || needsALook(order)) return false
	const suggestion = await suggestionForOrder(deps.db, deps.catalog, order)
	if (!suggestion.ok || suggestion.pence === 0) return false
	const result = await setDeliveryCost(
		deps,
		{ orderId, actor: { kind: 'system' }, expectedVersion: order.version },
		{
			deliveryCostPence: suggestion.pence,
			confirmReplace: false,
			suggestion: `${suggestion.working} (instant quote)`,
		},
	)
	return result.ok && result.order.status === 'payment_pending'
}

/**
 * What a person should see before a price goes out: a pallet to a site the lorry may not reach,
 * through a narrow gate, or needing a tail lift; and any delivery notes the customer wrote.
 */
export function needsALook(order: Pick<OrderRow, 'siteAccess' | 'cartItems' | 'deliveryInfo'>) {
	if ((order.deliveryInfo.notes ?? '').trim()) return true
	const pallets = order.cartItems.some((line) => line.shippingClass === 'pallet')
	const access = order.siteAccess
	if (!pallets || !access) return false
	return (
		access.lorryAccess === 'no' ||
		access.lorryAccess === 'not_sure' ||
		access.tailLift === 'yes' ||
		(access.gateWidthCm !== null && access.gateWidthCm < 120)
	)
}

/** After an order is placed: an instant quote if it applies; never fails the order itself. */
export async function afterOrderPlaced(
	deps: OrderDeps,
	logger: Logger,
	placed: { orderId: string; replayed: boolean },
) {
	if (placed.replayed) return
	try {
		if (await tryInstantQuote(deps, placed.orderId))
			logger.info({ orderId: placed.orderId }, 'instant quote sent')
	} catch (error) {
		// The request is stored and staff will quote it as usual.
		logger.warn({ orderId: placed.orderId, err: error }, 'instant quote failed')
	}
}
