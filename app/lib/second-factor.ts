import { z } from 'zod'
import { formatDate } from './dates'
import { safeText } from './text-safety'

/**
 * The second step of sign-in (decision 0036): an authenticator app's 6-digit code, one of the
 * ten backup codes, or a passkey. Pure rules and the forms' schemas, shared by browser and server.
 */
export const SECOND_FACTOR_MESSAGES = {
	codeRequired: 'Please enter the 6-digit code from your authenticator app, or a backup code.',
	codeWrong: 'That code is not right. Please check your authenticator app and try again.',
	codeReused: 'That code has just been used. Please wait for the next code in your app.',
	backupWrong: 'That backup code is not right, or has already been used.',
	expired: 'Your sign-in took too long. Please sign in again with your email and password.',
	tooMany: 'Too many wrong codes. Please wait a little and try again.',
	setupCodeWrong: 'That code does not match. Check the time on your phone is right and try again.',
	passwordWrong: 'Your current password is not correct. Please try again.',
	passkeyFailed: 'That passkey could not be used. Please try again or enter a code instead.',
} as const

/** 6 digits (spaces allowed, as apps show '123 456'), or a backup code 'abcde-12345'. */
export const TOTP_PATTERN = /^\d{6}$/
export const BACKUP_CODE_PATTERN = /^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/

const code = safeText()
	.max(32)
	.default('')
	.transform((value) => value.replace(/\s+/g, ''))
	.refine((value) => TOTP_PATTERN.test(value) || BACKUP_CODE_PATTERN.test(value), {
		message: SECOND_FACTOR_MESSAGES.codeRequired,
	})

/** The code page at sign-in. */
export const SecondFactorCodeSchema = z.object({ code })

/** Which kind of code was typed: the same box takes both. */
export const codeKind = (value: string) => (TOTP_PATTERN.test(value) ? 'totp' : 'backup')

/** A backup code as better-auth stores it ('abcde-12345'), however it was typed. */
export const normaliseBackupCode = (value: string) =>
	value.includes('-') ? value : `${value.slice(0, 5)}-${value.slice(5)}`

/** Set-up: the current password (re-authentication), then the first code from the app. */
export const StartSetupSchema = z.object({
	password: safeText({ keepFormatCharacters: true })
		.max(128)
		.default('')
		.pipe(safeText({ keepFormatCharacters: true }).min(1, 'Please enter your password.')),
})
export const ConfirmSetupSchema = z.object({
	code: safeText()
		.max(16)
		.default('')
		.transform((value) => value.replace(/\s+/g, ''))
		.refine((value) => TOTP_PATTERN.test(value), {
			message: 'Please enter the 6-digit code your app shows.',
		}),
})
export const TurnOffSchema = StartSetupSchema

/** The owner's setting on /admin/account. */
export const StaffRuleSchema = z.object({
	staffRequired: z.enum(['on', 'off']).default('off'),
})

/**
 * Who must have a second factor before an admin page opens: owners always; other staff unless
 * the owner relaxed it (`staffRequired` false); customers never (they may turn it on). Today every
 * staff account is `isAdmin` with no role: treated as an owner (strict) until roles land.
 */
export function secondFactorRequired(
	person: { isAdmin: boolean; role?: string | null },
	rule: { staffRequired: boolean; relaxedForTests?: boolean },
) {
	if (!person.isAdmin) return false
	if (rule.relaxedForTests) return false
	const role = person.role && person.role !== 'admin' ? person.role : 'owner'
	return role === 'owner' || rule.staffRequired
}

/** A signed-in device in plain words: 'Firefox on Windows', 'Safari on iPhone'. */
export function describeDevice(userAgent: string | null | undefined) {
	const ua = userAgent ?? ''
	const browser = /Edg(e|A|iOS)?\//.test(ua)
		? 'Edge'
		: /OPR\/|Opera/.test(ua)
			? 'Opera'
			: /SamsungBrowser\//.test(ua)
				? 'Samsung Internet'
				: /Firefox\/|FxiOS\//.test(ua)
					? 'Firefox'
					: /Chrome\/|CriOS\/|Chromium\//.test(ua)
						? 'Chrome'
						: /Safari\//.test(ua)
							? 'Safari'
							: undefined
	const system = /iPhone/.test(ua)
		? 'iPhone'
		: /iPad/.test(ua)
			? 'iPad'
			: /Android/.test(ua)
				? 'Android'
				: /Windows/.test(ua)
					? 'Windows'
					: /Mac OS X|Macintosh/.test(ua)
						? 'Mac'
						: /CrOS/.test(ua)
							? 'Chromebook'
							: /Linux/.test(ua)
								? 'Linux'
								: undefined
	if (browser && system) return `${browser} on ${system}`
	return browser ?? system ?? 'Unknown browser'
}

/** 'Active now', 'Active 5 minutes ago', 'Active 3 hours ago', 'Active on 2 Dec 2026'. */
export function lastActiveText(at: Date, now: Date) {
	const minutes = Math.floor((now.getTime() - at.getTime()) / 60_000)
	if (minutes < 2) return 'Active now'
	if (minutes < 60) return `Active ${minutes} minutes ago`
	const hours = Math.floor(minutes / 60)
	if (hours < 24) return `Active ${hours} hour${hours === 1 ? '' : 's'} ago`
	return `Active on ${formatDate(at)}`
}

/** 'Sign out' beside one device. */
export const EndSessionSchema = z.object({
	sessionId: safeText().max(64).default('').pipe(safeText().min(1, 'Please choose a device.')),
})

/** Removing one passkey. */
export const RemovePasskeySchema = z.object({
	passkeyId: safeText().max(64).default('').pipe(safeText().min(1, 'Please choose a passkey.')),
})
