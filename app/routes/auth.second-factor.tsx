import { data, Link, redirect } from 'react-router'
import { safeRedirectPath } from '~/.server/auth/guards'
import { passkeyStepOptions, verifyPasskeyStep } from '~/.server/auth/passkey-step'
import { passkeyCredentialIds, pendingSignIn } from '~/.server/auth/second-factor'
import { authSecret, verifySecondStep } from '~/.server/auth/second-step'
import { readForm } from '~/.server/http/read-body'
import { PageHeader } from '~/components/content/page-header'
import type { BreadcrumbHandle } from '~/components/layout/breadcrumbs'
import { SecondFactorCodeForm } from '~/components/security/code-form'
import { PasskeyButton } from '~/components/security/passkey-button'
import { parseForm } from '~/lib/forms'
import { SECOND_FACTOR_MESSAGES, SecondFactorCodeSchema } from '~/lib/second-factor'
import { pageMeta } from '~/lib/seo'
import type { Route } from './+types/auth.second-factor'

export const handle: BreadcrumbHandle = {
	breadcrumb: () => [
		{ label: 'Account', to: '/auth' },
		{ label: 'Sign-in code', to: '/auth/second-factor' },
	],
}

export const meta: Route.MetaFunction = (args) =>
	pageMeta(args, {
		title: 'Enter Your Sign-in Code',
		description: 'The second step of signing in: a code from your authenticator app.',
		noindex: true,
	})

export async function loader({ request, context }: Route.LoaderArgs) {
	const url = new URL(request.url)
	const redirectTo = safeRedirectPath(
		url.searchParams.get('redirectTo'),
		context.env.SITE_URL,
		'/auth',
	)
	const pending = await pendingSignIn(
		context.db,
		request.headers,
		authSecret(context),
		context.env.SITE_URL,
	)
	if (!pending) return { expired: true, redirectTo, hasPasskey: false }
	const passkeys = await passkeyCredentialIds(context.db, pending.userId)
	return { expired: false, redirectTo, hasPasskey: passkeys.length > 0 }
}

export async function action({ request, context }: Route.ActionArgs) {
	const form = await readForm(request)
	const intent = String(form.get('intent') ?? '')
	const redirectTo = safeRedirectPath(
		String(form.get('redirectTo') ?? ''),
		context.env.SITE_URL,
		'/auth',
	)
	if (intent === 'passkey-options') {
		const answer = await passkeyStepOptions(context, request.headers)
		if (!answer) return data({ error: SECOND_FACTOR_MESSAGES.expired }, { status: 400 })
		return data({ options: answer.options }, { headers: answer.headers })
	}
	if (intent === 'passkey') {
		let credential: unknown
		try {
			credential = JSON.parse(String(form.get('credential') ?? ''))
		} catch {
			return data({ error: SECOND_FACTOR_MESSAGES.passkeyFailed }, { status: 400 })
		}
		const result = await verifyPasskeyStep(context, request.headers, credential)
		if (!result.ok) return data({ error: result.message }, { status: result.status })
		return redirect(redirectTo, { headers: result.headers })
	}
	const parsed = parseForm(SecondFactorCodeSchema, form)
	if (!parsed.ok) return data({ fieldErrors: parsed.fieldErrors }, { status: 400 })
	const result = await verifySecondStep(context, request.headers, parsed.data.code)
	if (!result.ok) return data({ fieldErrors: { code: result.message } }, { status: result.status })
	return redirect(redirectTo, { headers: result.headers })
}

export default function SecondFactor({ loaderData, actionData }: Route.ComponentProps) {
	const fieldErrors = actionData && 'fieldErrors' in actionData ? actionData.fieldErrors : undefined
	return (
		<>
			<PageHeader
				title="Enter Your Sign-in Code"
				intro="Your password was right. One more step keeps your account safe."
			/>
			<div className="container-page max-w-xl py-12">
				{loaderData.expired ? (
					<div role="alert" className="rounded-2xl bg-amber-50 p-6 text-amber-900">
						<p className="font-semibold">{SECOND_FACTOR_MESSAGES.expired}</p>
						<Link to="/auth" className="btn-primary mt-4">
							Sign in again
						</Link>
					</div>
				) : (
					<div className="space-y-6 rounded-2xl bg-white p-6 shadow-md ring-1 ring-slate-200">
						<SecondFactorCodeForm redirectTo={loaderData.redirectTo} fieldErrors={fieldErrors} />
						{loaderData.hasPasskey ? (
							<div className="border-t border-slate-200 pt-6">
								<p className="mb-3 text-slate-700">Or use the passkey you set up on this device.</p>
								<PasskeyButton
									ceremony="sign-in"
									label="Use a passkey"
									redirectTo={loaderData.redirectTo}
								/>
							</div>
						) : null}
						<p className="text-sm text-slate-600">
							Lost your phone and your backup codes? Ask the shop's owner to reset your second
							factor, or call us if this is a customer account.
						</p>
					</div>
				)}
			</div>
		</>
	)
}
