import { describe, expect, it } from 'vitest'
import {
	CategoryFormSchema,
	categoryLabel,
	categoryName,
	isSlug,
	slugFromName,
	slugProblem,
} from './categories'
import { parseForm } from './forms'

describe('category names', () => {
	it('formats a slug with spaces and capitals when the shop has no name for it', () => {
		expect(categoryLabel('air_pumps')).toBe('Air Pumps')
		expect(categoryLabel('koi-food')).toBe('Koi Food')
		expect(categoryLabel('a__b')).toBe('A B')
	})
	it('prefers the owner’s name', () => {
		const shop = [{ slug: 'pumps', name: 'Water Pumps' }]
		expect(categoryName(shop, 'pumps')).toBe('Water Pumps')
		expect(categoryName(shop, 'air_pumps')).toBe('Air Pumps')
	})
})

describe('category slugs', () => {
	it('accepts lower-case words joined by _ or -', () => {
		for (const slug of ['filters', 'air_pumps', 'koi-food', 'uv2', 'a'])
			expect(isSlug(slug)).toBe(true)
	})
	it('refuses anything else, in the owner’s words', () => {
		expect(slugProblem('')).toBe('Enter an address, such as koi_food')
		expect(slugProblem('Koi Food')).toMatch(/lower-case letters/)
		expect(slugProblem('koi__food')).toMatch(/lower-case letters/)
		expect(slugProblem('_koi')).toMatch(/lower-case letters/)
		expect(slugProblem('koi/food')).toMatch(/lower-case letters/)
		expect(slugProblem('x'.repeat(41))).toBe('Keep the address to 40 characters or fewer')
		expect(slugProblem('all')).toMatch(/kept for all products/)
	})
	it('suggests one from a name', () => {
		expect(slugFromName('Koi Food')).toBe('koi_food')
		expect(slugFromName('  Showers & Skimmers! ')).toBe('showers_skimmers')
		expect(slugFromName('Crème Brûlée')).toBe('creme_brulee')
		expect(slugFromName('!!!')).toBe('')
	})
})

describe('the category form', () => {
	it('makes the slug from the name when it is left empty', () => {
		const parsed = parseForm(CategoryFormSchema, { name: 'Koi Food', slug: '' })
		expect(parsed.ok && parsed.data.slug).toBe('koi_food')
	})
	it('names the field that is wrong', () => {
		const parsed = parseForm(CategoryFormSchema, { name: '', slug: 'Bad Slug' })
		expect(parsed.ok).toBe(false)
		if (!parsed.ok) expect(parsed.fieldErrors.name).toBe('Enter a name')
		const slug = parseForm(CategoryFormSchema, { name: 'Koi', slug: 'Bad Slug' })
		expect(!slug.ok && slug.fieldErrors.slug).toMatch(/lower-case letters/)
	})
})
