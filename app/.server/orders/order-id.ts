import crypto from 'node:crypto'

// No 0/O, 1/I/L: easy to read out over the phone.
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ'

/** 'KP-7F3K9Q': unguessable (31^6 ≈ 887 million), short enough to quote on the phone. */
export function newOrderId() {
	const bytes = crypto.randomBytes(6)
	let id = ''
	for (const byte of bytes) id += ALPHABET[byte % ALPHABET.length]
	return `KP-${id}`
}

export const ORDER_ID_PATTERN = /^KP-[2-9A-HJKMNP-Z]{6}$/
