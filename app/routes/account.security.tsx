import { listDevices, qrPath } from '~/.server/auth/devices'
import { mustSetUpSecondFactor, requireUser } from '~/.server/auth/guards'
import { pendingSetUp, secondFactorState } from '~/.server/auth/second-factor'
import { readForm } from '~/.server/http/read-body'
import { PageHeader } from '~/components/content/page-header'
import type { BreadcrumbHandle } from '~/components/layout/breadcrumbs'
import { BackupCodes } from '~/components/security/backup-codes'
import { DevicesList } from '~/components/security/devices-list'
import { SecondFactorPanel } from '~/components/security/second-factor-panel'
import { BUSINESS } from '~/lib/business'
import { pageMeta } from '~/lib/seo'
import type { Route } from './+types/account.security'
import { securityAction } from './account.security.server'

export const handle: BreadcrumbHandle = {
	breadcrumb: () => [
		{ label: 'Account', to: '/auth' },
		{ label: 'Sign-in and security', to: '/account/security' },
	],
}

export const meta: Route.MetaFunction = (args) =>
	pageMeta(args, {
		title: 'Sign-in and Security',
		description: 'Two-step sign-in, passkeys and the devices signed in to your account.',
		noindex: true,
	})

export async function loader({ request, context }: Route.LoaderArgs) {
	const user = await requireUser(request, context)
	const [state, setUp, devices, required] = await Promise.all([
		secondFactorState(context.db, user.id),
		pendingSetUp(context.auth, context.db, user),
		listDevices(context.db, user),
		mustSetUpSecondFactor(context, { ...user, twoFactorEnabled: false }),
	])
	return {
		required,
		mustSetUp: required && !state.enabled,
		isStaff: user.isAdmin,
		panel: {
			enabled: state.enabled,
			setUp: setUp ? { qr: qrPath(setUp.uri), secretText: setUp.secretText } : undefined,
			passkeys: state.passkeys.map((p) => ({
				id: p.id,
				name: p.name,
				createdAt: p.createdAt ? p.createdAt.toISOString() : null,
			})),
			mayTurnOff: !required,
		},
		devices,
	}
}

export async function action({ request, context }: Route.ActionArgs) {
	const user = await requireUser(request, context)
	return securityAction(request, context, user, await readForm(request))
}

export default function Security({ loaderData, actionData }: Route.ComponentProps) {
	const answer = actionData && 'form' in actionData ? actionData : undefined
	const errorsFor = (form: string) => (answer?.form === form ? answer.fieldErrors : undefined)
	return (
		<>
			<PageHeader title="Sign-in and Security" />
			<div className="container-page max-w-3xl space-y-12 py-12">
				{loaderData.mustSetUp ? (
					<div role="alert" className="rounded-2xl bg-amber-50 p-6 text-amber-900">
						<p className="font-semibold">
							Staff accounts need two-step sign-in before the admin opens. Set up an authenticator
							app below; it takes a minute.
						</p>
					</div>
				) : null}
				{answer?.backupCodes ? (
					<BackupCodes codes={answer.backupCodes} business={BUSINESS.name} />
				) : null}
				{answer?.notice && answer.form !== 'devices' ? (
					<p role="status" className="font-medium text-green-800">
						{answer.notice}
					</p>
				) : null}
				<section aria-labelledby="two-step" className="space-y-4">
					<h2 id="two-step" className="font-display text-xl font-bold text-pond-900">
						Two-step sign-in
					</h2>
					<SecondFactorPanel state={loaderData.panel} errorsFor={errorsFor} />
					{answer?.form === 'passkey' && answer.error ? (
						<p role="alert" className="text-sm font-medium text-red-700">
							{answer.error}
						</p>
					) : null}
				</section>
				<DevicesList
					devices={loaderData.devices}
					notice={answer?.form === 'devices' ? answer.notice : undefined}
				/>
				{loaderData.isStaff && !loaderData.mustSetUp ? (
					<p>
						<a href="/admin" className="font-medium text-pond-700 underline">
							Go to the admin
						</a>
					</p>
				) : null}
			</div>
		</>
	)
}
