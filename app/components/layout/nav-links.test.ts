import { describe, expect, it } from 'vitest'
import { loginHref } from './nav-links'

describe('the header Login link', () => {
	it('comes back to the page it was followed from, query included', () => {
		expect(loginHref('/pond-products/pumps/145')).toBe(
			'/auth?redirectTo=%2Fpond-products%2Fpumps%2F145',
		)
		expect(loginHref('/pond-products', '?sort=price')).toBe(
			'/auth?redirectTo=%2Fpond-products%3Fsort%3Dprice',
		)
	})

	it('is plain /auth from the home page, the sign-in pages and personal pages', () => {
		expect(loginHref('/')).toBe('/auth')
		expect(loginHref('/auth', '?mode=register')).toBe('/auth')
		expect(loginHref('/auth/reset-password')).toBe('/auth')
		// An order link's key and a pay link's token are never copied into another link.
		expect(loginHref('/account/orders/KP-ABCDEF', '?key=secret')).toBe('/auth')
		expect(loginHref('/pay/token')).toBe('/auth')
	})
})
