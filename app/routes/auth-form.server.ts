import type { AppLoadContext } from 'react-router'
import { data, redirect } from 'react-router'
import { register, requestPasswordReset, signIn } from '~/.server/auth/account'
import { safeRedirectPath } from '~/.server/auth/guards'
import {
	type AuthFormResult,
	type AuthMode,
	MESSAGE_FIELDS,
	RegisterSchema,
	ResetRequestSchema,
	SignInSchema,
} from '~/lib/auth-forms'
import { type FieldErrors, parseForm } from '~/lib/forms'

/** The sign-in / register / reset form's action, shared by /auth and /checkout-auth. */
export async function handleAuthForm(
	request: Request,
	context: AppLoadContext,
	form: FormData,
	fallbackRedirect: string,
) {
	const intent = String(form.get('intent') ?? '')
	const str = (name: string) => String(form.get(name) ?? '')
	const redirectTo = safeRedirectPath(str('redirectTo'), context.env.SITE_URL, fallbackRedirect)
	const values = {
		email: str('email').trim().slice(0, 254),
		firstName: str('firstName').slice(0, 100),
		lastName: str('lastName').slice(0, 100),
	}
	const fail = (mode: AuthMode, error: string, status = 400, field?: string) =>
		data<AuthFormResult>({ mode, error, field, values }, { status })
	// A failed parse names its field, and so do some of the account service's refusals.
	const invalid = (mode: AuthMode, errors: FieldErrors, formError: string) =>
		fail(mode, formError, 400, Object.keys(errors)[0] || undefined)

	if (intent === 'signin') {
		const parsed = parseForm(SignInSchema, form)
		if (!parsed.ok) return invalid('signin', parsed.fieldErrors, parsed.formError)
		const result = await signIn(context, parsed.data.email, parsed.data.password, request.headers)
		if (!result.ok) return fail('signin', result.message, result.status ?? 400)
		if (result.secondStep)
			return redirect(`/auth/second-factor?redirectTo=${encodeURIComponent(redirectTo)}`, {
				headers: result.headers,
			})
		return redirect(redirectTo, { headers: result.headers })
	}
	if (intent === 'register') {
		const parsed = parseForm(RegisterSchema, form)
		if (!parsed.ok) return invalid('register', parsed.fieldErrors, parsed.formError)
		const result = await register(context, parsed.data, request.headers)
		if (!result.ok)
			return fail('register', result.message, result.status ?? 400, MESSAGE_FIELDS[result.message])
		return redirect(redirectTo, { headers: result.headers })
	}
	if (intent === 'reset') {
		const parsed = parseForm(ResetRequestSchema, form)
		if (!parsed.ok) return invalid('reset', parsed.fieldErrors, parsed.formError)
		const result = await requestPasswordReset(context, parsed.data.email)
		if (!result.ok) return fail('reset', result.message, result.status ?? 500)
		// Spec: after a successful request the form returns to sign in with the message.
		return data<AuthFormResult>({ mode: 'signin', success: result.message, values })
	}
	return fail('signin', 'Please choose sign in, register or reset password.')
}
