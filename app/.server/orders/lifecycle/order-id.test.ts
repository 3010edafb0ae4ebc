import { describe, expect, it } from 'vitest'
import { LINK_TOKEN_PATTERN, newLinkToken } from '~/.server/payments/provider'
import { ENQUIRY_ID_PATTERN, newOrderId, ORDER_ID_PATTERN, readableId } from './order-id'

// Lookups refuse anything that is not shaped like an id before querying (issue 28, L1), so the
// patterns must accept every id the shop makes, and nothing with a NUL or an excluded letter.
describe('id shapes', () => {
	it('accepts every id the shop generates', () => {
		for (let i = 0; i < 2000; i++) {
			expect(newOrderId()).toMatch(ORDER_ID_PATTERN)
			expect(readableId('EN')).toMatch(ENQUIRY_ID_PATTERN)
			expect(newLinkToken()).toMatch(LINK_TOKEN_PATTERN)
		}
	})

	it('refuses look-alikes', () => {
		for (const id of [
			'KP-7F3K9',
			'KP-7F3K9Q0',
			'KP-7F3K9O',
			'kp-7f3k9q',
			'KP-7F3K9\0',
			'EN-7F3K9Q',
		])
			expect(ORDER_ID_PATTERN.test(id), id).toBe(false)
		expect(ENQUIRY_ID_PATTERN.test('KP-7F3K9Q')).toBe(false)
		for (const token of [
			'',
			'a'.repeat(21),
			'a'.repeat(23),
			`${'a'.repeat(21)}\0`,
			`${'a'.repeat(21)}=`,
		])
			expect(LINK_TOKEN_PATTERN.test(token), token).toBe(false)
	})
})
