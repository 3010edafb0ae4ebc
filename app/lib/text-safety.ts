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
	keepFormatCharacters = false,
}: {
	allowLineBreaks?: boolean
	message?: string
	/** Passwords only: they are compared, never shown, and must stay exactly as typed. */
	keepFormatCharacters?: boolean
} = {}) {
	const text = z
		.string()
		.refine(isWellFormed, { message: MALFORMED_TEXT_MESSAGE, abort: true })
		.refine((v) => !hasControlCharacters(v, { allowLineBreaks }), message)
	return keepFormatCharacters ? text : text.overwrite(withoutFormatCharacters)
}

/**
 * Unicode format characters (category Cf: the right-to-left override U+202E that shows
 * 'gpj.exe' as 'exe.jpg', zero-width spaces and joiners, soft hyphens, the BOM) removed from
 * every field (issue 57 item 9): invisible, they let a name or note read differently to staff
 * than what it holds, or hide a word from a search. The joiner inside an emoji sequence
 * (👨‍👩‍👧) is kept.
 */
export function withoutFormatCharacters(value: string) {
	return value.replace(/\p{Cf}/gu, (c, at: number, whole: string) =>
		c === '\u200D' && /\p{Extended_Pictographic}\uFE0F?$/u.test(whole.slice(0, at)) ? c : '',
	)
}
