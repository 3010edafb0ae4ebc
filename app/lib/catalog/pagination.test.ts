import { describe, expect, it } from 'vitest'
import { pageItems, parsePageParam, parseSearchParam } from './pagination'

const show = (current: number, count: number) =>
	pageItems(current, count)
		.map((i) => (i.type === 'page' ? String(i.page) : '…'))
		.join(' ')

describe('pageItems', () => {
	it('shows nothing for a single page', () => {
		expect(show(1, 1)).toBe('')
	})
	it('shows every page when they all fit', () => {
		expect(show(1, 3)).toBe('1 2 3')
		expect(show(3, 5)).toBe('1 2 3 4 5')
	})
	it('keeps the first and last pages with ellipses around a ±2 window', () => {
		expect(show(1, 10)).toBe('1 2 3 … 10')
		expect(show(5, 10)).toBe('1 … 3 4 5 6 7 … 10')
		expect(show(10, 10)).toBe('1 … 8 9 10')
	})
	it('uses no ellipsis for a gap of one page', () => {
		expect(show(4, 10)).toBe('1 2 3 4 5 6 … 10')
		expect(show(7, 10)).toBe('1 … 5 6 7 8 9 10')
	})
})

describe('query parameters', () => {
	it('reads malformed pages as page 1', () => {
		for (const value of [null, '', 'abc', '-2', '1.5', '9'.repeat(20), '2e3']) {
			expect(parsePageParam(value), String(value)).toBe(1)
		}
		expect(parsePageParam(' 3 ')).toBe(3)
		expect(parsePageParam('0')).toBe(1)
	})
	it('trims and bounds the search text', () => {
		expect(parseSearchParam('  oase ')).toBe('oase')
		expect(parseSearchParam('x'.repeat(10_000))).toHaveLength(200)
		expect(parseSearchParam(null)).toBe('')
	})
})
