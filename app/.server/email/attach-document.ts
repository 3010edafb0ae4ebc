import type { OrderDocument } from '~/.server/db/schema'
import type { EmailMessage } from './outbox'

/**
 * Attaches a document (the invoice to the payment email, a credit note to the refund email) to
 * the customer's copy only: staff open documents from the order view. The PDF is made from the
 * stored document when the email is sent.
 */
export function attachDocument(
	emails: EmailMessage[],
	document: Pick<OrderDocument, 'number'> | undefined,
	customerKinds: string[],
) {
	if (!document) return emails
	return emails.map((email) =>
		customerKinds.includes(email.kind)
			? { ...email, attachments: [...(email.attachments ?? []), document.number] }
			: email,
	)
}
