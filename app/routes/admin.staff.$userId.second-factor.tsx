import { data, Form, Link, redirect } from 'react-router'
import { requireAccess, requireAction } from '~/.server/auth/guards'
import { resetStaffSecondFactor, staffMember } from '~/.server/auth/staff-reset'
import { readForm } from '~/.server/http/read-body'
import { PageHeader } from '~/components/content/page-header'
import type { BreadcrumbHandle } from '~/components/layout/breadcrumbs'
import { pageMeta } from '~/lib/seo'
import type { Route } from './+types/admin.staff.$userId.second-factor'

export const handle: BreadcrumbHandle = {
	breadcrumb: () => [
		{ label: 'Admin', to: '/admin' },
		{ label: 'Staff', to: '/admin/staff' },
	],
}

export const meta: Route.MetaFunction = (args) =>
	pageMeta(args, {
		title: 'Reset two-step sign-in · Admin',
		description: "Reset a staff member's second factor.",
		noindex: true,
	})

export async function loader({ request, context, params }: Route.LoaderArgs) {
	const user = await requireAccess(request, context, 'admin/staff/:userId/second-factor')
	const member = await staffMember(context.db, params.userId)
	if (!member) throw data(null, { status: 404 })
	return {
		member,
		done: new URL(request.url).searchParams.get('done') === '1',
		self: member.id === user.id,
	}
}

export async function action({ request, context, params }: Route.ActionArgs) {
	const user = await requireAction(request, context, 'admin/staff/:userId/second-factor')
	await readForm(request)
	if (params.userId === user.id)
		return data(
			{ error: 'Use your own security page to change your second factor.' },
			{ status: 400 },
		)
	const reset = await resetStaffSecondFactor(context, user, params.userId)
	if (!reset) throw data(null, { status: 404 })
	return redirect(`/admin/staff/${encodeURIComponent(params.userId)}/second-factor?done=1`)
}

export default function ResetSecondFactor({ loaderData, actionData }: Route.ComponentProps) {
	const { member } = loaderData
	const name = `${member.firstName} ${member.lastName}`.trim() || member.email
	return (
		<>
			<PageHeader title="Reset two-step sign-in" />
			<div className="container-page max-w-2xl space-y-6 py-10">
				{loaderData.done ? (
					<p role="status" className="rounded-xl bg-green-50 p-4 font-medium text-green-900">
						Done: {name} has been signed out everywhere and sets up two-step sign-in again at their
						next sign-in.
					</p>
				) : loaderData.self ? (
					<p className="text-slate-700">
						This is your own account: change your second factor on{' '}
						<Link to="/account/security" className="font-medium text-pond-700 underline">
							your security page
						</Link>
						.
					</p>
				) : (
					<>
						<p className="text-slate-700">
							For {name} ({member.email}), when they have lost their phone and their backup codes.
							Their authenticator app, backup codes and passkeys stop working, every device they are
							signed in on is signed out, and they set up two-step sign-in again next time.
						</p>
						<p className="text-slate-700">
							Check it is really them (call them on a number you already know) before you reset.
						</p>
						{actionData?.error ? (
							<p role="alert" className="font-medium text-red-700">
								{actionData.error}
							</p>
						) : null}
						<Form method="post">
							<button type="submit" className="btn-primary">
								Reset {name}'s two-step sign-in
							</button>
						</Form>
					</>
				)}
			</div>
		</>
	)
}
