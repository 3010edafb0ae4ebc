import type { OrderRow } from '~/.server/db/schema'
import { formatPence } from '~/lib/money'
import { STAFF_INBOX } from './business-mail'
import { renderEmail, staffLink } from './layout'
import { itemRows } from './order-emails'
import type { EmailMessage } from './outbox'

/** Staff hear at once when a customer cancels from their order page (nothing to dispatch now). */
export function customerCancelledEmail(order: OrderRow, siteUrl: string): EmailMessage[] {
	const name = `${order.deliveryInfo.firstName} ${order.deliveryInfo.lastName}`
	const paid = order.status === 'paid' && order.totalCostPence !== null
	return [
		{
			to: STAFF_INBOX,
			kind: 'order-cancelled-by-customer',
			subject: `Order ${order.id} cancelled by the customer`,
			...renderEmail(`${name} cancelled order ${order.id}`, [
				{
					type: 'p',
					text: paid
						? `The order was paid, so ${formatPence(order.totalCostPence!)} has been refunded to the card and a credit note issued. Please do not dispatch it.`
						: 'The order was not paid; its payment link has been switched off. Please do not dispatch it.',
				},
				{ type: 'table', rows: itemRows(order) },
				{
					type: 'button',
					text: 'Open the order',
					href: staffLink(siteUrl, `/admin/orders/${order.id}`),
				},
			]),
		},
	]
}
