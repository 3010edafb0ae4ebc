import { eq } from 'drizzle-orm'
import type { Db } from '~/.server/db/client'
import { user, verification } from '~/.server/db/schema'
import { welcomeEmail } from '~/.server/email/account-emails'
import { enqueueEmail } from '~/.server/email/outbox'
import type { Env } from '~/.server/env'
import type { Logger } from '~/.server/logger'
import { AUTH_MESSAGES } from '~/lib/auth-forms'
import {
	claimSignInAttempt,
	clearLoginFailures,
	settleSignInAttempt,
	signInKeys,
	takeQuota,
} from './attempt-limiter'
import type { Auth } from './auth'
import { trustedDeviceId } from './device-cookie'
import { isAcceptablePassword, verifyCurrentPassword } from './passwords'
import { finishSignIn } from './second-step'
import { credentialOf, sessionCacheFor } from './session-cache'
import { sessionHintCookie } from './session-hint'

/** What the account functions need from a request (plain types: no router here). */
type Ctx = { auth: Auth; db: Db; logger: Logger; env: Env; clientIp: string | undefined }
export type AuthResult =
	| { ok: true; headers: Headers; userId: string; secondStep?: undefined }
	| { ok: true; headers: Headers; secondStep: true; userId?: undefined }
	| { ok: false; message: string; status?: 429 }

/** better-auth signals failures with an APIError carrying a machine code. */
function errorCode(error: unknown): string | undefined {
	const e = error as { body?: { code?: string }; code?: string }
	return e?.body?.code ?? e?.code
}

/** The secret better-auth signs with (device cookies are signed with it too). */
function authSecret(ctx: Ctx) {
	const secret = ctx.auth.options.secret
	if (!secret) throw new Error('better-auth has no secret')
	return secret
}

/** better-auth's answers that mean the email or password typed was wrong. */
const WRONG_CREDENTIAL_CODES = new Set([
	'INVALID_EMAIL_OR_PASSWORD',
	'INVALID_EMAIL',
	'INVALID_PASSWORD',
	'PASSWORD_TOO_LONG',
	'PASSWORD_TOO_SHORT',
])

export async function signIn(
	ctx: Ctx,
	email: string,
	password: string,
	requestHeaders: Headers,
): Promise<AuthResult> {
	const secret = authSecret(ctx)
	const keys = signInKeys(email, ctx.clientIp, trustedDeviceId(requestHeaders, email, secret))
	if (!(await claimSignInAttempt(ctx.db, keys))) {
		ctx.logger.warn({ event: 'sign-in-delayed' }, 'sign-in refused: too soon after failures')
		return { ok: false, message: AUTH_MESSAGES.tooManyAttempts, status: 429 }
	}
	try {
		const { headers, response } = await ctx.auth.api.signInEmail({
			body: { email, password },
			headers: requestHeaders,
			returnHeaders: true,
		})
		await settleSignInAttempt(ctx.db, keys, 'success', email)
		// A second factor is set up: better-auth made no session, only the code page's cookie.
		if ('twoFactorRedirect' in response) return { ok: true, headers, secondStep: true }
		const who = response.user as { id: string; email: string; role?: string | null }
		await finishSignIn(ctx, who, requestHeaders, headers, 'none')
		return { ok: true, headers, userId: who.id }
	} catch (error) {
		const code = errorCode(error)
		// One message for unknown emails and wrong passwords: no account enumeration (README).
		// A password over 128 characters (or under 8) can never be right: a wrong guess, the
		// visitor's mistake, logged at warn like the others, never at error (issue 57 item 10).
		if (WRONG_CREDENTIAL_CODES.has(code ?? '')) {
			await settleSignInAttempt(ctx.db, keys, 'failure', email)
			ctx.logger.warn({ event: 'sign-in-failed' }, 'sign-in failed')
			return { ok: false, message: AUTH_MESSAGES.invalidCredential }
		}
		await settleSignInAttempt(ctx.db, keys, 'void', email)
		ctx.logger.error({ code, err: error }, 'sign-in error')
		return { ok: false, message: AUTH_MESSAGES.signInFailed }
	}
}

type Registration = { firstName: string; lastName: string; email: string; password: string }

export async function register(
	ctx: Ctx,
	input: Registration,
	requestHeaders: Headers,
): Promise<AuthResult> {
	if (!isAcceptablePassword(input.password)) {
		return { ok: false, message: AUTH_MESSAGES.weakPassword }
	}
	if (!(await takeQuota(ctx.db, 'register', input.email, ctx.clientIp))) {
		ctx.logger.warn({ event: 'register-throttled' }, 'registration refused: too many attempts')
		return { ok: false, message: AUTH_MESSAGES.tooManyRegistrations, status: 429 }
	}
	try {
		const { headers, response } = await ctx.auth.api.signUpEmail({
			body: {
				name: `${input.firstName} ${input.lastName}`,
				email: input.email,
				password: input.password,
				firstName: input.firstName,
				lastName: input.lastName,
			},
			headers: requestHeaders,
			returnHeaders: true,
		})
		await enqueueEmail(ctx.db, welcomeEmail(input.email, ctx.env.SITE_URL))
		headers.append('Set-Cookie', sessionHintCookie('customer', ctx.env.SITE_URL))
		ctx.logger.info({ userId: response.user.id }, 'account created')
		return { ok: true, headers, userId: response.user.id }
	} catch (error) {
		const code = errorCode(error)
		if (code === 'USER_ALREADY_EXISTS' || code === 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL') {
			return { ok: false, message: AUTH_MESSAGES.emailInUse }
		}
		if (code === 'INVALID_EMAIL') return { ok: false, message: AUTH_MESSAGES.invalidEmail }
		if (code === 'PASSWORD_TOO_SHORT' || code === 'PASSWORD_TOO_LONG') {
			return { ok: false, message: AUTH_MESSAGES.weakPassword }
		}
		ctx.logger.error({ code, err: error }, 'registration error')
		return { ok: false, message: AUTH_MESSAGES.registerFailed }
	}
}

