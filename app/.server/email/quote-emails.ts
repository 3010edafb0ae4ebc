import type { OrderRow } from '~/.server/db/schema'
import { formatDateTime } from '~/lib/dates'
import { formatPence } from '~/lib/money'
import { STAFF_INBOX } from './business-mail'
import { renderEmail } from './layout'
import { itemRows } from './order-emails'
import { toCustomer } from './order-status-emails'
import type { EmailMessage } from './outbox'

/** Follow-up of a quote (issue 31): reminders, expiry and a request for a new quote. */

const heldUntil = (order: OrderRow) =>
	order.quoteExpiresAt ? formatDateTime(order.quoteExpiresAt) : 'further notice'

export const quoteReminderSubject = (lastDay: boolean) =>
	lastDay ? 'Last day to pay at the quoted price' : 'Your quoted price ends soon'

/**
 * Before the held-until moment: the pay link again, and a one-click way to stop reminders (also as
 * the List-Unsubscribe header, which mail apps show as their own button; RFC 8058).
 */
export function quoteReminderEmail(
	order: OrderRow,
	links: { pay: string; stopReminders: string },
	lastDay: boolean,
): EmailMessage[] {
	const total = formatPence(order.totalCostPence ?? 0)
	return toCustomer(
		order,
		'quote-reminder',
		quoteReminderSubject(lastDay),
		lastDay ? 'Your quote ends today' : 'A reminder about your quote',
		[
			{
				type: 'p',
				text: `The total of ${total} for order ${order.id}, including delivery, is held until ${heldUntil(order)}. After that we will need to quote the delivery again.`,
			},
			{ type: 'table', rows: itemRows(order) },
			{ type: 'button', text: `Pay ${total} securely`, href: links.pay },
			{
				type: 'p',
				text: `Not ready yet, or ordered elsewhere? You can stop these reminders: ${links.stopReminders}`,
			},
		],
	).map((email) => ({
		...email,
		headers: {
			...email.headers,
			'List-Unsubscribe': `<${links.stopReminders}>`,
			'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
		},
	}))
}

/** At the held-until moment: the link no longer takes payment; one click asks for a new quote. */
export function quoteExpiredEmail(order: OrderRow, payLink: string): EmailMessage[] {
	return toCustomer(order, 'quote-expired', 'Your quote has expired', 'Your quote has expired', [
		{
			type: 'p',
			text: `The price we quoted for order ${order.id} was held until ${heldUntil(order)}, so its payment link no longer works. Nothing has been charged.`,
		},
		{
			type: 'p',
			text: 'Still want the order? Ask for a new quote and we will confirm the delivery cost again, normally within one working day.',
		},
		{ type: 'button', text: 'Ask for a new quote', href: payLink },
	])
}

/** The customer asked for a new quote: staff re-quote it, and the customer hears we will. */
export function newQuoteRequestedEmails(order: OrderRow, adminLink: string): EmailMessage[] {
	const name = `${order.deliveryInfo.firstName} ${order.deliveryInfo.lastName}`
	return [
		{
			to: STAFF_INBOX,
			kind: 'new-quote-requested',
			subject: `New quote asked for: order ${order.id}`,
			...renderEmail(`${name} would like a new quote`, [
				{
					type: 'p',
					text: `The quote for order ${order.id} expired and the customer has asked for a new one. The order is back with the requests waiting for a delivery cost.`,
				},
				{ type: 'table', rows: itemRows(order) },
				{ type: 'button', text: 'Open the order', href: adminLink },
			]),
		},
		...toCustomer(order, 'new-quote-acknowledged', 'We will send a new quote', 'Thank you', [
			{
				type: 'p',
				text: `We have your request for a new quote for order ${order.id}. We will email the delivery cost and a new payment link, normally within one working day.`,
			},
		]),
	]
}
