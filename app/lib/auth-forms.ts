import { z } from 'zod'
import { isEmailAddress } from './email-address'
import { safeText } from './text-safety'

/** Spec section 5 and 8: the exact messages of the account forms. */
export const AUTH_MESSAGES = {
	signInRequired: 'Please enter both email and password',
	registerRequired: 'Please fill in all fields',
	passwordsDiffer: 'Passwords do not match',
	resetRequired: 'Please enter your email address',
	invalidEmail: 'Please enter a valid email address.',
	invalidCredential: 'Invalid email or password. Please try again.',
	tooManyAttempts: 'Too many failed login attempts. Please try again later.',
	// Not in the spec: the same wording for the limits added after the security review (issue 17).
	tooManyRegistrations: 'Too many registration attempts. Please try again later.',
	tooManyResetRequests: 'Too many password reset requests. Please try again later.',
	currentPasswordWrong: 'Your current password is not correct. Please try again.',
	passwordChanged: 'Your password has been changed. Other devices have been signed out.',
	signInFailed: 'Failed to sign in. Please try again.',
	emailInUse: 'An account with this email already exists.',
	weakPassword: 'Password is too weak. Please use a stronger password.',
	registerFailed: 'Failed to create account. Please try again.',
	resetFailed: 'Failed to send password reset email. Please try again.',
	resetSent: 'Password reset email sent. Please check your inbox (and spam folder).',
	resetLinkInvalid:
		'This password reset link has expired or has already been used. Please request a new one.',
} as const

export const AUTH_MODES = ['signin', 'register', 'reset'] as const
export type AuthMode = (typeof AUTH_MODES)[number]

export function parseMode(value: string | null | undefined): AuthMode {
	return (AUTH_MODES as readonly string[]).includes(value ?? '') ? (value as AuthMode) : 'signin'
}

// A field left out of the post reads as empty, so it gets the spec's message, not a type error.
const field = (max: number) => safeText().trim().max(max).default('')
const email = safeText().trim().max(254).default('')
const password = safeText().max(1024).default('')

export const SignInSchema = z
	.object({ email, password })
	.refine((v) => v.email !== '' && v.password !== '', { message: AUTH_MESSAGES.signInRequired })

export const RegisterSchema = z
	.object({
		firstName: field(100),
		lastName: field(100),
		email,
		password,
		confirmPassword: password,
	})
	.refine((v) => Object.values(v).every((x) => x !== ''), {
		message: AUTH_MESSAGES.registerRequired,
	})
	.refine((v) => v.password === v.confirmPassword, { message: AUTH_MESSAGES.passwordsDiffer })
	.refine((v) => isEmailAddress(v.email), { message: AUTH_MESSAGES.invalidEmail })

export const ResetRequestSchema = z
	.object({ email })
	.refine((v) => v.email !== '', { message: AUTH_MESSAGES.resetRequired })
	.refine((v) => isEmailAddress(v.email), { message: AUTH_MESSAGES.invalidEmail })

export const NewPasswordSchema = z
	.object({
		token: safeText().min(1).max(500),
		password,
		confirmPassword: password,
	})
	.refine((v) => v.password !== '' && v.confirmPassword !== '', {
		message: 'Please enter and confirm your new password',
	})
	.refine((v) => v.password === v.confirmPassword, { message: AUTH_MESSAGES.passwordsDiffer })

export const ChangePasswordSchema = z
	.object({ currentPassword: password, password, confirmPassword: password })
	.refine((v) => v.currentPassword !== '' && v.password !== '' && v.confirmPassword !== '', {
		message: 'Please enter your current password and a new password',
	})
	.refine((v) => v.password === v.confirmPassword, { message: AUTH_MESSAGES.passwordsDiffer })

/** What the sign-in / register / reset form's action answers (app/routes/auth-form.server.ts). */
export type AuthFormResult = {
	mode: AuthMode
	error?: string
	success?: string
	/** What the visitor typed, minus passwords, so a failed submit loses nothing. */
	values?: { email?: string; firstName?: string; lastName?: string }
}
