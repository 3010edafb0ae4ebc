import { isPersonalPage } from '~/lib/personal-pages'

export type NavItem = {
	to: string
	label: string
	end?: boolean
	/** Shown only for this session state, by CSS on `html[data-session]` (app/lib/session-hint.ts). */
	session?: 'signed-in' | 'signed-out' | 'admin'
}

/** The spec's navigation order; Cart is added by the header. */
export const MAIN_NAV: readonly NavItem[] = [
	{ to: '/', label: 'Home', end: true },
	{ to: '/about', label: 'About' },
	{ to: '/services', label: 'Services' },
	{ to: '/portfolio', label: 'Portfolio' },
	{ to: '/pond-products', label: 'Products' },
	{ to: '/contact', label: 'Contact' },
	// All three are in every page's HTML (the public pages are the same for everyone); the session
	// hint decides before the first paint which of them is displayed.
	{ to: '/auth', label: 'Login', session: 'signed-out' },
	{ to: '/auth', label: 'Account', session: 'signed-in' },
	{ to: '/admin', label: 'Admin', session: 'admin' },
]

/**
 * Login from a page of the shop comes back to it (issue 62): `/auth` with the page as `redirectTo`,
 * which sign-in follows only when it is a path on this site (safeRedirectPath, as for checkout and
 * staff links). Plain `/auth` from the home page and from personal pages, whose address may carry
 * a private key or token (an order link's key, a pay link): it is never copied into another link.
 */
export function loginHref(pathname: string, search = '') {
	if (pathname === '/' || isPersonalPage(pathname)) return '/auth'
	return `/auth?redirectTo=${encodeURIComponent(pathname + search)}`
}
