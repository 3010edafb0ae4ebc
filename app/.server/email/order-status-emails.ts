import { latestBusinessDetails } from '~/.server/business/details'
import type { OrderRow } from '~/.server/db/schema'
import { formatDate } from '~/lib/dates'
import { formatPence } from '~/lib/money'
import { trackingFor } from '~/lib/tracking'
import { STAFF_INBOX } from './business-mail'
import { type EmailBlock, renderEmail, staffLink } from './layout'
import { CUSTOMER_GREETING, deliveryToText, itemRows } from './order-emails'
import { orderPageBlock, withOrderLink } from './order-link'
import type { EmailMessage } from './outbox'

/** The customer's address for order updates: the delivery email (it defaults to the account's). */
export function customerEmailOf(order: OrderRow) {
	return order.deliveryInfo.email || null
}

const contactLine = (order: OrderRow) => ({
	type: 'p' as const,
	text: `Questions? Call ${latestBusinessDetails().phone} (${latestBusinessDetails().hoursShort}) or email ${latestBusinessDetails().email}, quoting order number ${order.id}.`,
})

/** Every customer order email's subject names the order. */
export const customerSubject = (subject: string, orderId: string) => `${subject} — order ${orderId}`

export function toCustomer(
	order: OrderRow,
	kind: string,
	subject: string,
	heading: string,
	blocks: EmailBlock[],
): EmailMessage[] {
	const to = customerEmailOf(order)
	if (!to) return [] // the customer deleted their account: nobody to tell
	return [
		withOrderLink(order.id, {
			to,
			kind,
			subject: customerSubject(subject, order.id),
			...renderEmail(heading, [
				{ type: 'p', text: CUSTOMER_GREETING },
				...blocks,
				orderPageBlock(),
				contactLine(order),
			]),
		}),
	]
}

/** The quote: delivery cost, final total and the payment link (also sent again on a new price). */
export function quoteEmail(order: OrderRow, updated: boolean): EmailMessage[] {
	return toCustomer(
		order,
		'order-quote',
		updated ? 'Your updated total and a new payment link' : 'Your delivery cost and payment link',
		updated ? 'Your order total has changed' : 'Your order is ready to pay',
		[
			{
				type: 'p',
				text: updated
					? `We have updated the delivery cost for order ${order.id}. The earlier payment link no longer works; please use the new one below.`
					: `We have reviewed order ${order.id} and confirmed the delivery cost. Here is your final total:`,
			},
			{ type: 'table', rows: itemRows(order) },
			{ type: 'p', text: deliveryToText(order.deliveryInfo) },
			{
				type: 'button',
				text: `Pay ${formatPence(order.totalCostPence ?? 0)} securely`,
				href: order.paymentLink ?? '',
			},
			{
				type: 'p',
				text: `This price is held until ${order.quoteExpiresAt ? formatDate(order.quoteExpiresAt) : 'further notice'}. The link takes you to a secure card payment page; we never see or store your card details. Once you have paid we schedule delivery.`,
			},
		],
	)
}

export function paidEmails(order: OrderRow, siteUrl: string) {
	const total = formatPence(order.totalCostPence ?? 0)
	const business: EmailMessage = {
		to: STAFF_INBOX,
		kind: 'order-paid-notification',
		subject: `Order ${order.id} paid (${total})`,
		...renderEmail(`Order ${order.id} has been paid`, [
			{
				type: 'p',
				text: `${order.deliveryInfo.firstName} ${order.deliveryInfo.lastName} paid ${total}. It is ready to dispatch.`,
			},
			{ type: 'table', rows: itemRows(order) },
			{
				type: 'button',
				text: 'Open the order',
				href: staffLink(siteUrl, `/admin/orders/${order.id}`),
			},
		]),
	}
	return [
		...toCustomer(order, 'order-paid', 'Payment received', 'Thank you for your payment', [
			{ type: 'p', text: `We have received your payment of ${total} for order ${order.id}.` },
			{ type: 'table', rows: itemRows(order) },
			{
				type: 'p',
				text: 'We will now schedule delivery and email you again when your order is on its way.',
			},
		]),
		business,
	]
}

/**
 * The carrier and tracking reference, as the order page's TrackingPanel shows them (issue 62
 * item 8): the reference links to the carrier's tracking page where it has one, and a pallet
 * network's site is named for the customer to quote the reference on.
 */
export function trackingBlocks(order: Pick<OrderRow, 'carrier' | 'trackingReference'>) {
	const t = trackingFor(order.carrier, order.trackingReference)
	const carrier = t.ownVan ? 'Our own van' : t.carrierName
	if (!t.reference) return carrier ? [{ type: 'p' as const, text: `Carrier: ${carrier}.` }] : []
	const before = `${carrier ? `Carrier: ${carrier}. ` : ''}Tracking reference: `
	if (t.url)
		return [
			{
				type: 'link' as const,
				before,
				text: t.reference,
				href: t.url,
				after: ' (opens the carrier’s tracking page).',
			},
		]
	if (t.site)
		return [
			{
				type: 'link' as const,
				before: `${before}${t.reference}. Quote it on the `,
				text: `${t.carrierName} website`,
				href: t.site,
				after: '.',
			},
		]
	return [{ type: 'p' as const, text: `${before}${t.reference}.` }]
}

export function shippedEmail(order: OrderRow): EmailMessage[] {
	return toCustomer(
		order,
		'order-shipped',
		'Your order is on its way',
		'Your order is on its way',
		[
			{ type: 'p', text: `Order ${order.id} has been dispatched.` },
			...trackingBlocks(order),
			{ type: 'p', text: deliveryToText(order.deliveryInfo) },
			{
				type: 'p',
				text: 'Please check your goods when they arrive and tell us about any problem within 24 hours of delivery.',
			},
		],
	)
}

export function deliveredEmail(order: OrderRow): EmailMessage[] {
	return toCustomer(order, 'order-delivered', 'Your order has been delivered', 'Delivered', [
		{ type: 'p', text: `Order ${order.id} has been delivered. Thank you for shopping with us.` },
		{
			type: 'p',
			text: 'If anything is missing or damaged, please tell us within 24 hours of delivery and we will put it right.',
		},
	])
}

export function cancelledEmail(order: OrderRow): EmailMessage[] {
	return toCustomer(order, 'order-cancelled', 'Your order has been cancelled', 'Order cancelled', [
		{
			type: 'p',
			text: `Order ${order.id} has been cancelled and its payment link no longer works. No payment has been taken. If this is unexpected, please get in touch.`,
		},
	])
}

export function refundedEmail(order: OrderRow, amountPence: number): EmailMessage[] {
	return toCustomer(
		order,
		'order-refunded',
		'Your order has been cancelled and refunded',
		'Order cancelled and refunded',
		[
			{
				type: 'p',
				text: `Order ${order.id} has been cancelled and we have refunded your payment of ${formatPence(amountPence)} in full to the card you paid with.`,
			},
			{
				type: 'p',
				text: 'Refunds usually reach your account within 5 to 10 working days, depending on your bank. If this is unexpected, please get in touch.',
			},
		],
	)
}

export function reinstatedEmail(order: OrderRow): EmailMessage[] {
	return toCustomer(
		order,
		'order-reinstated',
		'Your order is back under review',
		'Order reinstated',
		[
			{
				type: 'p',
				text: `Order ${order.id} has been reinstated. We will contact you to confirm delivery options and costs.`,
			},
		],
	)
}
