import { describe, expect, it } from 'vitest'
import { RateWindow } from './rate-window'

describe('RateWindow', () => {
	it('allows the limit per key in a window, then refuses until the window has passed', () => {
		const limiter = new RateWindow(3, 1000)
		const t = 1_000_000
		expect([1, 2, 3, 4].map(() => limiter.take('a', t))).toEqual([true, true, true, false])
		expect(limiter.take('b', t)).toBe(true)
		expect(limiter.take('a', t + 999)).toBe(false)
		expect(limiter.take('a', t + 1000)).toBe(true)
	})

	it('forgets the oldest key rather than growing without bound', () => {
		const limiter = new RateWindow(1, 60_000, 2)
		expect(limiter.take('first', 0)).toBe(true)
		expect(limiter.take('first', 0)).toBe(false)
		limiter.take('second', 0)
		limiter.take('third', 0) // drops 'first'
		expect(limiter.take('first', 0)).toBe(true)
	})
})
