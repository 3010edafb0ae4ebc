import { describe, expect, it } from 'vitest'
import { pageItems, parsePageParam, parseSearchParam, responsivePageItems } from './pagination'

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

describe('responsivePageItems', () => {
	const both = (current: number, count: number) =>
		responsivePageItems(current, count)
			.map((i) => `${i.type === 'page' ? i.page : '…'}${i.only ? `(${i.only})` : ''}`)
			.join(' ')
	it('marks what only wide screens (±2) or only narrow ones (±1) show, in order', () => {
		expect(both(5, 10)).toBe('1 … 3(wide) 4 5 6 7(wide) … 10')
		// A gap that the narrow window opens gets its own ellipsis there.
		expect(both(4, 10)).toBe('1 …(narrow) 2(wide) 3 4 5 6(wide) … 10')
		expect(both(7, 10)).toBe('1 … 5(wide) 6 7 8 9(wide) …(narrow) 10')
		// First and last pages always stay.
		expect(both(1, 4)).toBe('1 2 3(wide) …(narrow) 4')
		expect(both(2, 4)).toBe('1 2 3 4')
	})
	it('shows on each screen exactly its own window', () => {
		for (const [current, count] of [
			[1, 1],
			[3, 20],
			[10, 20],
			[19, 20],
		] as const) {
			const shown = (hidden: 'narrow' | 'wide') =>
				responsivePageItems(current, count)
					.filter((i) => i.only !== hidden)
					.map(({ only: _only, ...item }) => item)
			expect(shown('narrow'), `wide ${current}/${count}`).toEqual(pageItems(current, count))
			expect(shown('wide'), `narrow ${current}/${count}`).toEqual(pageItems(current, count, 1))
		}
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
