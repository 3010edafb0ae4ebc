import { currentBusinessDetails } from '~/.server/business/details'
import type { Db } from '~/.server/db/client'
import type { Env } from '~/.server/env'
import type { BusinessDetails } from '~/lib/business-details'
import type { ClaimedEmail } from './outbox'

/**
 * Who the business is as a sender and as a recipient (issue 32 item 7), decided here only. Queued
 * emails hold none of these addresses: the outbox worker fills them in as each email leaves, from
 * the details in force then, so an email queued before the owner changed them goes with the new ones.
 */

/**
 * Stands in for the staff inbox in a queued email's `to`. It has no '@', so it is never a
 * customer's address (account erasure matches those).
 */
export const STAFF_INBOX = 'staff-inbox'

export type MailAddress = { name: string; address: string }

/** The deployment's overrides (BUSINESS_EMAIL, MAIL_FROM); where unset, the details decide. */
export type MailOverrides = Partial<Pick<Env, 'BUSINESS_EMAIL' | 'MAIL_FROM'>>

export type BusinessMail = {
	/** The From of every email. */
	from: MailAddress
	/** Where customers' replies go, unless an email names its own Reply-To. */
	replyTo: string
	/** Where staff notifications (new orders, the morning summary, enquiries) go. */
	staffInbox: string
}

export function businessMail(details: BusinessDetails, overrides: MailOverrides): BusinessMail {
	const from = overrides.MAIL_FROM
	return {
		// MAIL_FROM's address is one the mail provider allows, so it is kept. A name written in it is
		// kept too: whoever set the variable chose it, and silently replacing it would surprise them.
		// A bare address takes the trading name, so an owner's rename reaches customers' inboxes.
		from: {
			name: from?.name || details.tradingName,
			address: from?.address ?? details.email,
		},
		replyTo: details.email,
		staffInbox: overrides.BUSINESS_EMAIL ?? details.email,
	}
}

/** The addresses in force now: a save here is seen at once, by another instance within a second. */
export async function businessMailFor(db: Db, overrides: MailOverrides) {
	return businessMail(await currentBusinessDetails(db), overrides)
}

export type OutgoingEmail = ClaimedEmail & { from: MailAddress }

/** A claimed email as it leaves: the staff inbox resolved, the sender set, replies to the business. */
export function addressEmail(email: ClaimedEmail, mail: BusinessMail): OutgoingEmail {
	// An enquiry forwarded to staff replies to the customer: its own Reply-To stays.
	const ownReplyTo = Object.keys(email.headers).some((name) => name.toLowerCase() === 'reply-to')
	return {
		...email,
		to: email.to === STAFF_INBOX ? mail.staffInbox : email.to,
		from: mail.from,
		headers: ownReplyTo ? email.headers : { ...email.headers, 'Reply-To': mail.replyTo },
	}
}
