import { describe, expect, it } from 'vitest'
import { nextQuantity } from './product-purchase'

describe('nextQuantity', () => {
	it('accepts whole numbers of 1 or more', () => {
		expect(nextQuantity(1, '3')).toBe(3)
		expect(nextQuantity(5, '12')).toBe(12)
	})
	it('ignores anything else', () => {
		for (const typed of ['0', '-1', '1.5', 'abc', '', '1e2', '1000'])
			expect(nextQuantity(4, typed), typed).toBe(4)
	})
})