/** Always the same answer whether or not the account exists (no enumeration). */
export async function requestPasswordReset(ctx: Ctx, email: string) {
	if (!(await takeQuota(ctx.db, 'reset', email, ctx.clientIp))) {
		ctx.logger.warn({ event: 'reset-throttled' }, 'reset request refused: too many requests')
		return { ok: false as const, message: AUTH_MESSAGES.tooManyResetRequests, status: 429 as const }
	}
	try {
		await ctx.auth.api.requestPasswordReset({ body: { email, redirectTo: '/auth/reset-password' } })
		return { ok: true as const, message: AUTH_MESSAGES.resetSent }
	} catch (error) {
		ctx.logger.error({ code: errorCode(error), err: error }, 'password reset request error')
		return { ok: false as const, message: AUTH_MESSAGES.resetFailed }
	}
}

/** Whether a reset link is still usable (unused and within its hour), so the page can say so at once. */
export async function isResetTokenUsable(db: Ctx['db'], token: string) {
	if (!token) return false
	const [row] = await db
		.select({ expiresAt: verification.expiresAt })
		.from(verification)
		.where(eq(verification.identifier, `reset-password:${token}`))
	return Boolean(row && row.expiresAt.getTime() > Date.now())
}

export async function resetPassword(ctx: Ctx, token: string, newPassword: string) {
	if (!isAcceptablePassword(newPassword)) {
		return { ok: false as const, message: AUTH_MESSAGES.weakPassword }
	}
	const [owner] = await ctx.db
		.select({ id: user.id, email: user.email })
		.from(verification)
		.innerJoin(user, eq(user.id, verification.value))
		.where(eq(verification.identifier, `reset-password:${token}`))
	try {
		await ctx.auth.api.resetPassword({ body: { token, newPassword } })
		// Every session of the account ended: none may live on in this instance's cache.
		if (owner) sessionCacheFor(ctx.auth).forget({ userId: owner.id })
		// Whoever was typing wrong passwords for this account no longer slows its owner down.
		if (owner) await clearLoginFailures(ctx.db, owner.email)
		return { ok: true as const }
	} catch (error) {
		const code = errorCode(error)
		if (code === 'INVALID_TOKEN')
			return { ok: false as const, message: AUTH_MESSAGES.resetLinkInvalid, expired: true }
		ctx.logger.error({ code, err: error }, 'password reset error')
		return { ok: false as const, message: 'Failed to reset your password. Please try again.' }
	}
}

export async function signOut(ctx: Ctx, requestHeaders: Headers) {
	const credential = credentialOf(requestHeaders)
	if (credential) sessionCacheFor(ctx.auth).forget({ credential })
	let headers = new Headers()
	try {
		headers = (await ctx.auth.api.signOut({ headers: requestHeaders, returnHeaders: true })).headers
	} catch {}
	headers.append('Set-Cookie', sessionHintCookie('', ctx.env.SITE_URL))
	return headers
}

type Failure = { ok: false; message: string; status: 400 | 429 }

/**
 * Re-authentication before deleting the account or changing sign-in details: the current
 * password, under the same growing delay as sign-in (this is a password guess too).
 */
export async function reauthenticate(
	ctx: Ctx,
	account: { id: string; email: string },
	password: string,
): Promise<{ ok: true } | Failure> {
	const keys = signInKeys(account.email, ctx.clientIp)
	if (!(await claimSignInAttempt(ctx.db, keys))) {
		return { ok: false, message: AUTH_MESSAGES.tooManyAttempts, status: 429 }
	}
	if (await verifyCurrentPassword(ctx.db, ctx.auth, account.id, password)) {
		await settleSignInAttempt(ctx.db, keys, 'success', account.email)
		return { ok: true }
	}
	await settleSignInAttempt(ctx.db, keys, 'failure', account.email)
	ctx.logger.warn({ userId: account.id, event: 'reauth-failed' }, 're-authentication failed')
	return { ok: false, message: AUTH_MESSAGES.currentPasswordWrong, status: 400 }
}

/** A new password after re-authentication; other sessions end, this one gets a new token. */
export async function changePassword(
	ctx: Ctx,
	account: { id: string; email: string },
	currentPassword: string,
	newPassword: string,
	requestHeaders: Headers,
): Promise<{ ok: true; headers: Headers } | Failure> {
	const check = await reauthenticate(ctx, account, currentPassword)
	if (!check.ok) return check
	if (!isAcceptablePassword(newPassword)) {
		return { ok: false, message: AUTH_MESSAGES.weakPassword, status: 400 }
	}
	const { headers } = await ctx.auth.api.changePassword({
		body: { currentPassword, newPassword, revokeOtherSessions: true },
		headers: requestHeaders,
		returnHeaders: true,
	})
	sessionCacheFor(ctx.auth).forget({ userId: account.id })
	ctx.logger.info({ userId: account.id }, 'password changed')
	return { ok: true, headers }
}
