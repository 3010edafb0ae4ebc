/**
 * What one counted page view stores, column by column, in the words the privacy policy uses.
 * The policy lists exactly these, and a test compares them with the table's columns.
 */
export const STORED_PER_VIEW = [
	{ column: 'at', text: 'the date and time of the visit' },
	{
		column: 'route',
		text: 'which page was visited, as the kind of page (for example "a product page")',
	},
	{
		column: 'item_id',
		text: 'the number or name of the product, category or project that page shows',
	},
	{
		column: 'referrer_host',
		text: 'the name of the website that linked to ours, if any (for example "google.co.uk"), never the address of the page on it',
	},
	{ column: 'utm_source', text: 'the advert or newsletter tag "utm_source" in the link, if any' },
	{ column: 'utm_medium', text: 'the tag "utm_medium", if any' },
	{ column: 'utm_campaign', text: 'the tag "utm_campaign", if any' },
	{
		column: 'device',
		text: 'the kind of device: desktop, mobile or tablet (worked out from the browser, whose details are not kept)',
	},
	{
		column: 'visitor_key',
		text: 'a visitor key: a one-way code made from a secret that changes every day, our site name, your internet address and browser, so that several pages seen the same day count as one visitor; the secret is deleted at the end of each day, after which nobody, including us, can tell whose key it was',
	},
] as const
