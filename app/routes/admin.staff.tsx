import { Form, Link, useNavigation } from 'react-router'
import { requireAccess } from '~/.server/auth/guards'
import { listStaff } from '~/.server/auth/staff'
import { staffRules } from '~/.server/auth/staff-settings'
import { AdminNav } from '~/components/admin/admin-nav'
import { PageHeader } from '~/components/content/page-header'
import { errorProps, FieldError } from '~/components/forms/field-error'
import { INPUT_CLASS } from '~/components/forms/input-class'
import type { BreadcrumbHandle } from '~/components/layout/breadcrumbs'
import { FormResult } from '~/components/ui/form-result'
import { formatDateTime } from '~/lib/dates'
import { penceToInput } from '~/lib/money'
import { pageMeta } from '~/lib/seo'
import { ROLE_LABELS, ROLE_SUMMARIES, STAFF_ROLES, type StaffRole } from '~/lib/staff-access'
import { INVITE_HOURS } from '~/lib/staff-forms'
import type { Route } from './+types/admin.staff'
import { type StaffActionData, staffAction } from './admin.staff.server'

export const handle: BreadcrumbHandle = {
	breadcrumb: () => [
		{ label: 'Admin', to: '/admin' },
		{ label: 'Staff', to: '/admin/staff' },
	],
}

export const meta: Route.MetaFunction = (args) =>
	pageMeta(args, {
		title: 'Staff · Admin',
		description: 'Who can use the back office, and what each person may do.',
		noindex: true,
	})

export async function loader({ request, context }: Route.LoaderArgs) {
	const viewer = await requireAccess(request, context, 'admin/staff')
	const [{ people, invitations }, rules] = await Promise.all([
		listStaff(context.db),
		staffRules(context.db),
	])
	return {
		role: viewer.role,
		me: viewer.id,
		people: people.map((p) => ({ ...p, createdAt: p.createdAt.toISOString() })),
		invitations: invitations.map((i) => ({ ...i, expiresAt: i.expiresAt.toISOString() })),
		rules,
	}
}

export const action = ({ request, context }: Route.ActionArgs) => staffAction(request, context)

function RoleSelect({ id, value, error }: { id: string; value?: string; error?: string }) {
	return (
		<select
			id={id}
			name="role"
			defaultValue={value ?? 'staff'}
			className={INPUT_CLASS}
			{...errorProps(id, error)}
		>
			{STAFF_ROLES.map((role) => (
				<option key={role} value={role}>
					{ROLE_LABELS[role]}
				</option>
			))}
		</select>
	)
}

const result = (actionData: StaffActionData | undefined, intent: string) =>
	actionData?.intent === intent ? actionData : undefined

