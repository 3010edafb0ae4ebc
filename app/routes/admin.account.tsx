import { data, Form, Link, redirect } from 'react-router'
import { listDevices } from '~/.server/auth/devices'
import { requireAccess, requireAction } from '~/.server/auth/guards'
import { recordSecurityEvent } from '~/.server/auth/security-events'
import { readStaffRule, saveStaffRule } from '~/.server/auth/staff-settings'
import { readForm } from '~/.server/http/read-body'
import { waitingRequests } from '~/.server/orders/after-sale/staff-requests'
import { AdminNav } from '~/components/admin/admin-nav'
import { PageHeader } from '~/components/content/page-header'
import type { BreadcrumbHandle } from '~/components/layout/breadcrumbs'
import { DevicesList } from '~/components/security/devices-list'
import { parseForm } from '~/lib/forms'
import { StaffRuleSchema } from '~/lib/second-factor'
import { pageMeta } from '~/lib/seo'
import { can } from '~/lib/staff-access'
import type { Route } from './+types/admin.account'
import { devicesAction } from './account.security.server'

export const handle: BreadcrumbHandle = {
	breadcrumb: () => [
		{ label: 'Admin', to: '/admin' },
		{ label: 'Your account', to: '/admin/account' },
	],
}

export const meta: Route.MetaFunction = (args) =>
	pageMeta(args, {
		title: 'Your account · Admin',
		description: 'Your signed-in devices and two-step sign-in.',
		noindex: true,
	})

/** Only the owner may relax the staff rule (issue 60: never for owners themselves). */
const isOwner = (user: { role: string }) => can(user.role, 'staff.manage')

export async function loader({ request, context }: Route.LoaderArgs) {
	const user = await requireAccess(request, context, 'admin/account')
	return {
		role: user.role,
		userId: user.id,
		email: user.email,
		twoFactorEnabled: user.twoFactorEnabled,
		devices: await listDevices(context.db, user),
		staffRule: isOwner(user) ? await readStaffRule(context.db) : null,
		requestsWaiting: await waitingRequests(context.db),
	}
}

export async function action({ request, context }: Route.ActionArgs) {
	const form = await readForm(request)
	const user = await requireAction(request, context, 'admin/account', form.get('intent'))
	if (String(form.get('intent') ?? '') !== 'staff-rule')
		return devicesAction(context, user, form, '/admin/account')
	const parsed = parseForm(StaffRuleSchema, form)
	if (!parsed.ok) return data({ form: 'staff-rule', notice: parsed.formError }, { status: 400 })
	const staffRequired = parsed.data.staffRequired === 'on'
	await saveStaffRule(context.db, staffRequired, user.email)
	await recordSecurityEvent(context, {
		kind: 'staff-rule-changed',
		byUserId: user.id,
		staffRequired,
	})
	return redirect('/admin/account?saved=1')
}

export default function AdminAccount({ loaderData, actionData }: Route.ComponentProps) {
	const answer = actionData && 'form' in actionData ? actionData : undefined
	return (
		<>
			<PageHeader title="Your account" intro={`Signed in as ${loaderData.email}.`} />
			<div className="container-page space-y-12 py-10" data-user-id={loaderData.userId}>
				<AdminNav role={loaderData.role} requestsWaiting={loaderData.requestsWaiting} />
				<section aria-labelledby="two-step" className="max-w-3xl space-y-3">
					<h2 id="two-step" className="font-display text-xl font-bold text-pond-900">
						Two-step sign-in
					</h2>
					<p className="text-slate-700">
						{loaderData.twoFactorEnabled
							? 'On: a code from your authenticator app (or a passkey) after your password.'
							: 'Off for your account.'}
					</p>
					<Link to="/account/security" className="btn-secondary">
						Passkeys, backup codes and set-up
					</Link>
				</section>
				<div className="max-w-3xl">
					<DevicesList
						devices={loaderData.devices}
						notice={answer?.form === 'devices' ? answer.notice : undefined}
					/>
				</div>
				{loaderData.staffRule ? (
					<section aria-labelledby="staff-rule" className="max-w-3xl space-y-3">
						<h2 id="staff-rule" className="font-display text-xl font-bold text-pond-900">
							Two-step sign-in for staff
						</h2>
						<p className="text-slate-700">
							Owners always need it. Staff need it too unless you turn this off (not advised: a
							staff password alone then opens orders and customers' details).
						</p>
						<Form method="post" className="space-y-3">
							<input type="hidden" name="intent" value="staff-rule" />
							<label className="flex items-center gap-3">
								<input
									type="checkbox"
									name="staffRequired"
									value="on"
									defaultChecked={loaderData.staffRule.staffRequired}
									className="size-5"
								/>
								<span>Staff must use two-step sign-in</span>
							</label>
							<button type="submit" className="btn-primary">
								Save
							</button>
						</Form>
					</section>
				) : null}
			</div>
		</>
	)
}
