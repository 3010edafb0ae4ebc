import { isHttpsSite } from '~/.server/env'
import { hintFor, readSessionHint, SESSION_HINT_COOKIE, type SessionHint } from '~/lib/session-hint'
import { SESSION_ABSOLUTE_HOURS } from './auth'

/**
 * Set-Cookie for the session hint (app/lib/session-hint.ts). Readable by JavaScript on purpose:
 * it holds no secret and no identity, only which links the header shows.
 */
export function sessionHintCookie(hint: SessionHint, siteUrl: string) {
	const attributes = `Path=/; SameSite=Lax${isHttpsSite(siteUrl) ? '; Secure' : ''}`
	return hint
		? `${SESSION_HINT_COOKIE}=${hint}; Max-Age=${SESSION_ABSOLUTE_HOURS * 60 * 60}; ${attributes}`
		: `${SESSION_HINT_COOKIE}=; Max-Age=0; ${attributes}`
}

/**
 * After a request whose routes looked the session up: the Set-Cookie that brings the browser's
 * hint in line with what the server found (an idle timeout, a role change, a deleted account),
 * or undefined when it already is, or when the response sets the hint itself (sign-in, sign-out).
 */
export function hintCorrection(options: {
	requestCookie: string | undefined
	found: { isAdmin: boolean } | null
	responseCookies: string[]
	siteUrl: string
}) {
	const { requestCookie, found, responseCookies, siteUrl } = options
	if (responseCookies.some((c) => c.startsWith(`${SESSION_HINT_COOKIE}=`))) return undefined
	const hint = hintFor(found)
	if (readSessionHint(requestCookie) === hint) return undefined
	// A visitor who was never signed in has no hint to clear: send nothing.
	if (!hint && !requestCookie?.includes(`${SESSION_HINT_COOKIE}=`)) return undefined
	return sessionHintCookie(hint, siteUrl)
}
