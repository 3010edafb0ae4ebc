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

/** The field each of the account service's refusals is about, for the error summary's link. */
export const MESSAGE_FIELDS: Partial<Record<string, string>> = {
	[AUTH_MESSAGES.emailInUse]: 'email',
	[AUTH_MESSAGES.invalidEmail]: 'email',
	[AUTH_MESSAGES.weakPassword]: 'password',
	[AUTH_MESSAGES.currentPasswordWrong]: 'currentPassword',
}

export const AUTH_MODES = ['signin', 'register', 'reset'] as const
export type AuthMode = (typeof AUTH_MODES)[number]

export function parseMode(value: string | null | undefined): AuthMode {
	return (AUTH_MODES as readonly string[]).includes(value ?? '') ? (value as AuthMode) : 'signin'
}

// A field left out of the post reads as empty, so it gets the spec's message, not a type error.
const field = (max: number) => safeText().trim().max(max).default('')
const email = safeText().trim().max(254).default('')
const password = safeText({ keepFormatCharacters: true }).max(1024).default('')

/** The first empty one of these fields, for the message that asks for all of them. */
const firstEmpty = <K extends string>(values: Record<K, string>, fields: readonly K[]) =>
	fields.find((f) => values[f] === '')

/**
 * One message per submit, as the spec shows them, in the order the checks are listed; each names
 * the field it is about so the error summary can link to it and show it beside that field.
 */
function firstProblem<T>(checks: (v: T) => Array<[field: string | undefined, message: string]>) {
	return (v: T, ctx: z.RefinementCtx) => {
		const problem = checks(v).find(([field]) => field !== undefined)
		if (problem) ctx.addIssue({ code: 'custom', message: problem[1], path: [problem[0] as string] })
	}
}
const when = (bad: boolean, field: string) => (bad ? field : undefined)

export const SignInSchema = z
	.object({ email, password })
	.superRefine(
		firstProblem((v) => [[firstEmpty(v, ['email', 'password']), AUTH_MESSAGES.signInRequired]]),
	)

const REGISTER_FIELDS = ['firstName', 'lastName', 'email', 'password', 'confirmPassword'] as const
export const RegisterSchema = z
	.object({
		firstName: field(100),
		lastName: field(100),
		email,
		password,
		confirmPassword: password,
	})
	.superRefine(
		firstProblem((v) => [
			[firstEmpty(v, REGISTER_FIELDS), AUTH_MESSAGES.registerRequired],
			[when(v.password !== v.confirmPassword, 'confirmPassword'), AUTH_MESSAGES.passwordsDiffer],
			[when(!isEmailAddress(v.email), 'email'), AUTH_MESSAGES.invalidEmail],
		]),
	)

export const ResetRequestSchema = z.object({ email }).superRefine(
	firstProblem((v) => [
		[when(v.email === '', 'email'), AUTH_MESSAGES.resetRequired],
		[when(!isEmailAddress(v.email), 'email'), AUTH_MESSAGES.invalidEmail],
	]),
)

export const NewPasswordSchema = z
	.object({
		token: safeText().min(1).max(500),
		password,
		confirmPassword: password,
	})
	.superRefine(
		firstProblem((v) => [
			[
				firstEmpty(v, ['password', 'confirmPassword']),
				'Please enter and confirm your new password',
			],
			[when(v.password !== v.confirmPassword, 'confirmPassword'), AUTH_MESSAGES.passwordsDiffer],
		]),
	)

export const ChangePasswordSchema = z
	.object({ currentPassword: password, password, confirmPassword: password })
	.superRefine(
		firstProblem((v) => [
			[
				firstEmpty(v, ['currentPassword', 'password', 'confirmPassword']),
				'Please enter your current password and a new password',
			],
			[when(v.password !== v.confirmPassword, 'confirmPassword'), AUTH_MESSAGES.passwordsDiffer],
		]),
	)

export const DeleteAccountSchema = z
	.object({ currentPassword: password, confirm: safeText().max(10).default('') })
	.superRefine(
		firstProblem((v) => [
			[when(v.currentPassword === '', 'currentPassword'), 'Please enter your current password'],
			[
				when(v.confirm !== 'yes', 'confirm'),
				'Please confirm that you understand your account will be deleted',
			],
		]),
	)

/** What the sign-in / register / reset form's action answers (app/routes/auth-form.server.ts). */
export type AuthFormResult = {
	mode: AuthMode
	error?: string
	/** The field the error is about, when it is about one (the summary links to it). */
	field?: string
	success?: string
	/** What the visitor typed, minus passwords, so a failed submit loses nothing. */
	values?: { email?: string; firstName?: string; lastName?: string }
}
