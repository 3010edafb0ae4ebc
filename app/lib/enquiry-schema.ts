import { z } from 'zod'
import { wholeNumber } from '~/lib/whole-number'
import { DELIVERY_MESSAGES } from './delivery-schema'
import { emailAddress } from './email-address'
import { safeText } from './text-safety'

/** The /contact enquiry form: one schema for the browser and the action (issue 20). */
export const ENQUIRY_TOPICS = ['pond', 'products'] as const
export type EnquiryTopic = (typeof ENQUIRY_TOPICS)[number]
export const TOPIC_LABELS: Record<EnquiryTopic, string> = {
	pond: 'Pond build or service',
	products: 'Products',
}

export const ENQUIRY_STATUSES = ['new', 'replied', 'closed'] as const
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number]
export const ENQUIRY_STATUS_LABELS: Record<EnquiryStatus, string> = {
	new: 'New',
	replied: 'Replied',
	closed: 'Closed',
}

const PHONE = /^[0-9+\s()-]{10,15}$/

export const EnquirySchema = z.object({
	name: safeText()
		.trim()
		.min(1, 'Please enter your name')
		.max(100, 'Please keep your name under 100 characters'),
	email: emailAddress(DELIVERY_MESSAGES.email),
	phone: safeText()
		.trim()
		.max(30)
		.default('')
		.refine((v) => v === '' || PHONE.test(v), DELIVERY_MESSAGES.phoneFormat),
	topic: z.enum(ENQUIRY_TOPICS, { error: 'Please choose what your enquiry is about' }),
	product: safeText()
		.trim()
		.max(40)
		.default('')
		.refine((v) => v === '' || /^[\w.-]+$/.test(v), 'That product code does not look right'),
	message: safeText({ allowLineBreaks: true })
		.trim()
		.min(10, 'Please tell us a little more (at least 10 characters)')
		.max(5000, 'Please keep your message under 5,000 characters'),
	/** Honeypot: hidden from people, filled in by form-filling bots. */
	website: safeText().max(200).default(''),
})
export type EnquiryInput = z.output<typeof EnquirySchema>

export const EnquiryUpdateSchema = z.object({
	status: z.enum(ENQUIRY_STATUSES, { error: 'Choose a status' }),
	notes: safeText({ allowLineBreaks: true })
		.trim()
		.max(5000, 'Please keep notes under 5,000 characters')
		.default(''),
})

export const EnquiryFiltersSchema = z.object({
	status: z.enum(ENQUIRY_STATUSES).optional().catch(undefined),
	q: safeText().trim().max(100).optional().catch(undefined),
	page: wholeNumber('Not a page', { min: 1, max: 10_000 }).catch(1).default(1),
})
