// The character checks behind safeText, without zod: the stored cart is checked with them on
// every page, and zod is not worth loading for it.

// Unicode category Cc: C0 controls (NUL, tab, newline…), DEL and C1 controls.
const CONTROL = /\p{Cc}/u
// The same, minus tab, newline and carriage return, for multi-line fields such as order notes.
const CONTROL_EXCEPT_LINES = /(?![\t\n\r])\p{Cc}/u

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
