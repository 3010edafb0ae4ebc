import { z } from 'zod'
import { emailAddress } from './email-address'
import { safeText } from './text-safety'

/** 'Email me a fresh link to my order' (issue 30): the order number and the order's address. */
export const OrderLinkRequestSchema = z.object({
	orderId: safeText()
		.trim()
		.max(20, 'Please enter your order number, for example KP-7F3K9Q')
		.transform((v) => v.toUpperCase())
		.refine(
			(v) => /^KP-[A-Z0-9]{6}$/.test(v),
			'Please enter your order number, for example KP-7F3K9Q',
		),
	email: emailAddress('Please enter the email address you gave with the order'),
})

/** The answer whether or not the number and address match: it must not tell which. */
export const ORDER_LINK_SENT_MESSAGE =
	'If that order number and email address match an order, we have emailed a link to the order to that address. It works for 90 days. It can take a few minutes to arrive.'

export const ORDER_LINK_TOO_MANY_MESSAGE =
	'Too many requests for order links from here. Please try again in an hour, or call us.'
