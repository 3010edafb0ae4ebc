import { describe, expect, it } from 'vitest'
import { canonicalUrl, pageMeta } from './seo'

const args = {
	location: { pathname: '/pond-products/pumps', search: '?page=3&search=oase&utm_source=x' },
	matches: [{ id: 'root', data: { siteUrl: 'https://koi.example' } }],
}

describe('seo', () => {
	it('keeps only the query parameters that make a distinct page in the canonical', () => {
		expect(canonicalUrl('https://koi.example', '/a', '?page=2&utm=1', ['page'])).toBe(
			'https://koi.example/a?page=2',
		)
		expect(canonicalUrl('https://koi.example', '/a', '?utm=1')).toBe('https://koi.example/a')
	})

	it('produces title, description, canonical and en_GB social tags', () => {
		const meta = pageMeta(args, {
			title: 'Water Pumps',
			description: 'Pond pumps.',
			canonicalParams: ['page'],
		})
		expect(meta).toContainEqual({ title: 'Water Pumps | Highland Koi & Ponds' })
		expect(meta).toContainEqual({
			tagName: 'link',
			rel: 'canonical',
			href: 'https://koi.example/pond-products/pumps?page=3',
		})
		expect(meta).toContainEqual({ property: 'og:locale', content: 'en_GB' })
		expect(meta).toContainEqual({
			property: 'og:image',
			content: 'https://koi.example/images/generated/site/social-1200.jpg',
		})
	})
})
