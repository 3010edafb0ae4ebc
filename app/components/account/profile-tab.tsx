import { Download, LogOut } from 'lucide-react'
import { Form, Link, useNavigation } from 'react-router'
import { ErrorSummary } from '~/components/forms/error-summary'
import { useFormErrors } from '~/components/forms/use-form-errors'
import { type DeliveryField, ProfileDeliverySchema } from '~/lib/delivery-schema'
import type { FieldErrors } from '~/lib/forms'
import { type AccountError, ChangePassword, DeleteAccount } from './account-security'
import { DeliveryFields, PROFILE_FIELDS } from './delivery-fields'

type ProfileTabProps = {
	email: string
	details: Partial<Record<DeliveryField, string>>
	errors?: FieldErrors
	saved?: boolean
	/** A refused password change or deletion, shown in the form it came from. */
	accountError?: AccountError & { form: 'password' | 'delete' }
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
					<ErrorSummary
						errors={form.errors}
						idFor={(name) => `delivery-${name}`}
						attempt={form.attempt}
					/>
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
				error={accountError?.form === 'password' ? accountError : undefined}
				changed={passwordChanged}
			/>
			<section aria-labelledby="sign-in-security" className="space-y-2">
				<h2 id="sign-in-security" className="font-display text-xl font-bold text-pond-900">
					Sign-in and security
				</h2>
				<p className="text-slate-700">
					Turn on two-step sign-in, add a passkey, and see or sign out the devices signed in to your
					account.
				</p>
				<Link to="/account/security" className="btn-secondary">
					Sign-in and security
				</Link>
			</section>
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
				<DeleteAccount error={accountError?.form === 'delete' ? accountError : undefined} />
			</section>
		</div>
	)
}
