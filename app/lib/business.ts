/** The business's public details, shown in the footer, contact page, emails and structured data. */
export const BUSINESS = {
	name: 'Highland Koi & Ponds',
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
		label: 'Facebook',
		url: 'https://www.facebook.com/highlandkoiponds',
		reviewsUrl: 'https://www.facebook.com/highlandkoiponds/reviews',
	},
	designer: { name: 'Loch Ness Digital', url: 'https://www.lochnessdigital.co.uk' },
} as const

/** The trader's geographic address, as distance-selling law asks it to be given. */
export const TRADER_ADDRESS = `${BUSINESS.address.join(', ')}, United Kingdom`
