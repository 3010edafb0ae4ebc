import { describe, expect, it } from 'vitest'
import { categoryLabel, isCategory } from './categories'

describe('categories', () => {
	it('formats names with spaces and capitals', () => {
		expect(categoryLabel('air_pumps')).toBe('Air Pumps')
		expect(categoryLabel('filters')).toBe('Filters')
		expect(categoryLabel('a__b')).toBe('A B')
	})
	it('recognises only the five real categories', () => {
		expect(isCategory('pumps')).toBe(true)
		expect(isCategory('all')).toBe(false)
		expect(isCategory('PUMPS')).toBe(false)
	})
})
