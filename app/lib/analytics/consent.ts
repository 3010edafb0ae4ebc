/**
 * Whether a request may be counted: not when the browser sends Global Privacy Control
 * (`Sec-GPC: 1`) or Do Not Track (`DNT: 1`), nor when the visitor switched counting off on the
 * privacy page (a cookie holding only that choice, set at their request).
 */
export const OPT_OUT_COOKIE = 'visit-count'
export const OPT_OUT_VALUE = 'off'

const OPTED_OUT = new RegExp(`(?:^|;\\s*)${OPT_OUT_COOKIE}=${OPT_OUT_VALUE}(?:;|$)`)

type Headers = Record<string, string | string[] | undefined>

export function mayCount(headers: Headers) {
	if (headers['sec-gpc'] === '1' || headers.dnt === '1') return false
	const cookie = headers.cookie
	return !(typeof cookie === 'string' && OPTED_OUT.test(cookie))
}
