import { latestBusinessDetails } from '~/.server/business/details'
import { TOPIC_LABELS } from '~/lib/enquiry-schema'
import { STAFF_INBOX } from './business-mail'
import { renderEmail, staffLink } from './layout'
import type { EmailMessage } from './outbox'

type Enquiry = {
	id: string
	name: string
	email: string
	phone: string
	topic: keyof typeof TOPIC_LABELS
	productCode: string
	message: string
}

/** To the business, with Reply-To the customer so answering is one click. */
export function enquiryNotificationEmail(e: Enquiry, siteUrl: string): EmailMessage {
	return {
		to: STAFF_INBOX,
		kind: 'enquiry-notification',
		subject: `Enquiry ${e.id}: ${TOPIC_LABELS[e.topic]}${e.productCode ? ` (${e.productCode})` : ''}`,
		headers: { 'Reply-To': e.email },
		...renderEmail(`New enquiry from ${e.name}`, [
			{
				type: 'table',
				rows: [
					['About', TOPIC_LABELS[e.topic]],
					...(e.productCode ? [['Product code', e.productCode] as [string, string]] : []),
					['Email', e.email],
					...(e.phone ? [['Phone', e.phone] as [string, string]] : []),
				],
			},
			{ type: 'p', text: e.message },
			{ type: 'p', text: 'Reply to this email to answer the customer directly.' },
			{
				type: 'button',
				text: 'Open the enquiry',
				href: staffLink(siteUrl, `/admin/enquiries/${e.id}`),
			},
		]),
	}
}

/**
 * The acknowledgement goes to an address nobody has verified, from the shop's own domain, so it
 * repeats nothing the visitor typed (not the name, the message or the product code): otherwise
 * the form would send anyone's words, links included, to anyone. Only the enquiry id and the
 * topic chosen from a fixed list.
 */
export function enquiryAcknowledgementEmail(e: Enquiry): EmailMessage {
	return {
		to: e.email,
		kind: 'enquiry-acknowledgement',
		subject: `We have your enquiry (${e.id})`,
		...renderEmail('Thank you for getting in touch', [
			{ type: 'p', text: 'Hello,' },
			{
				type: 'p',
				text: `Thank you for your enquiry about ${TOPIC_LABELS[e.topic].toLowerCase()}. We reply to every enquiry within 24 hours (${latestBusinessDetails().hours}).`,
			},
			{
				type: 'p',
				text: `If it is urgent, call us on ${latestBusinessDetails().phone}, quoting enquiry ${e.id}.`,
			},
			{
				type: 'p',
				text: 'If you did not contact us, you can ignore this email: someone may have typed your address by mistake.',
			},
		]),
	}
}
