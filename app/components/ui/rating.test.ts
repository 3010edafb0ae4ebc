import { describe, expect, it } from 'vitest'
import { starsFor } from './rating'

describe('starsFor', () => {
	it('gives one full star per whole point', () => {
		expect(starsFor(5)).toEqual({ full: 5, half: false })
		expect(starsFor(3)).toEqual({ full: 3, half: false })
	})
	it('adds a half star for any fraction', () => {
		expect(starsFor(4.5)).toEqual({ full: 4, half: true })
		expect(starsFor(0.2)).toEqual({ full: 0, half: true })
	})
})
