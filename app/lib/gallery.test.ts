import { describe, expect, it } from 'vitest'
import { FEATURED_PROJECTS, PORTFOLIO_PROJECTS } from '~/data/portfolio'
import { PROJECT_STORIES } from '~/data/portfolio-stories'
import { swipeDirection, wrapIndex } from './gallery'

describe('gallery maths', () => {
	it('wraps forwards and backwards', () => {
		expect(wrapIndex(43, 43)).toBe(0)
		expect(wrapIndex(-1, 43)).toBe(42)
		expect(wrapIndex(5, 43)).toBe(5)
		expect(wrapIndex(0, 0)).toBe(0)
	})
	it('reads swipes, ignoring taps and vertical scrolls', () => {
		expect(swipeDirection(-80, 10)).toBe(1)
		expect(swipeDirection(80, 10)).toBe(-1)
		expect(swipeDirection(20, 0)).toBe(0)
		expect(swipeDirection(60, 120)).toBe(0)
	})
})

describe('portfolio data', () => {
	it('has the spec projects with their photo counts and three featured ones', () => {
		expect(PORTFOLIO_PROJECTS.map((p) => [p.id, p.imageCount])).toEqual([
			['pond1', 30],
			['pond2', 15],
			['pond3', 43],
			['pond4', 13],
			['pond5', 5],
			['pond6', 4],
		])
		expect(FEATURED_PROJECTS.map((p) => p.name)).toEqual([
			'Raised Brick Pond',
			'Modern Koi Pond',
			'Raised Stone Koi Pond',
		])
		for (const project of PORTFOLIO_PROJECTS)
			expect(PROJECT_STORIES[project.id]?.process.length, project.id).toBeGreaterThan(1)
	})
})
