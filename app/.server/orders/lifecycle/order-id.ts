import crypto from 'node:crypto'

// No 0/O, 1/I/L: easy to read out over the phone.
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ'

/** 'KP-7F3K9Q': unguessable (31^6 ≈ 887 million), short enough to quote on the phone. */
export function newOrderId() {
	return readableId('KP')
}

/** A prefix and six characters from the phone-friendly alphabet (orders, enquiries). */
export function readableId(prefix: string) {
	let id = ''
	for (const byte of crypto.randomBytes(6)) id += ALPHABET[byte % ALPHABET.length]
	return `${prefix}-${id}`
}

export const ORDER_ID_PATTERN = /^KP-[2-9A-HJKMNP-Z]{6}$/
export const ENQUIRY_ID_PATTERN = /^EN-[2-9A-HJKMNP-Z]{6}$/
