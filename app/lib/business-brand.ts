/**
 * The few business facts every page's header and footer need before any data arrives: kept apart
 * from the demo contact details (app/lib/business.ts) so the home page's scripts carry only these
 * (the page-weight budget). What the owner sets in /admin/settings comes with the root loader.
 */
export const BRAND = {
	name: 'Highland Koi & Ponds',
	social: { label: 'Facebook' },
	designer: { name: 'Loch Ness Digital', url: 'https://www.lochnessdigital.co.uk' },
} as const
