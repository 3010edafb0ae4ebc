import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { parseForm } from '~/lib/forms'
import {
	AUTH_MESSAGES,
	parseMode,
	RegisterSchema,
	ResetRequestSchema,
	SignInSchema,
} from './auth-forms'

/** The one message the form shows, as the action and the browser both read it. */
const message = (schema: z.ZodType, value: Record<string, string>) => {
	const result = parseForm(schema, value)
	return result.ok ? null : result.formError
}

describe('account form validation', () => {
	it("answers a post that leaves fields out with the spec's message, not a type error", () => {
		expect(message(SignInSchema, {})).toBe(AUTH_MESSAGES.signInRequired)
		expect(message(RegisterSchema, { firstName: 'Morag' })).toBe(AUTH_MESSAGES.registerRequired)
		expect(message(ResetRequestSchema, {})).toBe(AUTH_MESSAGES.resetRequired)
	})

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

describe('account form errors name their field', () => {
	const fields = (schema: z.ZodType, value: Record<string, string>) => {
		const result = parseForm(schema, value)
		return result.ok ? null : result.fieldErrors
	}
	it('one message per submit, on the field it is about', () => {
		const ok = {
			firstName: 'Ann',
			lastName: 'Lee',
			email: 'ann@example.co.uk',
			password: 'longenough',
			confirmPassword: 'longenough',
		}
		expect(fields(RegisterSchema, { ...ok, confirmPassword: 'different' })).toEqual({
			confirmPassword: AUTH_MESSAGES.passwordsDiffer,
		})
		expect(fields(RegisterSchema, { firstName: 'Morag' })).toEqual({
			lastName: AUTH_MESSAGES.registerRequired,
		})
		expect(fields(RegisterSchema, { ...ok, email: 'nope' })).toEqual({
			email: AUTH_MESSAGES.invalidEmail,
		})
		expect(fields(SignInSchema, { email: 'a@b.co' })).toEqual({
			password: AUTH_MESSAGES.signInRequired,
		})
		expect(fields(ResetRequestSchema, {})).toEqual({ email: AUTH_MESSAGES.resetRequired })
	})
})
