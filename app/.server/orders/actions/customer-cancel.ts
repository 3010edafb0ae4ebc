import { latestBusinessDetails } from '~/.server/business/details'
import { formatPence } from '~/lib/money'
import { isDispatched, type OrderStatus } from '~/lib/order-status'
import type { ActionDeps } from '../lifecycle/deps'
import { cancelOrder } from './cancel-order'

export type CustomerCancelResult = { ok: boolean; message: string }

/**
 * 'Cancel this order' on the customer's order page (issue 30 item 5): before dispatch, an unpaid
 * order is cancelled and its link switched off; a paid one is refunded in full at once with a
 * credit note. Staff's reasons for refusing are put in the customer's words.
 */
export async function cancelByCustomer(
	deps: ActionDeps,
	order: { id: string; status: OrderStatus; totalCostPence: number | null },
): Promise<CustomerCancelResult> {
	const paid = order.status === 'paid'
	const result = await cancelOrder(deps, { orderId: order.id, actor: { kind: 'customer' } })
	if (result.ok)
		return {
			ok: true,
			message: paid
				? `Your order has been cancelled and ${formatPence(order.totalCostPence ?? 0)} refunded to your card. Refunds usually show within 5 to 10 working days; your credit note is below and on its way by email.`
				: 'Your order has been cancelled. Nothing has been charged.',
		}
	if (order.status === 'cancelled')
		return { ok: false, message: 'This order is already cancelled.' }
	if (isDispatched(order.status))
		return {
			ok: false,
			message:
				'This order has been dispatched, so it can no longer be cancelled. Once it arrives you have 14 days to return it: our terms explain how.',
		}
	return {
		ok: false,
		message: `We could not cancel this order online. Please call us on ${latestBusinessDetails().phone} (${latestBusinessDetails().hoursShort}) quoting order ${order.id}, and we will sort it out.`,
	}
}
