import { safeText } from './text-safety'

/**
 * The one rule for an email address, used by every form, API payload and command. Stricter than
 * RFC 5322 on purpose: one plain mailbox (no display name, no list, no quotes, no comments), a
 * dot-atom local part without the characters that mean something in a URL or a mail header
 * (`?`, `&`, `=`, `%`, `/`), and a host name of letters, digits and hyphens with a top-level
 * domain of two or more letters. So `Boss<victim@…>`, `a,b@…` and `x@y?body=…` are refused
 * before they can become a recipient, a Reply-To header or a `mailto:` link.
 */
const ATOM = "[A-Za-z0-9!#$'*+^_`{|}~-]+"
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?'
const EMAIL_ADDRESS = new RegExp(`^${ATOM}(?:\\.${ATOM})*@(?:${LABEL}\\.)+[A-Za-z]{2,63}$`)

export const EMAIL_MAX = 254

export function isEmailAddress(value: string) {
	const at = value.lastIndexOf('@')
	return value.length <= EMAIL_MAX && at > 0 && at <= 64 && EMAIL_ADDRESS.test(value)
}

/** A trimmed email field: `message` for anything that is not one plain address ('' allowed when optional). */
export function emailAddress(message: string, { optional = false } = {}) {
	return safeText()
		.trim()
		.max(EMAIL_MAX, message)
		.refine((v) => (optional && v === '') || isEmailAddress(v), message)
}

/**
 * A `mailto:` link to one address (with an optional subject), or undefined when the value is
 * not an address: data stored before this rule, or anything else, can never add recipients,
 * a body or headers to the link.
 */
export function mailtoHref(address: string, subject?: string) {
	if (!isEmailAddress(address)) return undefined
	const at = address.lastIndexOf('@')
	const href = `mailto:${encodeURIComponent(address.slice(0, at))}@${address.slice(at + 1)}`
	return subject ? `${href}?subject=${encodeURIComponent(subject)}` : href
}
