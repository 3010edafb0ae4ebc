/**
 * The postcode a customer estimated delivery to in the cart, kept for this tab's session only, so
 * checkout starts with it instead of asking again. Only on their own device; storage that is
 * unavailable (private modes, blocked) just means typing it again.
 */
const KEY = 'estimate-postcode'

export function rememberEstimatePostcode(postcode: string) {
	try {
		sessionStorage.setItem(KEY, postcode.trim().toUpperCase())
	} catch {}
}

export function estimatePostcode() {
	try {
		return sessionStorage.getItem(KEY) ?? ''
	} catch {
		return ''
	}
}
