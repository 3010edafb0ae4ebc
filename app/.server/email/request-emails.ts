import { latestBusinessDetails } from '~/.server/business/details'
import type { OrderRequest, OrderRow } from '~/.server/db/schema'
import { traderAddress } from '~/lib/business'
import { formatDate } from '~/lib/dates'
import { formatPence } from '~/lib/money'
import {
	KIND_LABELS,
	OUTCOME_LABELS,
	PROBLEM_LABELS,
	type RequestLine,
	returnWindow,
} from '~/lib/order-requests'
import { STAFF_INBOX } from './business-mail'
import { renderEmail, staffLink } from './layout'
import { toCustomer } from './order-status-emails'
import type { EmailMessage } from './outbox'

/** The after-sale emails (issue 30 item 9): request received, request resolved, refund issued. */

type Request = Pick<OrderRequest, 'id' | 'kind' | 'lines' | 'problem' | 'details' | 'late'>

export function lineText(order: OrderRow, lines: RequestLine[]) {
	return lines
		.map((l) => {
			const item = order.cartItems[l.line]
			return item
				? `${l.quantity} × ${item.name}${item.selectedSize ? ` (${item.selectedSize})` : ''}`
				: ''
		})
		.filter(Boolean)
		.join(', ')
}

/** The model cancellation form (CCR 2013, Schedule 3), filled in with what we know. */
export function modelCancellationText(order: OrderRow, lines: RequestLine[], deliveredAt: Date) {
	const d = order.deliveryInfo
	const business = latestBusinessDetails()
	return [
		`To ${business.tradingName}, ${traderAddress(business)}, ${business.email}:`,
		`I hereby give notice that I cancel my contract of sale of the following goods: ${lines.length ? lineText(order, lines) : '[the goods you are returning]'}.`,
		`Ordered on ${formatDate(order.createdAt)}, received on ${formatDate(deliveredAt)}.`,
		`Name: ${d.firstName} ${d.lastName}. Address: ${[d.address1, d.address2, d.city, d.postcode].filter(Boolean).join(', ')}.`,
	]
}

export function requestReceivedEmails(
	order: OrderRow,
	request: Request,
	context: { siteUrl: string; deliveredAt: Date | null },
): EmailMessage[] {
	const what =
		request.kind === 'return'
			? `return of ${lineText(order, request.lines)}`
			: `problem report (${PROBLEM_LABELS[request.problem ?? 'fault']})`
	const customerBlocks =
		request.kind === 'return'
			? [
					{
						type: 'p' as const,
						text: `We have your request to return ${lineText(order, request.lines)} from order ${order.id}. This is your notice of cancellation:`,
					},
					...modelCancellationText(order, request.lines, context.deliveredAt ?? new Date()).map(
						(text) => ({ type: 'p' as const, text }),
					),
					{
						type: 'p' as const,
						text: 'Please send the items back within 14 days, well packed, to the address above; the return postage is yours unless the goods are faulty or not what you ordered. We refund the items within 14 days of receiving them, to the card you paid with, and the original delivery charge too once everything from the order has come back.',
					},
				]
			: [
					{
						type: 'p' as const,
						text: `Thank you for telling us. We have your report about order ${order.id} (${PROBLEM_LABELS[request.problem ?? 'fault']}) and will be in touch within one working day to put it right.`,
					},
				]
	const staff: EmailMessage = {
		to: STAFF_INBOX,
		kind: 'order-request-staff',
		subject: `Order ${order.id}: ${KIND_LABELS[request.kind].toLowerCase()}${request.late ? ' (late)' : ''}`,
		...renderEmail(`New ${what}`, [
			{
				type: 'p',
				text: `${order.deliveryInfo.firstName} ${order.deliveryInfo.lastName} sent a ${what} for order ${order.id}.${request.late ? ' It came more than 24 hours after delivery.' : ''}`,
			},
			...(request.details
				? [{ type: 'p' as const, text: `In their words: ${request.details}` }]
				: []),
			{
				type: 'button',
				text: 'Open the request',
				href: staffLink(context.siteUrl, `/admin/requests/${request.id}`),
			},
		]),
	}
	return [
		...toCustomer(
			order,
			'order-request-received',
			request.kind === 'return' ? 'We have your return request' : 'We have your problem report',
			request.kind === 'return' ? 'Return requested' : 'Problem reported',
			customerBlocks,
		),
		staff,
	]
}

export function requestResolvedEmail(
	order: OrderRow,
	request: Pick<OrderRequest, 'kind' | 'outcome' | 'outcomeNote' | 'refundedPence'>,
): EmailMessage[] {
	const outcome = request.outcome ? OUTCOME_LABELS[request.outcome] : 'Resolved'
	const text =
		request.outcome === 'refund' && request.refundedPence
			? `We have refunded ${formatPence(request.refundedPence)} to the card you paid with; your credit note is in a separate email.`
			: request.outcome === 'declined'
				? 'We are sorry we cannot help in the way you asked.'
				: `Outcome: ${outcome}.`
	return toCustomer(
		order,
		'order-request-resolved',
		`Your ${KIND_LABELS[request.kind].toLowerCase()} has been resolved`,
		`${KIND_LABELS[request.kind]}: ${outcome.toLowerCase()}`,
		[
			{ type: 'p', text },
			...(request.outcomeNote ? [{ type: 'p' as const, text: request.outcomeNote }] : []),
		],
	)
}

export function refundIssuedEmail(
	order: OrderRow,
	refund: { amountPence: number; reason: string },
	leftPence: number,
): EmailMessage[] {
	return toCustomer(order, 'order-refund', 'Refund issued', 'We have refunded you', [
		{
			type: 'p',
			text: `We have refunded ${formatPence(refund.amountPence)} for order ${order.id} to the card you paid with (${refund.reason}). Your credit note is attached.`,
		},
		{
			type: 'p',
			text: `Refunds usually reach your account within 5 to 10 working days, depending on your bank.${leftPence === 0 ? ' Your payment has now been refunded in full.' : ''}`,
		},
	])
}

export const returnLastDayText = (deliveredAt: Date | string) =>
	formatDate(`${returnWindow(deliveredAt).lastDay}T12:00:00Z`)
