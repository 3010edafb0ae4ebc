import { passkey as passkeyPlugin } from '@better-auth/passkey'
import { betterAuth } from 'better-auth'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { admin, twoFactor as twoFactorPlugin } from 'better-auth/plugins'
import { and, eq, like, lt, or } from 'drizzle-orm'
import type { Db, Tx } from '~/.server/db/client'
import { account, passkey, session, twoFactor, user, verification } from '~/.server/db/schema'
import { passwordResetEmail } from '~/.server/email/account-emails'
import { enqueueEmail } from '~/.server/email/outbox'
import { isHttpsSite } from '~/.server/env'
import type { Logger } from '~/.server/logger'
import { BUSINESS } from '~/lib/business'
import { bearerOnRequest } from './bearer-on-request'

/**
 * OWASP ASVS 4.0.3 V3.3.2 (level 2): sign in again after 12 hours whatever happens, and after
 * 30 minutes without a request (idle; enforced in guards.ts from session.updatedAt).
 */
export const SESSION_ABSOLUTE_HOURS = 12
export const SESSION_IDLE_MINUTES = 30
export const RESET_TOKEN_SECONDS = 60 * 60
export const PASSWORD_MIN = 8
export const PASSWORD_MAX = 128
/** Staff: idle for up to 12 hours within the same 12-hour absolute limit (decision 0036). */
export const STAFF_SESSION_IDLE_MINUTES = 12 * 60
/** How long the code page waits after the password before sign-in starts again. */
export const SECOND_STEP_MINUTES = 10
export const BACKUP_CODE_COUNT = 10

type AuthOptions = {
	db: Db
	siteUrl: string
	/** Where its forms may come from: SITE_URL's origin, or the loopback names (env.ts). */
	trustedOrigins?: string[]
	secret: string
	trustProxy: number
	logger: Logger
}

/** better-auth for one runtime (each test and instance builds its own from its database). */
export function createAuth({
	db,
	siteUrl,
	trustedOrigins = [siteUrl],
	secret,
	trustProxy,
	logger,
}: AuthOptions) {
	return betterAuth({
		appName: BUSINESS.name,
		baseURL: siteUrl,
		basePath: '/api/auth',
		secret,
		trustedOrigins,
		database: drizzleAdapter(db, {
			provider: 'pg',
			schema: { user, session, account, verification, twoFactor, passkey },
		}),
		emailAndPassword: {
			enabled: true,
			minPasswordLength: PASSWORD_MIN,
			maxPasswordLength: PASSWORD_MAX,
			autoSignIn: true,
			resetPasswordTokenExpiresIn: RESET_TOKEN_SECONDS,
			revokeSessionsOnPasswordReset: true,
			// Our own page takes the token, so the link skips better-auth's redirect endpoint.
			sendResetPassword: async ({ user: target, token }) => {
				// A new link voids the older ones: only the latest email can set a password. Ordered by
				// creation (then identifier), so two requests at once still leave exactly one link.
				const identifier = `reset-password:${token}`
				const [mine] = await db
					.select({ createdAt: verification.createdAt })
					.from(verification)
					.where(eq(verification.identifier, identifier))
				if (mine) {
					await db
						.delete(verification)
						.where(
							and(
								eq(verification.value, target.id),
								like(verification.identifier, 'reset-password:%'),
								or(
									lt(verification.createdAt, mine.createdAt),
									and(
										eq(verification.createdAt, mine.createdAt),
										lt(verification.identifier, identifier),
									),
								),
							),
						)
				}
				const link = `${siteUrl}/auth/reset-password?token=${encodeURIComponent(token)}`
				await enqueueEmail(db, passwordResetEmail(target.email, link))
			},
		},
		user: {
			additionalFields: {
				firstName: { type: 'string', required: true, input: true },
				lastName: { type: 'string', required: true, input: true },
				phone: { type: 'string', required: false, input: false, defaultValue: '' },
				address1: { type: 'string', required: false, input: false, defaultValue: '' },
				address2: { type: 'string', required: false, input: false, defaultValue: '' },
				city: { type: 'string', required: false, input: false, defaultValue: '' },
				postcode: { type: 'string', required: false, input: false, defaultValue: '' },
			},
		},
		session: {
			// Never extended: the expiry (and the cookie's Max-Age) is the absolute lifetime.
			expiresIn: SESSION_ABSOLUTE_HOURS * 60 * 60,
			disableSessionRefresh: true,
		},
		// Its limiter guards only its own HTTP endpoints, which the shop never mounts (our routes call
		// auth.api directly); sign-in, registration and resets are limited by attempt-limiter.ts.
		rateLimit: { enabled: false },
		advanced: {
			useSecureCookies: isHttpsSite(siteUrl),
			cookiePrefix: 'koi',
			ipAddress:
				trustProxy > 0 ? { ipAddressHeaders: ['x-forwarded-for'] } : { disableIpTracking: true },
		},
		// bearer: the JSON API accepts `Authorization: Bearer <session token>` as well as the cookie;
		// the token itself is handed out only on request (bearer-on-request.ts).
		// twoFactor and passkey: the second step of sign-in (second-factor.ts, decision 0036).
		plugins: [
			admin(),
			bearerOnRequest(),
			twoFactorPlugin({
				issuer: BUSINESS.name,
				// Our own pending-sign-in limits apply (attempt-limiter.ts); its lock-out would let a
				// stranger lock the owner out, so the growing delay alone answers guessing.
				accountLockout: { enabled: false },
				twoFactorCookieMaxAge: SECOND_STEP_MINUTES * 60,
				backupCodeOptions: { amount: BACKUP_CODE_COUNT, storeBackupCodes: 'encrypted' },
			}),
			passkeyPlugin({
				rpID: new URL(siteUrl).hostname,
				rpName: BUSINESS.name,
				origin: trustedOrigins,
			}),
		],
		// Into our JSON logs; its messages name events, not credentials.
		logger: {
			log: (level, message) => logger[level]({ source: 'better-auth' }, message),
		},
	})
}

export type Auth = ReturnType<typeof createAuth>

/** UK GDPR erasure: the account's unused password-reset links (better-auth keeps them here). */
export async function forgetResetLinks(tx: Tx, userId: string) {
	await tx
		.delete(verification)
		.where(and(eq(verification.value, userId), like(verification.identifier, 'reset-password:%')))
}
