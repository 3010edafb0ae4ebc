import { SECOND_FACTOR_MESSAGES } from '~/lib/second-factor'
import {
	claimSignInAttempt,
	clearSecondStepFailures,
	secondStepKeys,
	settleSignInAttempt,
} from './attempt-limiter'
import { authCookieName, passkeyCredentialIds, pendingSignIn } from './second-factor'
import { authSecret, type Ctx, finishSignIn, type SecondStepResult } from './second-step'
import { recordSecurityEvent } from './security-events'
import { endSession } from './session-activity'

/**
 * A passkey as the second step (decision 0036): the passkey plugin checks the signature and the
 * challenge; we hold it to the person whose password was just right, and to the same delay.
 */
export async function passkeyStepOptions(ctx: Ctx, requestHeaders: Headers) {
	const pending = await pendingSignIn(ctx.db, requestHeaders, authSecret(ctx), ctx.env.SITE_URL)
	if (!pending) return undefined
	const { headers, response } = await ctx.auth.api.generatePasskeyAuthenticationOptions({
		headers: requestHeaders,
		returnHeaders: true,
	})
	const allowCredentials = await passkeyCredentialIds(ctx.db, pending.userId)
	return { headers, options: { ...response, allowCredentials } }
}

export async function verifyPasskeyStep(
	ctx: Ctx,
	requestHeaders: Headers,
	credential: unknown,
): Promise<SecondStepResult> {
	const pending = await pendingSignIn(ctx.db, requestHeaders, authSecret(ctx), ctx.env.SITE_URL)
	if (!pending)
		return { ok: false, message: SECOND_FACTOR_MESSAGES.expired, status: 400, expired: true }
	const keys = secondStepKeys(pending.userId, ctx.clientIp)
	if (!(await claimSignInAttempt(ctx.db, keys)))
		return { ok: false, message: SECOND_FACTOR_MESSAGES.tooMany, status: 429 }
	const refuse = async () => {
		await settleSignInAttempt(ctx.db, keys, 'failure', pending.email)
		await recordSecurityEvent(ctx, {
			kind: 'second-factor-failed',
			userId: pending.userId,
			method: 'passkey',
		})
		return {
			ok: false as const,
			message: SECOND_FACTOR_MESSAGES.passkeyFailed,
			status: 400 as const,
		}
	}
	let result: { headers: Headers; response: { session: { id: string }; user: { id: string } } }
	try {
		result = await ctx.auth.api.verifyPasskeyAuthentication({
			// The plugin reads the WebAuthn JSON itself (its schema); a malformed one is refused there.
			body: { response: credential as never },
			headers: requestHeaders,
			returnHeaders: true,
		})
	} catch {
		return refuse()
	}
	// Another person's passkey: the session the plugin made for them goes at once.
	if (result.response.user.id !== pending.userId) {
		await endSession(ctx.db, result.response.user.id, result.response.session.id)
		return refuse()
	}
	const context = await ctx.auth.$context
	// The code page's challenge is used up, as the plugin does after a right code.
	await context.internalAdapter.deleteVerificationByIdentifier(pending.identifier)
	const headers = result.headers
	headers.append(
		'Set-Cookie',
		`${authCookieName('two_factor', ctx.env.SITE_URL)}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax`,
	)
	await settleSignInAttempt(ctx.db, keys, 'success', pending.email)
	await clearSecondStepFailures(ctx.db, pending.userId)
	await finishSignIn(
		ctx,
		{ id: pending.userId, email: pending.email, role: pending.role },
		requestHeaders,
		headers,
		'passkey',
	)
	return { ok: true, headers, userId: pending.userId }
}
