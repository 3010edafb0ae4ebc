import { describe, expect, it } from 'vitest'
import { RegisterSchema, ResetRequestSchema } from './auth-forms'
import { DeliverySchema } from './delivery-schema'
import { emailAddress, isEmailAddress, mailtoHref } from './email-address'
import { EnquirySchema } from './enquiry-schema'

const REFUSED = [
	'Boss<victim@example.com>',
	'Boss <victim@example.com>',
	'"Boss" victim@example.com',
	'a,b@example.com',
	'a@example.com,b@example.com',
	'a;b@example.com',
	'x@y?body=hello',
	'x@example.com?body=hello',
	'x@example.com?cc=victim@example.org',
	'x%40y@example.com',
	'x@example.com&bcc=z@example.org',
	'victim@example.com\r\nBcc: z@example.org',
	'a b@example.com',
	'(comment)a@example.com',
	'a@[192.0.2.1]',
	'a@localhost',
	'a@example.c',
	'a@-example.com',
	'.a@example.com',
	'a..b@example.com',
	'a@example..com',
	`${'a'.repeat(65)}@example.com`,
	`a@${'b'.repeat(250)}.com`,
]
const ACCEPTED = [
	'ann@example.co.uk',
	'Ann.Lee+koi@Example.CO.UK',
	"o'brien@example.ie",
	'first_last-1@mail.example-shop.com',
]

describe('one rule for email addresses', () => {
	it('refuses display names, lists, URL parts and header breaks; accepts plain mailboxes', () => {
		for (const value of REFUSED) expect(isEmailAddress(value), value).toBe(false)
		for (const value of ACCEPTED) expect(isEmailAddress(value), value).toBe(true)
		expect(emailAddress('bad').safeParse('  ann@example.co.uk ').data).toBe('ann@example.co.uk')
		expect(emailAddress('bad', { optional: true }).safeParse('').success).toBe(true)
	})

	it('is the rule of every form that takes an address', () => {
		const register = {
			firstName: 'Ann',
			lastName: 'Lee',
			password: 'longenough',
			confirmPassword: 'longenough',
		}
		const delivery = {
			firstName: 'Ann',
			lastName: 'Lee',
			address1: '1 Pond Lane',
			city: 'Inverness',
			postcode: 'IV2 3XY',
			phone: '01632 960000',
		}
		const enquiry = { name: 'Ann', topic: 'pond', message: 'A pond for the garden, please.' }
		for (const email of REFUSED) {
			expect(RegisterSchema.safeParse({ ...register, email }).success, email).toBe(false)
			expect(ResetRequestSchema.safeParse({ email }).success, email).toBe(false)
			expect(DeliverySchema.safeParse({ ...delivery, email }).success, email).toBe(false)
			expect(EnquirySchema.safeParse({ ...enquiry, email }).success, email).toBe(false)
		}
		expect(DeliverySchema.safeParse({ ...delivery, email: '' }).success).toBe(true)
		expect(EnquirySchema.safeParse({ ...enquiry, email: ACCEPTED[1] }).success).toBe(true)
	})

	it('builds mailto: links only from an address, with everything else encoded', () => {
		expect(mailtoHref('x@y?body=hello')).toBeUndefined()
		expect(mailtoHref('a,b@example.com')).toBeUndefined()
		expect(mailtoHref("o'brien+koi@example.ie", 'Your enquiry EN-ABC & more?')).toBe(
			"mailto:o'brien%2Bkoi@example.ie?subject=Your%20enquiry%20EN-ABC%20%26%20more%3F",
		)
	})
})
