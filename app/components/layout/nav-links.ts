export type NavItem = { to: string; label: string; end?: boolean }

/** The spec's navigation order; Cart, Login/Account and Admin are added by the header. */
export const MAIN_NAV: readonly NavItem[] = [
	{ to: '/', label: 'Home', end: true },
	{ to: '/about', label: 'About' },
	{ to: '/services', label: 'Services' },
	{ to: '/portfolio', label: 'Portfolio' },
	{ to: '/pond-products', label: 'Products' },
	{ to: '/contact', label: 'Contact' },
]
