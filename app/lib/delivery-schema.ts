import { z } from 'zod'
import { normalisePostcode, UK_POSTCODE } from './delivery/postcode'
import { emailAddress } from './email-address'
import { safeText } from './text-safety'

/** Spec section 5: the delivery form's rules and messages, shared by the form and the server. */
export const DELIVERY_MESSAGES = {
	firstName: 'First name is required',
	lastName: 'Last name is required',
	address1: 'Address is required',
	city: 'City is required',
	postcode: 'Postcode is required',
	postcodeFormat: 'Please enter a valid UK postcode (for example IV2 3XY)',
	phone: 'Phone number is required',
	phoneFormat: 'Please enter a valid phone number',
	email: 'Please enter a valid email address',
} as const

const PHONE = /^[0-9+\s()-]{10,15}$/

const required = (message: string, max = 100) =>
	safeText().trim().min(1, message).max(max, `Please keep this under ${max} characters`)
const optional = (max: number, { allowLineBreaks = false } = {}) =>
	safeText({ allowLineBreaks })
		.trim()
		.max(max, `Please keep this under ${max} characters`)
		.default('')

export const DeliverySchema = z.object({
	firstName: required(DELIVERY_MESSAGES.firstName),
	lastName: required(DELIVERY_MESSAGES.lastName),
	address1: required(DELIVERY_MESSAGES.address1, 200),
	address2: optional(200),
	city: required(DELIVERY_MESSAGES.city),
	postcode: required(DELIVERY_MESSAGES.postcode, 10)
		.transform(normalisePostcode)
		.refine((v) => UK_POSTCODE.test(v), DELIVERY_MESSAGES.postcodeFormat),
	phone: required(DELIVERY_MESSAGES.phone, 30).refine(
		(v) => PHONE.test(v),
		DELIVERY_MESSAGES.phoneFormat,
	),
	email: emailAddress(DELIVERY_MESSAGES.email, { optional: true }).default(''),
	notes: optional(1000, { allowLineBreaks: true }),
})

/** A delivery address and contact as the form, the profile and every order hold it. */
export type DeliveryDetails = z.infer<typeof DeliverySchema>
export type DeliveryField = keyof DeliveryDetails

/** The saved-profile subset (no email or notes: those belong to one order). */
export const ProfileDeliverySchema = DeliverySchema.omit({ email: true, notes: true })
