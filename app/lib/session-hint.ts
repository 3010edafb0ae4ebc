/**
 * The session hint: a small cookie JavaScript can read, saying only which header to show
 * (Account and perhaps Admin, or Login). It is never trusted for anything: every page and action
 * that needs the user looks the session up on the server. It lets the public pages be the same
 * for everyone, so they come from the page cache (docs/decisions/0014-public-pages-for-everyone.md).
 */
export const SESSION_HINT_COOKIE = 'koi_session_hint'

export type SessionHint = 'customer' | 'admin' | ''

export function hintFor(user: { isAdmin: boolean } | null | undefined): SessionHint {
	if (!user) return ''
	return user.isAdmin ? 'admin' : 'customer'
}

const HINT_PATTERN = new RegExp(`(?:^|;\\s*)${SESSION_HINT_COOKIE}=(customer|admin)(?:;|$)`)

/** The hint in a Cookie header (or document.cookie); anything unexpected reads as signed out. */
export function readSessionHint(cookieHeader: string | null | undefined): SessionHint {
	const match = HINT_PATTERN.exec(cookieHeader ?? '')
	return (match?.[1] as SessionHint | undefined) ?? ''
}

/**
 * Runs in <head> before the body is parsed, so the first paint already shows the right links
 * (CSS keys off `html[data-session]`): no flash of 'Login', no layout shift.
 */
export const SESSION_HINT_SCRIPT = `(function(){var m=/${HINT_PATTERN.source}/.exec(document.cookie);if(m)document.documentElement.dataset.session=m[1]})()`
