import { describe, expect, it } from 'vitest'
import { MESSAGES } from '~/.server/orders/actions/admin-actions'
import { ORDER_NOT_FOUND_MESSAGE } from '~/.server/orders/lifecycle/lifecycle'
import { UNAUTHENTICATED_MESSAGE } from '~/.server/orders/placement/place-order'
import { INVALID_DELIVERY_COST } from '~/lib/admin-order-schemas'
import { AUTH_MESSAGES } from '~/lib/auth-forms'
import { DELIVERY_MESSAGES } from '~/lib/delivery-schema'

/**
 * The spec's literal texts (SPEC.md sections 5 and 8), written out here by hand rather than read
 * from the code's constants: other tests assert with the constants, so this is what fails when a
 * constant drifts from the spec. Messages the shop deliberately does not show (an account
 * enumeration oracle: 'No account found …', 'Incorrect password …') are explained in the README.
 */
describe("the spec's texts", () => {
	it('validation rules (section 5)', () => {
		expect(AUTH_MESSAGES.signInRequired).toBe('Please enter both email and password')
		expect(AUTH_MESSAGES.registerRequired).toBe('Please fill in all fields')
		expect(AUTH_MESSAGES.passwordsDiffer).toBe('Passwords do not match')
		expect(AUTH_MESSAGES.resetRequired).toBe('Please enter your email address')
		expect(DELIVERY_MESSAGES).toMatchObject({
			firstName: 'First name is required',
			lastName: 'Last name is required',
			address1: 'Address is required',
			city: 'City is required',
			postcode: 'Postcode is required',
			phone: 'Phone number is required',
			email: 'Please enter a valid email address',
			phoneFormat: 'Please enter a valid phone number',
		})
		expect(INVALID_DELIVERY_COST).toBe('Please enter a valid delivery cost')
	})

	it('sign in, register and reset (section 8)', () => {
		expect(AUTH_MESSAGES).toMatchObject({
			invalidCredential: 'Invalid email or password. Please try again.',
			tooManyAttempts: 'Too many failed login attempts. Please try again later.',
			signInFailed: 'Failed to sign in. Please try again.',
			emailInUse: 'An account with this email already exists.',
			invalidEmail: 'Please enter a valid email address.',
			weakPassword: 'Password is too weak. Please use a stronger password.',
			registerFailed: 'Failed to create account. Please try again.',
			resetFailed: 'Failed to send password reset email. Please try again.',
			resetSent: 'Password reset email sent. Please check your inbox (and spam folder).',
		})
	})

	it('orders and the admin (section 8)', () => {
		expect(UNAUTHENTICATED_MESSAGE).toBe('User must be authenticated to place an order')
		expect(ORDER_NOT_FOUND_MESSAGE).toBe('Order not found')
		expect(MESSAGES).toMatchObject({
			costSet: 'Delivery cost set and payment link created successfully',
			costUpdated: 'Order updated and new payment link created successfully',
			linkFailed: 'Delivery cost updated but there was an error creating the payment link',
			cancelledWithLink: 'Order has been cancelled and payment link deactivated',
			cancelled: 'Order has been cancelled',
			cancelledLinkFailed: 'Order cancelled but failed to deactivate payment link',
		})
		expect(MESSAGES.linkIssue('Stripe is down')).toBe(
			'Payment link created but there was an issue: Stripe is down',
		)
		expect(MESSAGES.uncancelled('pending')).toBe('Order has been uncancelled and set to pending')
	})
})
