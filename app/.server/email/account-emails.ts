import { latestBusinessDetails } from '~/.server/business/details'
import { renderEmail } from './layout'
import type { EmailMessage } from './outbox'

/**
 * Account emails repeat nothing typed at registration (issue 57 item 7): anyone can register
 * anyone's address, and a first name such as 'your parcel is held, pay at https://…' went out in
 * the welcome email from the shop's domain.
 */
export function passwordResetEmail(to: string, link: string): EmailMessage {
	return {
		to,
		kind: 'password-reset',
		subject: `Reset your ${latestBusinessDetails().tradingName} password`,
		...renderEmail('Reset your password', [
			{ type: 'p', text: 'Hello,' },
			{
				type: 'p',
				text: 'We received a request to reset the password for your account. The link below works once and expires in one hour.',
			},
			{ type: 'button', text: 'Choose a new password', href: link },
			{
				type: 'p',
				text: 'If you did not ask for this, you can ignore this email: your password has not changed.',
			},
		]),
	}
}

export function welcomeEmail(to: string, siteUrl: string): EmailMessage {
	return {
		to,
		kind: 'welcome',
		subject: `Welcome to ${latestBusinessDetails().tradingName}`,
		...renderEmail('Welcome to your account', [
			{
				type: 'p',
				text: 'Thank you for creating an account. You can now place order requests, follow their progress and pay securely once we have confirmed delivery.',
			},
			{ type: 'button', text: 'Browse pond products', href: `${siteUrl}/pond-products` },
			{
				type: 'p',
				text: `Questions about a pond or a product? Call us on ${latestBusinessDetails().phone} (${latestBusinessDetails().hoursShort}) or reply to this email.`,
			},
		]),
	}
}

/** To a staff account when it is signed in to from a browser not seen before (issue 60 item 4). */
export function newDeviceEmail(
	to: string,
	device: string,
	when: string,
	siteUrl: string,
): EmailMessage {
	return {
		to,
		kind: 'new-device-sign-in',
		subject: `New sign-in to your ${latestBusinessDetails().tradingName} staff account`,
		...renderEmail('A new device signed in', [
			{ type: 'p', text: 'Hello,' },
			{
				type: 'p',
				text: `Your staff account was signed in to from ${device} on ${when}.`,
			},
			{
				type: 'p',
				text: 'If this was you, there is nothing to do. If not, sign that device out from your account page and change your password straight away.',
			},
			{ type: 'button', text: 'See your signed-in devices', href: `${siteUrl}/admin/account` },
		]),
	}
}
