import type { Db } from '~/.server/db/client'
import { newDeviceEmail } from '~/.server/email/account-emails'
import { enqueueEmail } from '~/.server/email/outbox'
import type { Env } from '~/.server/env'
import type { Logger } from '~/.server/logger'
import { formatDateTime } from '~/lib/dates'
import {
	codeKind,
	describeDevice,
	normaliseBackupCode,
	SECOND_FACTOR_MESSAGES,
} from '~/lib/second-factor'
import { hintFor } from '~/lib/session-hint'
import { isStaffRole } from '~/lib/staff-access'
import {
	claimSignInAttempt,
	clearSecondStepFailures,
	secondStepKeys,
	settleSignInAttempt,
} from './attempt-limiter'
import type { Auth } from './auth'
import { deviceCookie, trustedDeviceId } from './device-cookie'
import { pendingSignIn, totpStepOf } from './second-factor'
import { claimTotpStep } from './second-factor-store'
import { recordSecurityEvent, type SecurityEventSink } from './security-events'
import { sessionHintCookie } from './session-hint'

/** What the sign-in's second step needs from a request (both its code page and its passkey). */
export type Ctx = {
	auth: Auth
	db: Db
	logger: Logger
	env: Env
	clientIp: string | undefined
	securityEvents?: SecurityEventSink
}
type Method = 'none' | 'totp' | 'backup-code' | 'passkey'

export function authSecret(ctx: { auth: Auth }) {
	const secret = ctx.auth.options.secret
	if (!secret) throw new Error('better-auth has no secret')
	return secret
}

/**
 * What every completed sign-in does, with or without a second step: the session hint, a fresh
 * device cookie, the staff new-device email (a browser without this account's device cookie) and
 * the security event.
 */
export async function finishSignIn(
	ctx: Ctx,
	who: { id: string; email: string; role?: string | null },
	requestHeaders: Headers,
	headers: Headers,
	method: Method,
) {
	const secret = authSecret(ctx)
	const isAdmin = isStaffRole(who.role)
	if (isAdmin && !trustedDeviceId(requestHeaders, who.email, secret)) {
		const device = describeDevice(requestHeaders.get('user-agent'))
		await enqueueEmail(
			ctx.db,
			newDeviceEmail(who.email, device, formatDateTime(new Date()), ctx.env.SITE_URL),
		)
	}
	headers.append('Set-Cookie', sessionHintCookie(hintFor({ isAdmin }), ctx.env.SITE_URL))
	headers.append('Set-Cookie', deviceCookie(who.email, secret, ctx.env.SITE_URL))
	await recordSecurityEvent(ctx, { kind: 'signed-in', userId: who.id, secondFactor: method })
}

export type SecondStepResult =
	| { ok: true; headers: Headers; userId: string }
	| { ok: false; message: string; status: 400 | 429; expired?: boolean }

const errorCode = (error: unknown) => {
	const e = error as { body?: { code?: string }; code?: string }
	return e?.body?.code ?? e?.code
}
const EXPIRED_CODES = new Set([
	'INVALID_TWO_FACTOR_COOKIE',
	'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE',
	'TWO_FACTOR_NOT_ENABLED',
	'TOTP_NOT_ENABLED',
])

/**
 * The code page: an authenticator code (refused when its step was already used: a replay) or a
 * backup code (used up by the plugin), under the same growing delay as passwords.
 */
export async function verifySecondStep(
	ctx: Ctx,
	requestHeaders: Headers,
	typed: string,
): Promise<SecondStepResult> {
	const pending = await pendingSignIn(ctx.db, requestHeaders, authSecret(ctx), ctx.env.SITE_URL)
	if (!pending)
		return { ok: false, message: SECOND_FACTOR_MESSAGES.expired, status: 400, expired: true }
	const keys = secondStepKeys(pending.userId, ctx.clientIp)
	if (!(await claimSignInAttempt(ctx.db, keys)))
		return { ok: false, message: SECOND_FACTOR_MESSAGES.tooMany, status: 429 }
	const kind = codeKind(typed)
	const method = kind === 'totp' ? 'totp' : 'backup-code'
	const refuse = async (message: string, replay = false) => {
		await settleSignInAttempt(ctx.db, keys, 'failure', pending.email)
		await recordSecurityEvent(
			ctx,
			replay
				? { kind: 'second-factor-replayed', userId: pending.userId }
				: { kind: 'second-factor-failed', userId: pending.userId, method },
		)
		return { ok: false as const, message, status: 400 as const }
	}
	let headers: Headers
	try {
		if (kind === 'totp') {
			const step = await totpStepOf(ctx.auth, ctx.db, pending.userId, typed)
			if (step === undefined) return await refuse(SECOND_FACTOR_MESSAGES.codeWrong)
			if (!(await claimTotpStep(ctx.db, pending.userId, step)))
				return await refuse(SECOND_FACTOR_MESSAGES.codeReused, true)
			headers = (
				await ctx.auth.api.verifyTOTP({
					body: { code: typed },
					headers: requestHeaders,
					returnHeaders: true,
				})
			).headers
		} else {
			headers = (
				await ctx.auth.api.verifyBackupCode({
					body: { code: normaliseBackupCode(typed) },
					headers: requestHeaders,
					returnHeaders: true,
				})
			).headers
		}
	} catch (error) {
		const code = errorCode(error)
		if (code === 'INVALID_CODE' || code === 'INVALID_BACKUP_CODE')
			return await refuse(
				kind === 'totp' ? SECOND_FACTOR_MESSAGES.codeWrong : SECOND_FACTOR_MESSAGES.backupWrong,
			)
		await settleSignInAttempt(ctx.db, keys, 'void', pending.email)
		if (EXPIRED_CODES.has(code ?? ''))
			return { ok: false, message: SECOND_FACTOR_MESSAGES.expired, status: 400, expired: true }
		throw error
	}
	await settleSignInAttempt(ctx.db, keys, 'success', pending.email)
	await clearSecondStepFailures(ctx.db, pending.userId)
	await finishSignIn(
		ctx,
		{ id: pending.userId, email: pending.email, role: pending.role },
		requestHeaders,
		headers,
		method,
	)
	return { ok: true, headers, userId: pending.userId }
}
