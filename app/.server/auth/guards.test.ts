import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { hasControlCharacters } from '~/lib/text-safety'
import { safeRedirectPath } from './guards'

const SITE = 'https://shop.example.co.uk'

/** What a browser would do with the Location header: it must land on our own origin. */
function landsOnSite(location: string) {
	const cleaned = location.replace(/[\t\n\r]/g, '')
	return new URL(cleaned, SITE).origin === SITE
}

// Pieces that make up known open-redirect tricks, mixed with arbitrary text.
const piece = fc.oneof(
	fc.constantFrom(
		'/',
		'//',
		'\\',
		'\t',
		'\n',
		'\r',
		'\u0000',
		'\u0085',
		'.',
		'..',
		':',
		'@',
		'?',
		'#',
		'%2F',
		'%5C',
		'%09',
		'evil.example',
		'http:',
		'https://evil.example',
		'javascript:',
	),
	fc.string({ unit: 'binary', maxLength: 6 }),
)
const target = fc.array(piece, { maxLength: 8 }).map((parts) => parts.join(''))

describe('safeRedirectPath', () => {
	it('always returns a same-origin path without control characters or backslashes', () => {
		fc.assert(
			fc.property(target, (input) => {
				const result = safeRedirectPath(input, SITE, '/fallback')
				expect(result.startsWith('/')).toBe(true)
				expect(result.startsWith('//')).toBe(false)
				expect(hasControlCharacters(result) || result.includes('\\')).toBe(false)
				expect(landsOnSite(result)).toBe(true)
			}),
			{ numRuns: 5000 },
		)
	})

	it('refuses the tricks a browser would follow off-site', () => {
		for (const bad of [
			'/\t/evil.example',
			'/\n/evil.example',
			'//evil.example',
			'/\\evil.example',
			'/.//evil.example',
			'https://evil.example/',
			'evil.example',
		]) {
			expect(safeRedirectPath(bad, SITE, '/checkout')).toBe('/checkout')
		}
	})

	it('keeps path and query of an on-site target, without the fragment', () => {
		expect(safeRedirectPath('/checkout?step=2#top', SITE)).toBe('/checkout?step=2')
		expect(safeRedirectPath('/pond-products/pumps/../filters', SITE)).toBe('/pond-products/filters')
	})
})
