import { data, Form, Link, redirect } from 'react-router'
import { ipKey, withinLimits } from '~/.server/auth/attempt-limiter'
import { acceptInvitation, openInvitation } from '~/.server/auth/staff'
import { readForm } from '~/.server/http/read-body'
import { PageHeader } from '~/components/content/page-header'
import { ErrorSummary } from '~/components/forms/error-summary'
import { errorProps, FieldError } from '~/components/forms/field-error'
import { INPUT_CLASS } from '~/components/forms/input-class'
import { type FieldErrors, parseForm } from '~/lib/forms'
import { pageMeta } from '~/lib/seo'
import { ROLE_LABELS, type StaffRole } from '~/lib/staff-access'
import { AcceptInviteSchema, STAFF_MESSAGES } from '~/lib/staff-forms'
import type { Route } from './+types/auth.invite.$token'

/** Tries to use invitation links per address an hour: a token cannot be guessed, this bounds the work. */
const ACCEPTS_PER_HOUR = 20

export const meta: Route.MetaFunction = (args) =>
	pageMeta(args, {
		title: 'Join the team',
		description: 'Accept an invitation to the back office.',
		noindex: true,
	})

export async function loader({ params, context }: Route.LoaderArgs) {
	const invitation = await openInvitation(context.db, params.token)
	if (!invitation) return { invitation: null }
	return {
		invitation: {
			email: invitation.email,
			role: ROLE_LABELS[invitation.role as StaffRole] ?? invitation.role,
			hasAccount: invitation.hasAccount,
		},
	}
}

export async function action({ request, params, context }: Route.ActionArgs) {
	const form = await readForm(request)
	const allowed =
		!context.clientIp ||
		(await withinLimits(context.db, 60, [
			{ key: ipKey('invite', context.clientIp), limit: ACCEPTS_PER_HOUR },
		]))
	if (!allowed)
		return data(
			{ fieldErrors: { '': 'Too many attempts. Please try again later.' } as FieldErrors },
			{ status: 429 },
		)
	const parsed = parseForm(AcceptInviteSchema, form)
	const invitation = await openInvitation(context.db, params.token)
	// An existing account joins with its own password: only the button is posted.
	if (!parsed.ok && !invitation?.hasAccount)
		return data({ fieldErrors: parsed.fieldErrors }, { status: 400 })
	const input = parsed.ok ? parsed.data : { firstName: '', lastName: '', password: '' }
	const result = await acceptInvitation(
		context.db,
		context.auth,
		params.token,
		input,
		context.clientIp,
	)
	if (!result.ok)
		return data(
			{ fieldErrors: { [invitation ? 'password' : '']: result.message } as FieldErrors },
			{ status: 400 },
		)
	context.logger.info({ event: 'staff-joined' }, 'invitation accepted')
	return redirect('/auth?mode=signin&joined=1')
}

const FIELDS = {
	firstName: 'invite-first',
	lastName: 'invite-last',
	password: 'invite-password',
	confirmPassword: 'invite-confirm',
} as const

export default function AcceptInvitation({ loaderData, actionData }: Route.ComponentProps) {
	const { invitation } = loaderData
	const errors = actionData?.fieldErrors ?? {}
	const field = (name: keyof typeof FIELDS, label: string, type = 'text', auto = 'off') => (
		<div>
			<label htmlFor={FIELDS[name]} className="block font-semibold">
				{label}
			</label>
			<input
				id={FIELDS[name]}
				name={name}
				type={type}
				autoComplete={auto}
				required
				className={INPUT_CLASS}
				{...errorProps(FIELDS[name], errors[name])}
			/>
			<FieldError id={FIELDS[name]} error={errors[name]} />
		</div>
	)
	return (
		<>
			<PageHeader title="Join the team" />
			<div className="container-page max-w-xl py-12">
				{!invitation ? (
					<div role="alert" className="rounded-2xl bg-amber-50 p-6 text-amber-900">
						<p className="font-semibold">{STAFF_MESSAGES.inviteInvalid}</p>
						<Link to="/" className="btn-primary mt-4">
							Return to Home
						</Link>
					</div>
				) : (
					<Form method="post" noValidate className="space-y-4">
						<p className="text-slate-700">
							You have been invited to the back office as{' '}
							<strong>{invitation.role.toLowerCase()}</strong>, with the email address{' '}
							<strong className="break-all">{invitation.email}</strong>.
						</p>
						<ErrorSummary
							errors={errors}
							idFor={(name) => FIELDS[name as keyof typeof FIELDS]}
							attempt={actionData ? 1 : 0}
						/>
						{errors[''] ? (
							<p role="alert" className="rounded-xl bg-red-50 p-4 text-red-800">
								{errors['']}
							</p>
						) : null}
						{invitation.hasAccount ? (
							<p className="text-slate-700">
								You already have an account with this address: accept, then sign in with your usual
								password.
							</p>
						) : (
							<>
								{field('firstName', 'First name', 'text', 'given-name')}
								{field('lastName', 'Last name', 'text', 'family-name')}
								{field('password', 'Choose a password', 'password', 'new-password')}
								{field('confirmPassword', 'Confirm password', 'password', 'new-password')}
							</>
						)}
						<button type="submit" className="btn-primary">
							Accept the invitation
						</button>
					</Form>
				)}
			</div>
		</>
	)
}
