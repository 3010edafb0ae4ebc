import { describe, expect, it } from 'vitest'
import { buttonAfterMove } from './list-moves'

describe('buttonAfterMove', () => {
	it('keeps the same button while it can still be pressed', () => {
		expect(buttonAfterMove('up', 1, 4)).toBe('up')
		expect(buttonAfterMove('down', 2, 4)).toBe('down')
	})

	it('turns to the other direction at an end, where the same button is disabled', () => {
		expect(buttonAfterMove('up', 0, 4)).toBe('down')
		expect(buttonAfterMove('down', 3, 4)).toBe('up')
		// 'Make main' and 'Move up' are both disabled on the main photo.
		expect(buttonAfterMove('main', 0, 3)).toBe('down')
	})
})