export default function StaffPage({ loaderData, actionData }: Route.ComponentProps) {
	const { people, invitations, rules, me } = loaderData
	const busy = useNavigation().state === 'submitting'
	const invite = result(actionData, 'invite')
	const rulesResult = result(actionData, 'rules')
	const listResult =
		result(actionData, 'change-role') ??
		result(actionData, 'remove') ??
		result(actionData, 'sign-out') ??
		result(actionData, 'cancel-invite')
	return (
		<>
			<PageHeader title="Staff" intro="Who can use the back office, and what each person may do." />
			<div className="container-page max-w-4xl space-y-10 py-10">
				<AdminNav role={loaderData.role} />
				<section aria-labelledby="people" className="space-y-4">
					<h2 id="people" className="font-display text-2xl font-bold text-pond-900">
						People
					</h2>
					<FormResult result={listResult} />
					<ul className="divide-y divide-slate-200 rounded-xl border border-slate-200">
						{people.map((person) => {
							const name = `${person.firstName} ${person.lastName}`.trim() || person.email
							return (
								<li key={person.id} className="space-y-3 p-4">
									<div>
										<p className="font-semibold text-pond-900">
											{name}
											{person.id === me ? ' (you)' : ''}
										</p>
										<p className="break-all text-slate-700">{person.email}</p>
										<p className="text-sm text-slate-600">
											{ROLE_LABELS[person.role as StaffRole]} since{' '}
											{formatDateTime(person.createdAt)}
										</p>
									</div>
									<div className="flex flex-wrap items-end gap-3">
										<Form method="post" className="flex flex-wrap items-end gap-2">
											<input type="hidden" name="intent" value="change-role" />
											<input type="hidden" name="userId" value={person.id} />
											<label htmlFor={`role-${person.id}`} className="block text-sm font-semibold">
												Role for {name}
												<RoleSelect id={`role-${person.id}`} value={person.role} />
											</label>
											<button type="submit" className="btn-secondary" disabled={busy}>
												Change role
											</button>
										</Form>
										{person.id === me ? null : (
											<Link
												to={`/admin/staff/${encodeURIComponent(person.id)}/second-factor`}
												className="py-2 font-medium text-pond-700 underline"
											>
												Reset two-step sign-in for {name}
											</Link>
										)}
										{person.id === me ? null : (
											<Form method="post">
												<input type="hidden" name="intent" value="sign-out" />
												<input type="hidden" name="userId" value={person.id} />
												<button type="submit" className="btn-secondary" disabled={busy}>
													Sign {name} out everywhere
												</button>
											</Form>
										)}
										{person.id === me ? null : (
											<details className="rounded-lg border border-red-200 p-2">
												<summary className="cursor-pointer font-semibold text-red-800">
													Remove {name}…
												</summary>
												<Form method="post" className="mt-2 space-y-2">
													<input type="hidden" name="intent" value="remove" />
													<input type="hidden" name="userId" value={person.id} />
													<p className="text-sm text-slate-700">
														They are signed out everywhere at once and can no longer open the back
														office. Their customer account stays.
													</p>
													<button type="submit" className="btn-primary bg-red-700" disabled={busy}>
														Yes, remove {name}
													</button>
												</Form>
											</details>
										)}
									</div>
								</li>
							)
						})}
					</ul>
					{invitations.length > 0 ? (
						<>
							<h3 className="font-display text-xl font-bold text-pond-900">
								Invitations not yet accepted
							</h3>
							<ul className="divide-y divide-slate-200 rounded-xl border border-slate-200">
								{invitations.map((invitation) => (
									<li key={invitation.id} className="flex flex-wrap items-center gap-3 p-4">
										<p className="min-w-0 flex-1">
											<span className="block break-all font-semibold">{invitation.email}</span>
											<span className="block text-sm text-slate-700">
												{ROLE_LABELS[invitation.role as StaffRole]} · link works until{' '}
												{formatDateTime(invitation.expiresAt)}
											</span>
										</p>
										<Form method="post">
											<input type="hidden" name="intent" value="cancel-invite" />
											<input type="hidden" name="inviteId" value={invitation.id} />
											<button type="submit" className="btn-secondary" disabled={busy}>
												Withdraw
											</button>
										</Form>
									</li>
								))}
							</ul>
						</>
					) : null}
				</section>
				<section aria-labelledby="invite" className="space-y-4">
					<h2 id="invite" className="font-display text-2xl font-bold text-pond-900">
						Invite someone
					</h2>
					<p className="text-slate-700">
						We email them a link to choose their password. It works once, for {INVITE_HOURS} hours.
					</p>
					<FormResult result={invite} />
					<Form method="post" noValidate className="grid gap-4 sm:grid-cols-2">
						<input type="hidden" name="intent" value="invite" />
						<div>
							<label htmlFor="invite-email" className="block font-semibold">
								Email address
							</label>
							<input
								id="invite-email"
								name="email"
								type="email"
								autoComplete="off"
								required
								defaultValue={invite?.ok ? '' : invite?.values?.email}
								className={INPUT_CLASS}
								{...errorProps('invite-email', invite?.fieldErrors?.email)}
							/>
							<FieldError id="invite-email" error={invite?.fieldErrors?.email} />
						</div>
						<div>
							<label htmlFor="invite-role" className="block font-semibold">
								Role
							</label>
							<RoleSelect id="invite-role" error={invite?.fieldErrors?.role} />
							<FieldError id="invite-role" error={invite?.fieldErrors?.role} />
						</div>
						<dl className="text-sm text-slate-700 sm:col-span-2">
							{STAFF_ROLES.map((role) => (
								<div key={role}>
									<dt className="inline font-semibold">{ROLE_LABELS[role]}: </dt>
									<dd className="inline">{ROLE_SUMMARIES[role]}</dd>
								</div>
							))}
						</dl>
						<div className="sm:col-span-2">
							<button type="submit" className="btn-primary" disabled={busy}>
								Send invitation
							</button>
						</div>
					</Form>
				</section>
				<section aria-labelledby="rules" className="space-y-4">
					<h2 id="rules" className="font-display text-2xl font-bold text-pond-900">
						Staff rules
					</h2>
					<FormResult result={rulesResult} />
					<Form method="post" noValidate className="grid gap-4 sm:grid-cols-2">
						<input type="hidden" name="intent" value="rules" />
						<div>
							<label htmlFor="refund-limit" className="block font-semibold">
								Largest refund staff may make (£)
							</label>
							<input
								id="refund-limit"
								name="refundLimit"
								inputMode="decimal"
								defaultValue={
									rulesResult?.values?.refundLimit ?? penceToInput(rules.refundLimitPence)
								}
								className={INPUT_CLASS}
								{...errorProps('refund-limit', rulesResult?.fieldErrors?.refundLimit)}
							/>
							<FieldError id="refund-limit" error={rulesResult?.fieldErrors?.refundLimit} />
						</div>
						<div>
							<label htmlFor="retention" className="block font-semibold">
								Keep the audit log for (months)
							</label>
							<input
								id="retention"
								name="auditRetentionMonths"
								inputMode="numeric"
								defaultValue={
									rulesResult?.values?.auditRetentionMonths ?? String(rules.auditRetentionMonths)
								}
								className={INPUT_CLASS}
								{...errorProps('retention', rulesResult?.fieldErrors?.auditRetentionMonths)}
							/>
							<FieldError id="retention" error={rulesResult?.fieldErrors?.auditRetentionMonths} />
						</div>
						<div className="sm:col-span-2">
							<button type="submit" className="btn-primary" disabled={busy}>
								Save rules
							</button>
						</div>
					</Form>
				</section>
			</div>
		</>
	)
}
