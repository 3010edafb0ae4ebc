import { describe, expect, it } from 'vitest'
import {
	AUTH_MESSAGES,
	firstMessage,
	parseMode,
	RegisterSchema,
	ResetRequestSchema,
	SignInSchema,
} from './auth-forms'

const message = (
	schema: { safeParse(v: unknown): { success: boolean; error?: unknown } },
	value: unknown,
) => {
	const result = schema.safeParse(value)
	return result.success ? null : firstMessage(result.error as Parameters<typeof firstMessage>[0])
}

describe('account form validation', () => {
	it('sign in needs both fields', () => {
		expect(message(SignInSchema, { email: 'a@b.co', password: '' })).toBe(
			AUTH_MESSAGES.signInRequired,
		)
		expect(message(SignInSchema, { email: '', password: 'x' })).toBe(AUTH_MESSAGES.signInRequired)
		expect(message(SignInSchema, { email: 'a@b.co', password: 'x' })).toBeNull()
	})

	it('register needs every field, matching passwords, then a valid email', () => {
		const ok = {
			firstName: 'Ann',
			lastName: 'Lee',
			email: 'ann@example.co.uk',
			password: 'longenough',
			confirmPassword: 'longenough',
		}
		expect(message(RegisterSchema, ok)).toBeNull()
		expect(message(RegisterSchema, { ...ok, lastName: '  ' })).toBe(AUTH_MESSAGES.registerRequired)
		expect(message(RegisterSchema, { ...ok, confirmPassword: 'different' })).toBe(
			AUTH_MESSAGES.passwordsDiffer,
		)
		expect(message(RegisterSchema, { ...ok, email: 'not-an-email' })).toBe(
			AUTH_MESSAGES.invalidEmail,
		)
	})

	it('reset needs an email that looks like one', () => {
		expect(message(ResetRequestSchema, { email: '' })).toBe(AUTH_MESSAGES.resetRequired)
		expect(message(ResetRequestSchema, { email: 'nope@' })).toBe(AUTH_MESSAGES.invalidEmail)
	})

	it('falls back to sign-in for unknown modes', () => {
		expect(parseMode('register')).toBe('register')
		expect(parseMode('admin')).toBe('signin')
		expect(parseMode(null)).toBe('signin')
	})
})
