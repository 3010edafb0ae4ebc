import { describe, expect, it } from 'vitest'
import { padCards } from './mini-hero'

describe('padCards', () => {
	it('pads to exactly three cards', () => {
		expect(padCards([{ title: 'A', body: 'a' }])).toEqual([{ title: 'A', body: 'a' }, null, null])
	})
	it('drops cards beyond three', () => {
		const cards = ['A', 'B', 'C', 'D'].map((t) => ({ title: t, body: t }))
		expect(padCards(cards).map((c) => c?.title)).toEqual(['A', 'B', 'C'])
	})
})
