import { describe, expect, it } from 'vitest'
import { parseEnv } from '~/.server/env'
import { DEMO_BUSINESS_DETAILS } from '~/lib/business'
import { addressEmail, businessMail, STAFF_INBOX } from './business-mail'
import type { ClaimedEmail } from './outbox'

const details = {
	...DEMO_BUSINESS_DETAILS,
	tradingName: 'Moray Ponds',
	email: 'shop@moray.example',
}
const overrides = (vars: Record<string, string>) => parseEnv(vars)

const claimed = (to: string, headers: Record<string, string> = {}): ClaimedEmail => ({
	id: '00000000-0000-4000-8000-000000000001',
	to,
	subject: 'Order KP-ABC234',
	text: 'Hello',
	html: '<p>Hello</p>',
	kind: 'test',
	headers,
	attachments: [],
	status: 'pending',
	attempts: 1,
	nextAttemptAt: new Date(),
	lockedUntil: null,
	lastError: null,
	createdAt: new Date(),
	sentAt: null,
})

describe('who the business is in its emails', () => {
	it('is the business details when the deployment sets nothing', () => {
		expect(businessMail(details, overrides({}))).toEqual({
			from: { name: 'Moray Ponds', address: 'shop@moray.example' },
			replyTo: 'shop@moray.example',
			staffInbox: 'shop@moray.example',
		})
	})

	it('keeps MAIL_FROM and BUSINESS_EMAIL when set; a bare MAIL_FROM takes the trading name', () => {
		const set = overrides({
			MAIL_FROM: 'Koi Mailer <mailer@relay.example>',
			BUSINESS_EMAIL: 'orders@moray.example',
		})
		expect(businessMail(details, set)).toEqual({
			from: { name: 'Koi Mailer', address: 'mailer@relay.example' },
			replyTo: 'shop@moray.example',
			staffInbox: 'orders@moray.example',
		})
		expect(businessMail(details, overrides({ MAIL_FROM: 'mailer@relay.example' })).from).toEqual({
			name: 'Moray Ponds',
			address: 'mailer@relay.example',
		})
	})

	it('sends staff emails to the staff inbox, and replies to the business unless the email says', () => {
		const mail = businessMail(details, overrides({ BUSINESS_EMAIL: 'orders@moray.example' }))
		const staff = addressEmail(claimed(STAFF_INBOX), mail)
		expect(staff.to).toBe('orders@moray.example')
		const customer = addressEmail(claimed('ann@example.co.uk', { 'X-Test': 'yes' }), mail)
		expect(customer).toMatchObject({
			to: 'ann@example.co.uk',
			from: { name: 'Moray Ponds', address: 'shop@moray.example' },
			headers: { 'X-Test': 'yes', 'Reply-To': 'shop@moray.example' },
		})
		// An enquiry forwarded to staff answers the customer, whatever the header's case.
		const enquiry = addressEmail(claimed(STAFF_INBOX, { 'reply-to': 'isla@example.co.uk' }), mail)
		expect(enquiry.headers).toEqual({ 'reply-to': 'isla@example.co.uk' })
	})
})
