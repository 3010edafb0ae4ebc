import type { OrderRow } from '~/.server/db/schema'
import { toCustomer } from './order-status-emails'
import type { EmailMessage } from './outbox'

/** A fresh private link, asked for from the order page's 404 (issue 30): the link is added by toCustomer. */
export function orderLinkEmail(order: OrderRow): EmailMessage[] {
	return toCustomer(order, 'order-link', 'Your link to your order', 'Your order', [
		{
			type: 'p',
			text: `You asked for a new link to order ${order.id}. It shows your order and where it stands, without signing in, and works for 90 days. If you did not ask for it, you can ignore this email: nobody else has been sent the link.`,
		},
	])
}
