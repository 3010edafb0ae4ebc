import { z } from 'zod'
import { hasControlCharacters, isWellFormed } from './text-checks'

// Every schema imports this module. In the browser zod must not probe `new Function`: the CSP
// forbids eval, and Chromium reports the blocked probe as a violation (Lighthouse best practices).
// The server keeps zod's compiled object parsers.
if (typeof document !== 'undefined') z.config({ jitless: true })

export { hasControlCharacters, isWellFormed } from './text-checks'

export const CONTROL_CHARACTER_MESSAGE = 'Please remove special control characters from this field'
export const MALFORMED_TEXT_MESSAGE =
	'This field holds broken characters (half of an emoji or symbol). Please type it again'

/**
 * The base of every string field in every schema: control characters are refused with a clear
 * message instead of reaching the database (PostgreSQL refuses NUL with a 500) or the logs.
 */
export function safeText({
	allowLineBreaks = false,
	message = CONTROL_CHARACTER_MESSAGE,
}: {
	allowLineBreaks?: boolean
	message?: string
} = {}) {
	return z
		.string()
		.refine(isWellFormed, { message: MALFORMED_TEXT_MESSAGE, abort: true })
		.refine((v) => !hasControlCharacters(v, { allowLineBreaks }), message)
}
