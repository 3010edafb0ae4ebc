import type { AppLoadContext } from 'react-router'
import { data, redirect } from 'react-router'
import { reauthenticate } from '~/.server/auth/account'
import { signOutDevice, signOutEverywhereElse } from '~/.server/auth/devices'
import { mustSetUpSecondFactor, type SessionUser } from '~/.server/auth/guards'
import { totpStepOf, unusedBackupCodes } from '~/.server/auth/second-factor'
import {
	cancelUnconfirmedSetUp,
	claimTotpStep,
	clearSecondFactor,
	removePasskey,
} from '~/.server/auth/second-factor-store'
import { recordSecurityEvent } from '~/.server/auth/security-events'
import { sessionCacheFor } from '~/.server/auth/session-cache'
import { parseForm } from '~/lib/forms'
import {
	ConfirmSetupSchema,
	EndSessionSchema,
	RemovePasskeySchema,
	SECOND_FACTOR_MESSAGES,
	StartSetupSchema,
	TurnOffSchema,
} from '~/lib/second-factor'

type Answer = {
	form: string
	fieldErrors?: Record<string, string | undefined>
	backupCodes?: string[]
	notice?: string
	error?: string
	options?: unknown
}
const fail = (form: string, fieldErrors: Record<string, string | undefined>, status = 400) =>
	data<Answer>({ form, fieldErrors }, { status })
const errorCode = (error: unknown) => (error as { body?: { code?: string } })?.body?.code

/** The security page's forms: set-up, backup codes, turning off, passkeys, devices. */
export async function securityAction(
	request: Request,
	context: AppLoadContext,
	user: SessionUser,
	form: FormData,
) {
	const intent = String(form.get('intent') ?? '')
	const here = new URL(request.url)
	const back = `/account/security${here.searchParams.get('required') ? '?required=1' : ''}`
	const withPassword = async (name: string, schema = StartSetupSchema) => {
		const parsed = parseForm(schema, form)
		if (!parsed.ok) return { failure: fail(name, parsed.fieldErrors) }
		const check = await reauthenticate(context, user, parsed.data.password)
		if (!check.ok) return { failure: fail(name, { password: check.message }, check.status) }
		return { password: parsed.data.password }
	}
	if (intent === 'start-setup') {
		const checked = await withPassword('start-setup')
		if (checked.failure) return checked.failure
		try {
			await context.auth.api.enableTwoFactor({
				body: { password: checked.password },
				headers: request.headers,
			})
		} catch (error) {
			// Already on (a second tab): the page shows it as it is.
			if (errorCode(error) !== 'TOTP_ALREADY_ENABLED') throw error
		}
		return redirect(back)
	}
	if (intent === 'cancel-setup') {
		await cancelUnconfirmedSetUp(context.db, user.id)
		return redirect(back)
	}
	if (intent === 'confirm-setup') {
		const parsed = parseForm(ConfirmSetupSchema, form)
		if (!parsed.ok) return fail('confirm-setup', parsed.fieldErrors)
		const step = await totpStepOf(context.auth, context.db, user.id, parsed.data.code)
		// The first code is used up too: it cannot be replayed at the next sign-in.
		if (step === undefined || !(await claimTotpStep(context.db, user.id, step)))
			return fail('confirm-setup', { code: SECOND_FACTOR_MESSAGES.setupCodeWrong })
		const { headers } = await context.auth.api.verifyTOTP({
			body: { code: parsed.data.code },
			headers: request.headers,
			returnHeaders: true,
		})
		// better-auth moved this browser to a new session; the old one is gone everywhere.
		sessionCacheFor(context.auth).forget({ userId: user.id })
		await recordSecurityEvent(context, { kind: 'second-factor-enabled', userId: user.id })
		const backupCodes = await unusedBackupCodes(context.auth, context.db, user.id)
		return data<Answer>({ form: 'confirm-setup', backupCodes }, { headers })
	}
	if (intent === 'new-backup-codes') {
		const checked = await withPassword('new-backup-codes')
		if (checked.failure) return checked.failure
		const { backupCodes } = await context.auth.api.generateBackupCodes({
			body: { password: checked.password },
			headers: request.headers,
		})
		return data<Answer>({ form: 'new-backup-codes', backupCodes })
	}
	if (intent === 'turn-off') {
		if (await mustSetUpSecondFactor(context, { ...user, twoFactorEnabled: false }))
			return fail('turn-off', {
				'': 'Staff accounts need a second factor: it cannot be turned off here.',
			})
		const checked = await withPassword('turn-off', TurnOffSchema)
		if (checked.failure) return checked.failure
		await clearSecondFactor(context.db, user.id)
		sessionCacheFor(context.auth).forget({ userId: user.id })
		await recordSecurityEvent(context, { kind: 'second-factor-disabled', userId: user.id })
		return data<Answer>({ form: 'turn-off', notice: 'Two-step sign-in is off.' })
	}
	if (intent === 'add-passkey-options') {
		const { headers, response } = await context.auth.api.generatePasskeyRegistrationOptions({
			headers: request.headers,
			returnHeaders: true,
		})
		return data<Answer>({ form: 'passkey', options: response }, { headers })
	}
	if (intent === 'add-passkey') {
		try {
			await context.auth.api.verifyPasskeyRegistration({
				body: { response: JSON.parse(String(form.get('credential') ?? '')), name: 'Passkey' },
				headers: request.headers,
			})
		} catch {
			return data<Answer>(
				{ form: 'passkey', error: 'That passkey could not be added. Please try again.' },
				{ status: 400 },
			)
		}
		await recordSecurityEvent(context, { kind: 'passkey-added', userId: user.id })
		return redirect(back)
	}
	if (intent === 'remove-passkey') {
		const parsed = parseForm(RemovePasskeySchema, form)
		if (!parsed.ok) return fail('passkey', parsed.fieldErrors)
		if (await removePasskey(context.db, user.id, parsed.data.passkeyId))
			await recordSecurityEvent(context, { kind: 'passkey-removed', userId: user.id })
		return redirect(back)
	}
	return devicesAction(context, user, form, back)
}

/** 'Sign out' beside a device and 'Sign out everywhere else' (this page and /admin/account). */
export async function devicesAction(
	context: AppLoadContext,
	user: SessionUser,
	form: FormData,
	back: string,
) {
	const intent = String(form.get('intent') ?? '')
	if (intent === 'end-session') {
		const parsed = parseForm(EndSessionSchema, form)
		if (!parsed.ok) return fail('devices', parsed.fieldErrors)
		await signOutDevice(context, user, parsed.data.sessionId)
		return redirect(back)
	}
	if (intent === 'end-others') {
		const count = await signOutEverywhereElse(context, user)
		return data<Answer>({
			form: 'devices',
			notice:
				count === 0
					? 'No other devices were signed in.'
					: `Signed out of ${count} other device${count === 1 ? '' : 's'}.`,
		})
	}
	return fail('', { '': 'Please choose one of the forms on this page.' })
}
