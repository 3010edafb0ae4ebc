import { z } from 'zod'

// Every schema imports this module. In the browser zod must not probe `new Function`: the CSP
// forbids eval, and Chromium reports the blocked probe as a violation (Lighthouse best practices).
// The server keeps zod's compiled object parsers.
if (typeof document !== 'undefined') z.config({ jitless: true })

// Unicode category Cc: C0 controls (NUL, tab, newline…), DEL and C1 controls.
const CONTROL = /\p{Cc}/u
// The same, minus tab, newline and carriage return, for multi-line fields such as order notes.
const CONTROL_EXCEPT_LINES = /(?![\t\n\r])\p{Cc}/u

export const CONTROL_CHARACTER_MESSAGE = 'Please remove special control characters from this field'
export const MALFORMED_TEXT_MESSAGE =
	'This field holds broken characters (half of an emoji or symbol). Please type it again'

/**
 * A UTF-16 surrogate without its partner: JSON can carry one (`"\udc00"`), but it is no character
 * at all, PostgreSQL refuses it in JSONB (a 500) and UTF-8 cannot encode it.
 */
export function isWellFormed(value: string) {
	return !/\p{Surrogate}/u.test(value)
}

export function hasControlCharacters(value: string, { allowLineBreaks = false } = {}) {
	return (allowLineBreaks ? CONTROL_EXCEPT_LINES : CONTROL).test(value)
}

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
