import { Download, LogOut, Trash2 } from 'lucide-react'
import { Form, useNavigation } from 'react-router'
import { useFormErrors } from '~/components/forms/use-form-errors'
import { AUTH_MESSAGES } from '~/lib/auth-forms'
import { type DeliveryField, ProfileDeliverySchema } from '~/lib/delivery-schema'
import type { FieldErrors } from '~/lib/forms'
import { DeliveryFields, PROFILE_FIELDS } from './delivery-fields'

type ProfileTabProps = {
	email: string
	details: Partial<Record<DeliveryField, string>>
	errors?: FieldErrors
	saved?: boolean
	/** A refused password change or deletion, shown in the form it came from. */
	accountError?: { form: 'password' | 'delete'; message: string }
	passwordChanged?: boolean
}

export function ProfileTab({
	email,
	details,
	errors: serverErrors,
	saved,
	accountError,
	passwordChanged,
}: ProfileTabProps) {
	const form = useFormErrors(ProfileDeliverySchema, serverErrors)
	const navigation = useNavigation()
	const saving =
		navigation.state === 'submitting' && navigation.formData?.get('intent') === 'save-details'
	return (
		<div className="space-y-10">
			<dl className="grid gap-4 sm:grid-cols-2">
				<div className="rounded-xl bg-pond-50 p-4">
					<dt className="text-sm font-semibold text-slate-600">Email</dt>
					<dd className="mt-1 break-all text-lg font-semibold text-pond-900">{email}</dd>
				</div>
				<div className="rounded-xl bg-pond-50 p-4">
					<dt className="text-sm font-semibold text-slate-600">Account type</dt>
					<dd className="mt-1 text-lg font-semibold text-pond-900">Registered User</dd>
				</div>
			</dl>
			<section aria-labelledby="saved-details">
				<h2 id="saved-details" className="font-display text-xl font-bold text-pond-900">
					Saved delivery details
				</h2>
				<p className="mt-1 text-sm text-slate-600">
					We fill these in for you at checkout. You can change them at any time.
				</p>
				<Form method="post" noValidate className="mt-4 space-y-4" onSubmit={form.onSubmit}>
					<input type="hidden" name="intent" value="save-details" />
					<DeliveryFields
						fields={PROFILE_FIELDS}
						values={details}
						errors={form.errors}
						onEdit={form.clear}
					/>
					<div className="flex flex-wrap items-center gap-4">
						<button type="submit" className="btn-primary" disabled={saving}>
							{saving ? 'Saving…' : 'Save details'}
						</button>
						{saved ? (
							<p role="status" className="font-medium text-green-800">
								Your delivery details have been saved.
							</p>
						) : null}
					</div>
				</Form>
			</section>
			<ChangePassword
				error={accountError?.form === 'password' ? accountError.message : undefined}
				changed={passwordChanged}
			/>
			<section aria-labelledby="your-data" className="space-y-4">
				<h2 id="your-data" className="font-display text-xl font-bold text-pond-900">
					Your data
				</h2>
				<div className="flex flex-wrap gap-3">
					<a href="/auth/my-data" download className="btn-secondary">
						<Download aria-hidden="true" className="size-5" /> Download my data
					</a>
					<Form method="post">
						<input type="hidden" name="intent" value="signout" />
						<button type="submit" className="btn-secondary">
							<LogOut aria-hidden="true" className="size-5" /> Sign Out
						</button>
					</Form>
				</div>
				<details className="rounded-xl border border-red-200 p-4">
					<summary className="cursor-pointer font-semibold text-red-800">Delete my account</summary>
					<Form method="post" className="mt-3 space-y-3">
						<input type="hidden" name="intent" value="delete-account" />
						<p className="text-sm text-slate-700">
							This removes your account, your saved details and your name, email, phone number and
							address from past orders. We keep the anonymised order records (items and totals) for
							our accounts. This cannot be undone.
						</p>
						{accountError?.form === 'delete' ? (
							<p role="alert" className="text-sm font-medium text-red-800">
								{accountError.message}
							</p>
						) : null}
						<PasswordField name="currentPassword" label="Your current password" />
						<label className="flex items-center gap-2 text-sm font-medium">
							<input
								type="checkbox"
								name="confirm"
								value="yes"
								required
								className="size-4 accent-red-700"
							/>
							I understand that my account will be deleted permanently.
						</label>
						<button
							type="submit"
							className="btn bg-red-700 text-white hover:bg-red-800 focus-visible:outline-red-700"
						>
							<Trash2 aria-hidden="true" className="size-5" /> Delete my account
						</button>
					</Form>
				</details>
			</section>
		</div>
	)
}

function PasswordField({
	name,
	label,
	autoComplete = 'current-password',
}: {
	name: string
	label: string
	autoComplete?: string
}) {
	return (
		<label className="block text-sm font-semibold text-slate-800">
			{label}
			<input
				name={name}
				type="password"
				required
				maxLength={128}
				autoComplete={autoComplete}
				className="mt-1 block min-h-11 w-full max-w-sm rounded-lg border border-slate-300 px-3 text-base"
			/>
		</label>
	)
}

/** Changing a sign-in detail asks for the current password first (re-authentication). */
function ChangePassword({ error, changed }: { error?: string; changed?: boolean }) {
	return (
		<section aria-labelledby="change-password" className="space-y-4">
			<h2 id="change-password" className="font-display text-xl font-bold text-pond-900">
				Change password
			</h2>
			<Form method="post" className="space-y-3">
				<input type="hidden" name="intent" value="change-password" />
				{error ? (
					<p role="alert" className="text-sm font-medium text-red-800">
						{error}
					</p>
				) : null}
				{changed ? (
					<p role="status" className="font-medium text-green-800">
						{AUTH_MESSAGES.passwordChanged}
					</p>
				) : null}
				<PasswordField name="currentPassword" label="Current password" />
				<PasswordField name="password" label="New password" autoComplete="new-password" />
				<PasswordField
					name="confirmPassword"
					label="Confirm new password"
					autoComplete="new-password"
				/>
				<button type="submit" className="btn-secondary">
					Change password
				</button>
			</Form>
		</section>
	)
}
