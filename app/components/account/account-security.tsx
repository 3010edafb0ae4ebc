import { Trash2 } from 'lucide-react'
import { useMemo } from 'react'
import { Form } from 'react-router'
import { ErrorSummary } from '~/components/forms/error-summary'
import { errorProps, FieldError } from '~/components/forms/field-error'
import { useFormErrors } from '~/components/forms/use-form-errors'
import { AUTH_MESSAGES, ChangePasswordSchema, DeleteAccountSchema } from '~/lib/auth-forms'
import type { FieldErrors } from '~/lib/forms'

/** A refused password change or deletion: its message and the field it is about, if one. */
export type AccountError = { message: string; field?: string }

/** The server's refusal as field errors ('' when it is about no one field). */
function useServerErrors(error: AccountError | undefined): FieldErrors | undefined {
	return useMemo(() => (error ? { [error.field ?? '']: error.message } : undefined), [error])
}

function PasswordField({
	form,
	name,
	label,
	error,
	onEdit,
	autoComplete = 'current-password',
}: {
	form: string
	name: string
	label: string
	error: string | undefined
	onEdit: (name: string) => void
	autoComplete?: string
}) {
	const id = `${form}-${name}`
	return (
		<div>
			<label htmlFor={id} className="block text-sm font-semibold text-slate-800">
				{label}
			</label>
			<input
				id={id}
				name={name}
				type="password"
				maxLength={128}
				autoComplete={autoComplete}
				onChange={() => onEdit(name)}
				className="mt-1 block min-h-11 w-full max-w-sm rounded-lg border border-slate-300 px-3 text-base"
				{...errorProps(id, error)}
			/>
			<FieldError id={id} error={error} />
		</div>
	)
}

/** Changing a sign-in detail asks for the current password first (re-authentication). */
export function ChangePassword({ error, changed }: { error?: AccountError; changed?: boolean }) {
	const form = useFormErrors(ChangePasswordSchema, useServerErrors(error))
	const field = (name: string, label: string, autoComplete?: string) => (
		<PasswordField
			form="password-change"
			name={name}
			label={label}
			error={form.errors[name]}
			onEdit={form.clear}
			autoComplete={autoComplete}
		/>
	)
	return (
		<section aria-labelledby="change-password" className="space-y-4">
			<h2 id="change-password" className="font-display text-xl font-bold text-pond-900">
				Change password
			</h2>
			<Form method="post" noValidate className="space-y-3" onSubmit={form.onSubmit}>
				<input type="hidden" name="intent" value="change-password" />
				<ErrorSummary
					errors={form.errors}
					idFor={(name) => `password-change-${name}`}
					attempt={form.attempt}
				/>
				{changed ? (
					<p role="status" className="font-medium text-green-800">
						{AUTH_MESSAGES.passwordChanged}
					</p>
				) : null}
				{field('currentPassword', 'Current password')}
				{field('password', 'New password', 'new-password')}
				{field('confirmPassword', 'Confirm new password', 'new-password')}
				<button type="submit" className="btn-secondary">
					Change password
				</button>
			</Form>
		</section>
	)
}

/** Deleting the account: the current password and a tick that says the visitor understands. */
export function DeleteAccount({ error }: { error?: AccountError }) {
	const form = useFormErrors(DeleteAccountSchema, useServerErrors(error))
	return (
		<details open={Boolean(error)} className="rounded-xl border border-red-200 p-4">
			<summary className="cursor-pointer font-semibold text-red-800">Delete my account</summary>
			<Form method="post" noValidate className="mt-3 space-y-3" onSubmit={form.onSubmit}>
				<input type="hidden" name="intent" value="delete-account" />
				<p className="text-sm text-slate-700">
					This removes your account, your saved details and your name, email, phone number and
					address from past orders. We keep the anonymised order records (items and totals) for our
					accounts. This cannot be undone.
				</p>
				<ErrorSummary
					errors={form.errors}
					idFor={(name) => `account-delete-${name}`}
					attempt={form.attempt}
				/>
				<PasswordField
					form="account-delete"
					name="currentPassword"
					label="Your current password"
					error={form.errors.currentPassword}
					onEdit={form.clear}
				/>
				<div>
					<label className="flex items-center gap-2 text-sm font-medium">
						<input
							id="account-delete-confirm"
							type="checkbox"
							name="confirm"
							value="yes"
							onChange={() => form.clear('confirm')}
							className="size-4 accent-red-700"
							{...errorProps('account-delete-confirm', form.errors.confirm)}
						/>
						I understand that my account will be deleted permanently.
					</label>
					<FieldError id="account-delete-confirm" error={form.errors.confirm} />
				</div>
				<button
					type="submit"
					className="btn bg-red-700 text-white hover:bg-red-800 focus-visible:outline-red-700"
				>
					<Trash2 aria-hidden="true" className="size-5" /> Delete my account
				</button>
			</Form>
		</details>
	)
}
