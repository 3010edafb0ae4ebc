import crypto from 'node:crypto'
import { createOTP } from '@better-auth/utils/otp'
import { symmetricDecrypt } from 'better-auth/crypto'
import { and, eq, gt } from 'drizzle-orm'
import type { Db } from '~/.server/db/client'
import { passkey, twoFactor, user, verification } from '~/.server/db/schema'
import { isHttpsSite } from '~/.server/env'
import { BUSINESS } from '~/lib/business'
import type { Auth } from './auth'

/**
 * The pieces of the second step that better-auth's twoFactor plugin leaves to us (decision 0036):
 * who is half-way through signing in, which 30-second step a code belongs to (the replay guard),
 * and what the set-up page shows. The plugin itself checks codes, keeps backup codes and makes
 * the session.
 */

const TOTP_PERIOD_SECONDS = 30

/** better-auth's cookie name with our prefix (`__Secure-` on an HTTPS site). */
export const authCookieName = (name: string, siteUrl: string) =>
	`${isHttpsSite(siteUrl) ? '__Secure-' : ''}koi.${name}`

/** A cookie better-auth signed (better-call: `value.base64(HMAC-SHA256)`, URI-encoded). */
function signedCookie(headers: Headers, name: string, secret: string) {
	const raw = new RegExp(`(?:^|;\\s*)${name.replace('.', '\\.')}=([^;]+)`).exec(
		headers.get('cookie') ?? '',
	)?.[1]
	if (!raw) return undefined
	let value: string
	try {
		value = decodeURIComponent(raw)
	} catch {
		return undefined
	}
	const dot = value.lastIndexOf('.')
	if (dot < 1) return undefined
	const signed = value.slice(0, dot)
	const given = Buffer.from(value.slice(dot + 1))
	const expected = Buffer.from(crypto.createHmac('sha256', secret).update(signed).digest('base64'))
	return given.length === expected.length && crypto.timingSafeEqual(given, expected)
		? signed
		: undefined
}

/** The person whose password was right and whose code is awaited, or undefined (expired, forged). */
export async function pendingSignIn(db: Db, headers: Headers, secret: string, siteUrl: string) {
	const identifier = signedCookie(headers, authCookieName('two_factor', siteUrl), secret)
	if (!identifier) return undefined
	const [row] = await db
		.select({ userId: user.id, email: user.email, role: user.role })
		.from(verification)
		.innerJoin(user, eq(user.id, verification.value))
		.where(and(eq(verification.identifier, identifier), gt(verification.expiresAt, new Date())))
	return row ? { ...row, identifier } : undefined
}

async function totpSecret(auth: Auth, db: Db, userId: string) {
	const [row] = await db
		.select({ secret: twoFactor.secret, verified: twoFactor.verified })
		.from(twoFactor)
		.where(eq(twoFactor.userId, userId))
	if (!row) return undefined
	const context = await auth.$context
	const plain = await symmetricDecrypt({ key: context.secretConfig, data: row.secret })
	return { secret: plain, verified: row.verified !== false }
}

/**
 * The 30-second step a 6-digit code belongs to, within ±1 step of now (RFC 6238's usual
 * allowance for clock drift), or undefined when it matches none.
 */
export async function totpStepOf(
	auth: Auth,
	db: Db,
	userId: string,
	code: string,
	now = Date.now(),
) {
	const found = await totpSecret(auth, db, userId)
	if (!found) return undefined
	const otp = createOTP(found.secret, { period: TOTP_PERIOD_SECONDS, digits: 6 })
	const current = Math.floor(now / 1000 / TOTP_PERIOD_SECONDS)
	let matched: number | undefined
	// Every candidate is computed and compared in constant time, whichever matches.
	for (const step of [current - 1, current, current + 1]) {
		const expected = Buffer.from(await otp.hotp(step))
		const given = Buffer.from(code.padEnd(6).slice(0, 6))
		if (crypto.timingSafeEqual(expected, given) && code.length === 6) matched = step
	}
	return matched
}

/** What the set-up page shows while a set-up waits for its first code: the QR's URI and the secret. */
export async function pendingSetUp(auth: Auth, db: Db, account: { id: string; email: string }) {
	const found = await totpSecret(auth, db, account.id)
	if (!found || found.verified) return undefined
	const otp = createOTP(found.secret, { period: TOTP_PERIOD_SECONDS, digits: 6 })
	const uri = otp.url(BUSINESS.name, account.email)
	return { uri, secretText: new URL(uri).searchParams.get('secret') ?? '' }
}

/** The backup codes still unused (shown once, straight after set-up or after making new ones). */
export async function unusedBackupCodes(auth: Auth, db: Db, userId: string) {
	const [row] = await db
		.select({ codes: twoFactor.backupCodes })
		.from(twoFactor)
		.where(eq(twoFactor.userId, userId))
	if (!row) return []
	const context = await auth.$context
	const json = await symmetricDecrypt({ key: context.secretConfig, data: row.codes })
	const codes: unknown = JSON.parse(json)
	return Array.isArray(codes) ? codes.map(String) : []
}

/** A person's second factor as the security page shows it. */
export async function secondFactorState(db: Db, userId: string) {
	const [row] = await db
		.select({ enabled: user.twoFactorEnabled })
		.from(user)
		.where(eq(user.id, userId))
	const keys = await db
		.select({ id: passkey.id, name: passkey.name, createdAt: passkey.createdAt })
		.from(passkey)
		.where(eq(passkey.userId, userId))
	return { enabled: Boolean(row?.enabled), passkeys: keys }
}

export async function passkeyCredentialIds(db: Db, userId: string) {
	const rows = await db
		.select({ id: passkey.credentialID, transports: passkey.transports })
		.from(passkey)
		.where(eq(passkey.userId, userId))
	// As WebAuthn's JSON names a credential (PublicKeyCredentialDescriptorJSON).
	return rows.map((r) => ({
		id: r.id,
		type: 'public-key' as const,
		transports: r.transports ? r.transports.split(',').filter(Boolean) : undefined,
	}))
}
