import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { isResetTokenUsable, resetPassword } from '~/.server/auth/account'
import { readForm } from '~/.server/http/read-body'
import { PageHeader } from '~/components/content/page-header'
import type { BreadcrumbHandle } from '~/components/layout/breadcrumbs'
import { AUTH_MESSAGES, NewPasswordSchema } from '~/lib/auth-forms'
import { parseForm } from '~/lib/forms'
import { pageMeta } from '~/lib/seo'
import type { Route } from './+types/auth.reset-password'

export const handle: BreadcrumbHandle = {
	breadcrumb: () => [
		{ label: 'Account', to: '/auth' },
		{ label: 'Reset Password', to: '/auth/reset-password' },
	],
}

export const meta: Route.MetaFunction = (args) =>
	pageMeta(args, {
		title: 'Choose a New Password',
		description: 'Set a new password for your account.',
		noindex: true,
	})

export async function loader({ request, context }: Route.LoaderArgs) {
	const token = (new URL(request.url).searchParams.get('token') ?? '').slice(0, 500)
	return { token, usable: await isResetTokenUsable(context.db, token) }
}

export async function action({ request, context }: Route.ActionArgs) {
	const form = await readForm(request)
	const parsed = parseForm(NewPasswordSchema, form)
	if (!parsed.ok) return data({ error: parsed.formError, expired: false }, { status: 400 })
	const result = await resetPassword(context, parsed.data.token, parsed.data.password)
	if (!result.ok)
		return data({ error: result.message, expired: 'expired' in result }, { status: 400 })
	context.logger.info({ event: 'password-reset' }, 'password reset completed')
	return redirect('/auth?mode=signin&reset=done')
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
	const navigation = useNavigation()
	const expired = !loaderData.usable || actionData?.expired
	const input = 'mt-1 block min-h-11 w-full rounded-lg border border-slate-300 px-3 text-base'
	return (
		<>
			<PageHeader title="Choose a New Password" />
			<div className="container-page max-w-xl py-12">
				{expired ? (
					<div role="alert" className="rounded-2xl bg-amber-50 p-6 text-amber-900">
						<p className="font-semibold">{AUTH_MESSAGES.resetLinkInvalid}</p>
						<Link to="/auth?mode=reset" className="btn-primary mt-4">
							Request a new link
						</Link>
					</div>
				) : (
					<Form
						method="post"
						className="space-y-4 rounded-2xl bg-white p-6 shadow-md ring-1 ring-slate-200"
					>
						<input type="hidden" name="token" value={loaderData.token} />
						{actionData?.error ? (
							<p
								role="alert"
								className="rounded-lg bg-red-50 px-4 py-3 text-sm font-medium text-red-800"
							>
								{actionData.error}
							</p>
						) : null}
						<label className="block text-sm font-semibold text-slate-800">
							New password
							<input
								name="password"
								type="password"
								autoComplete="new-password"
								maxLength={128}
								className={input}
							/>
						</label>
						<label className="block text-sm font-semibold text-slate-800">
							Confirm new password
							<input
								name="confirmPassword"
								type="password"
								autoComplete="new-password"
								maxLength={128}
								className={input}
							/>
							<span className="mt-1 block text-xs font-normal text-slate-600">
								At least 8 characters.
							</span>
						</label>
						<button
							type="submit"
							className="btn-primary w-full"
							disabled={navigation.state === 'submitting'}
						>
							Set new password
						</button>
					</Form>
				)}
			</div>
		</>
	)
}
