import { latestBusinessDetails } from '~/.server/business/details'
import { INVITE_HOURS } from '~/lib/staff-forms'
import { renderEmail } from './layout'
import type { EmailMessage } from './outbox'

/**
 * An invitation to the back office (issue 60 item 2). It names the role and the business, never
 * anything the inviter typed; the link works once, for INVITE_HOURS hours.
 */
export function staffInvitationEmail(to: string, roleLabel: string, link: string): EmailMessage {
	const business = latestBusinessDetails().tradingName
	return {
		to,
		kind: 'staff-invitation',
		// 'the back office of …': a trading name ending in s reads wrongly with 's.
		subject: `You have been invited to the back office of ${business}`,
		...renderEmail(`Join ${business} as ${roleLabel.toLowerCase()}`, [
			{ type: 'p', text: 'Hello,' },
			{
				type: 'p',
				text: `The owner of ${business} has invited you to help run the shop, as ${roleLabel.toLowerCase()}. Choose your password from the link below: it works once and expires in ${INVITE_HOURS} hours.`,
			},
			{ type: 'button', text: 'Accept the invitation', href: link },
			{
				type: 'p',
				text: 'If you were not expecting this, you can ignore this email: nothing happens until the link is used.',
			},
		]),
	}
}
