import { BRAND } from './business-brand'
import type { BusinessDetails } from './business-details'

/**
 * The business's demo details, and the parts the owner does not edit (tagline, designer, reply
 * time). What the owner sets in /admin/settings (BusinessDetails) wins wherever it is shown.
 */
export const BUSINESS = {
	name: BRAND.name,
	tagline: 'National Koi and Pond Service with Over 30 Years of Experience',
	phone: '01632 960412',
	phoneHref: 'tel:+441632960412',
	email: 'hello@highlandkoiponds.co.uk',
	location: 'Inverness, Scottish Highlands',
	/** The trading address, as invoices and the terms give it (demo data: see the README). */
	address: ['Unit 4, Loch Ness Business Park', 'Inverness', 'IV2 3XY'],
	locality: 'Inverness',
	region: 'Highland',
	postcode: 'IV2 3XY',
	country: 'GB',
	hours: 'Monday-Saturday 9:00 AM to 5:00 PM',
	hoursShort: 'Mon-Sat, 9AM-5PM',
	replyTime: 'within 24 hours',
	social: {
		label: BRAND.social.label,
		url: 'https://www.facebook.com/highlandkoiponds',
		reviewsUrl: 'https://www.facebook.com/highlandkoiponds/reviews',
	},
	designer: BRAND.designer,
} as const

/** The details in force until the owner saves /admin/settings (issue 32 item 7). */
export const DEMO_BUSINESS_DETAILS: BusinessDetails = {
	tradingName: BUSINESS.name,
	legalName: BUSINESS.name,
	address: [...BUSINESS.address],
	phone: BUSINESS.phone,
	email: BUSINESS.email,
	hours: BUSINESS.hours,
	hoursShort: BUSINESS.hoursShort,
	vatNumber: '',
	companyNumber: '',
	facebookUrl: BUSINESS.social.url,
}

/** The phone number as a tel: link (+44 for a UK number starting 0). */
export function phoneHref(phone: string) {
	const digits = phone.replace(/[^\d+]/g, '')
	return `tel:${digits.startsWith('0') ? `+44${digits.slice(1)}` : digits}`
}

/** The trader's geographical address, as the cancellation rules require it. */
export const traderAddress = (business: Pick<BusinessDetails, 'address'>) =>
	`${business.address.join(', ')}, United Kingdom`
