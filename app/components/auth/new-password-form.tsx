import { Form, useNavigation } from 'react-router'
import { ErrorSummary } from '~/components/forms/error-summary'
import { errorProps, FieldError } from '~/components/forms/field-error'
import { INPUT_CLASS } from '~/components/forms/input-class'
import { useFormErrors } from '~/components/forms/use-form-errors'
import { NewPasswordSchema } from '~/lib/auth-forms'
import type { FieldErrors } from '~/lib/forms'

const fieldId = (name: string) => `new-${name}`

/** The new password and its confirmation, from the link in a reset email. */
export function NewPasswordForm({
	token,
	fieldErrors,
}: {
	token: string
	fieldErrors: FieldErrors | undefined
}) {
	const navigation = useNavigation()
	const form = useFormErrors(NewPasswordSchema, fieldErrors)
	const field = (name: string, label: string, hint?: string) => (
		<div>
			<label htmlFor={fieldId(name)} className="block text-sm font-semibold text-slate-800">
				{label}
			</label>
			<input
				id={fieldId(name)}
				name={name}
				type="password"
				autoComplete="new-password"
				maxLength={128}
				onChange={() => form.clear(name)}
				className={INPUT_CLASS}
				{...errorProps(fieldId(name), form.errors[name], { hint: Boolean(hint) })}
			/>
			{hint ? (
				<p id={`${fieldId(name)}-hint`} className="mt-1 text-xs text-slate-600">
					{hint}
				</p>
			) : null}
			<FieldError id={fieldId(name)} error={form.errors[name]} />
		</div>
	)
	return (
		<Form
			method="post"
			noValidate
			onSubmit={form.onSubmit}
			className="space-y-4 rounded-2xl bg-white p-6 shadow-md ring-1 ring-slate-200"
		>
			<input type="hidden" name="token" value={token} />
			<ErrorSummary errors={form.errors} idFor={fieldId} attempt={form.attempt} />
			{field('password', 'New password', 'At least 8 characters.')}
			{field('confirmPassword', 'Confirm new password')}
			<button
				type="submit"
				className="btn-primary w-full"
				disabled={navigation.state === 'submitting'}
			>
				Set new password
			</button>
		</Form>
	)
}
