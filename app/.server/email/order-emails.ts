import { latestBusinessDetails } from '~/.server/business/details'
import type { DeliveryDetails, OrderLine } from '~/.server/db/schema'
import { keptEstimateSentence } from '~/lib/delivery/estimate'
import { describeSiteAccess } from '~/lib/delivery/site-access-schema'
import type { SiteAccess } from '~/lib/delivery/suggest'
import { formatPence } from '~/lib/money'
import { STAFF_INBOX } from './business-mail'
import { type EmailBlock, renderEmail, staffLink } from './layout'
import { orderPageBlock, withOrderLink } from './order-link'
import type { EmailMessage } from './outbox'

export type OrderSummary = {
	id: string
	cartItems: OrderLine[]
	subtotalPence: number
	deliveryInfo: DeliveryDetails
	deliveryCostPence?: number | null
	deliveryEstimatePence?: number | null
	totalCostPence?: number | null
	siteAccess?: SiteAccess | null
	quoteExpiresAt?: Date | string | null
}

export const itemRows = (order: OrderSummary): Array<[string, string]> => [
	...order.cartItems.map((line): [string, string] => [
		`${line.name} × ${line.quantity}${line.selectedSize ? ` · Size: ${line.selectedSize}` : ''}${line.selectedOption ? ` · Option: ${line.selectedOption}` : ''}`,
		formatPence(line.unitPricePence * line.quantity),
	]),
	['Subtotal', formatPence(order.subtotalPence)],
	...(order.deliveryCostPence == null || order.totalCostPence == null
		? [['Delivery', 'to be confirmed'] as [string, string]]
		: ([
				['Delivery', formatPence(order.deliveryCostPence)],
				['Total', formatPence(order.totalCostPence)],
			] as Array<[string, string]>)),
]

/**
 * Emails to the customer repeat nothing they typed (issue 57 item 7, docs/security.md): the
 * shop never verifies an address, so a name or note such as 'your parcel is held, pay the fee at
 * https://…' would go from the shop's domain to whoever's address was typed. They greet plainly
 * and name the delivery by its postcode (checked against the UK pattern); the order page, behind
 * its private link, shows the rest.
 */
export const CUSTOMER_GREETING = 'Hello,'
export const deliveryToText = (d: Pick<DeliveryDetails, 'postcode'>) =>
	`Delivery to: postcode ${d.postcode} (the full address is on your order page).`

/** The whole address, for staff (the business's own inbox). */
export const address = (d: DeliveryDetails) =>
	[`${d.firstName} ${d.lastName}`, d.address1, d.address2, `${d.city} ${d.postcode}`, d.phone]
		.filter(Boolean)
		.join(', ')

export function orderConfirmationEmail(
	to: string,
	order: OrderSummary,
	deliveryNote: string,
): EmailMessage {
	const access = describeSiteAccess(order.siteAccess)
	const estimate = keptEstimateSentence(order)
	const blocks: EmailBlock[] = [
		{ type: 'p', text: CUSTOMER_GREETING },
		{
			type: 'p',
			text: `Thank you for your order request ${order.id}. Here is what you asked for:`,
		},
		{ type: 'table', rows: itemRows(order) },
		{ type: 'p', text: deliveryToText(order.deliveryInfo) },
		...(estimate ? [{ type: 'p' as const, text: estimate }] : []),
		// Their notes are not repeated (they could be anyone's words): the order page shows them.
		...(order.deliveryInfo.notes
			? [
					{
						type: 'p' as const,
						text: 'We have your delivery notes: you can read them on your order page.',
					},
				]
			: []),
		...(access ? [{ type: 'p' as const, text: `Access: ${access}` }] : []),
		{
			type: 'p',
			text: `What happens next: we review your order, then contact you to confirm delivery options and the delivery cost. Once you are happy with the total we send you a secure card payment link and schedule delivery. ${deliveryNote}`,
		},
		orderPageBlock(),
		{
			type: 'p',
			text: `Questions? Call ${latestBusinessDetails().phone} (${latestBusinessDetails().hoursShort}) or email ${latestBusinessDetails().email}, quoting order number ${order.id}.`,
		},
	]
	return withOrderLink(order.id, {
		to,
		kind: 'order-confirmation',
		subject: `Your order request ${order.id}`,
		...renderEmail('Thank you for your order request', blocks),
	})
}

export function newOrderNotificationEmail(order: OrderSummary, siteUrl: string): EmailMessage {
	const d = order.deliveryInfo
	return {
		to: STAFF_INBOX,
		kind: 'new-order-notification',
		subject: `New order request ${order.id} (${formatPence(order.subtotalPence)} + delivery)`,
		...renderEmail(`New order request ${order.id}`, [
			{
				type: 'p',
				text: `${d.firstName} ${d.lastName} placed an order request. It needs a delivery cost.`,
			},
			{ type: 'table', rows: itemRows(order) },
			{
				type: 'p',
				text: `Deliver to: ${address(order.deliveryInfo)}${d.notes ? `. Notes: ${d.notes}` : ''}${describeSiteAccess(order.siteAccess) ? `. Access: ${describeSiteAccess(order.siteAccess)}` : ''}`,
			},
			{
				type: 'button',
				text: 'Open the order in the dashboard',
				href: staffLink(siteUrl, `/admin/orders/${order.id}`),
			},
		]),
	}
}
