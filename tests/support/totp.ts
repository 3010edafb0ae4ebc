import crypto from 'node:crypto'

/**
 * RFC 6238 (SHA-1, 6 digits, 30-second steps) written out for the tests and the bench, from the
 * key as the set-up page shows it (base32, in groups of four): independent of the app's code,
 * as an authenticator app on a phone is.
 */
export const TOTP_STEP_MS = 30_000

export function totp(base32Key: string, at = Date.now()) {
	const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
	const bits = [...base32Key.replace(/\s+/g, '').toUpperCase()]
		.map((ch) => alphabet.indexOf(ch).toString(2).padStart(5, '0'))
		.join('')
	const key = Buffer.from(bits.match(/.{8}/g)!.map((b) => Number.parseInt(b, 2)))
	const counter = Buffer.alloc(8)
	counter.writeBigUInt64BE(BigInt(Math.floor(at / TOTP_STEP_MS)))
	const mac = crypto.createHmac('sha1', key).update(counter).digest()
	const offset = mac[mac.length - 1]! & 15
	return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0')
}

/** The key in the set-up page's HTML. */
export const totpKeyOf = (html: string) =>
	/data-testid="totp-secret"[^>]*>([^<]+)</.exec(html)?.[1] ?? ''
