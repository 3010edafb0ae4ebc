import { data, Link, redirect } from 'react-router'
import { isResetTokenUsable, resetPassword } from '~/.server/auth/account'
import { readForm } from '~/.server/http/read-body'
import { NewPasswordForm } from '~/components/auth/new-password-form'
import { PageHeader } from '~/components/content/page-header'
import type { BreadcrumbHandle } from '~/components/layout/breadcrumbs'
import { AUTH_MESSAGES, MESSAGE_FIELDS, NewPasswordSchema } from '~/lib/auth-forms'
import { type FieldErrors, parseForm } from '~/lib/forms'
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
	if (!parsed.ok) return data({ fieldErrors: parsed.fieldErrors, expired: false }, { status: 400 })
	const result = await resetPassword(context, parsed.data.token, parsed.data.password)
	if (!result.ok) {
		const fieldErrors: FieldErrors = { [MESSAGE_FIELDS[result.message] ?? '']: result.message }
		return data({ fieldErrors, expired: 'expired' in result }, { status: 400 })
	}
	context.logger.info({ event: 'password-reset' }, 'password reset completed')
	return redirect('/auth?mode=signin&reset=done')
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
	const expired = !loaderData.usable || actionData?.expired
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
					<NewPasswordForm token={loaderData.token} fieldErrors={actionData?.fieldErrors} />
				)}
			</div>
		</>
	)
}
