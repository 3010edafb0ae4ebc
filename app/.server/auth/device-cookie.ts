import crypto from 'node:crypto'
import { isHttpsSite } from '~/.server/env'
import { emailHash } from './attempt-limiter'

/**
 * A browser that has signed in to an account before carries this cookie, so a stranger typing
 * wrong passwords for that email (which slows the email down) does not keep its owner waiting:
 * that browser's attempts are counted on a counter of its own instead. The value is a random id
 * and an HMAC binding it to the email, so it is worth nothing for another account and cannot be
 * made up without the auth secret. A stolen cookie only swaps one slow-down for another.
 */
export const DEVICE_COOKIE = 'koi_device'
const MAX_AGE_DAYS = 365

const mac = (secret: string, id: string, email: string) =>
	crypto
		.createHmac('sha256', secret)
		.update(`sign-in-device:${id}:${emailHash(email)}`)
		.digest('base64url')

/** The device id when the request carries a genuine device cookie for this email. */
export function trustedDeviceId(requestHeaders: Headers, email: string, secret: string) {
	const cookie = requestHeaders.get('cookie') ?? ''
	const value = new RegExp(
		`(?:^|;\\s*)${DEVICE_COOKIE}=([A-Za-z0-9_-]{22})\\.([A-Za-z0-9_-]{43})(?:;|$)`,
	).exec(cookie)
	if (!value) return undefined
	const [, id, given] = value
	const expected = Buffer.from(mac(secret, id!, email))
	const actual = Buffer.from(given!)
	return actual.length === expected.length && crypto.timingSafeEqual(actual, expected)
		? id
		: undefined
}

/** Set-Cookie after a successful sign-in: a fresh id for this email. */
export function deviceCookie(email: string, secret: string, siteUrl: string) {
	const id = crypto.randomBytes(16).toString('base64url')
	return `${DEVICE_COOKIE}=${id}.${mac(secret, id, email)}; Max-Age=${MAX_AGE_DAYS * 24 * 60 * 60}; Path=/; HttpOnly; SameSite=Lax${isHttpsSite(siteUrl) ? '; Secure' : ''}`
}
