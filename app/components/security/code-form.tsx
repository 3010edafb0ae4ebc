import { Form, useNavigation } from 'react-router'
import { ErrorSummary } from '~/components/forms/error-summary'
import { errorProps, FieldError } from '~/components/forms/field-error'
import { INPUT_CLASS } from '~/components/forms/input-class'
import { useFormErrors } from '~/components/forms/use-form-errors'
import type { FieldErrors } from '~/lib/forms'
import { SecondFactorCodeSchema } from '~/lib/second-factor'

/** The code page's form: a code from the app or a backup code, in one box. */
export function SecondFactorCodeForm({
	redirectTo,
	fieldErrors,
}: {
	redirectTo: string
	fieldErrors: FieldErrors | undefined
}) {
	const navigation = useNavigation()
	const form = useFormErrors(SecondFactorCodeSchema, fieldErrors)
	return (
		<Form method="post" noValidate onSubmit={form.onSubmit} className="space-y-4">
			<input type="hidden" name="intent" value="code" />
			<input type="hidden" name="redirectTo" value={redirectTo} />
			<ErrorSummary
				errors={form.errors}
				idFor={() => 'second-factor-code'}
				attempt={form.attempt}
			/>
			<div>
				<label htmlFor="second-factor-code" className="block text-sm font-semibold text-slate-800">
					Code
				</label>
				<input
					id="second-factor-code"
					name="code"
					type="text"
					inputMode="text"
					autoComplete="one-time-code"
					autoCapitalize="off"
					spellCheck={false}
					maxLength={32}
					onChange={() => form.clear('code')}
					className={`${INPUT_CLASS} max-w-xs font-mono text-lg tracking-widest`}
					{...errorProps('second-factor-code', form.errors.code ?? form.errors[''], { hint: true })}
				/>
				<p id="second-factor-code-hint" className="mt-1 text-sm text-slate-600">
					The 6-digit code your authenticator app shows now, or one of your backup codes.
				</p>
				<FieldError id="second-factor-code" error={form.errors.code ?? form.errors['']} />
			</div>
			<button type="submit" className="btn-primary" disabled={navigation.state === 'submitting'}>
				Continue
			</button>
		</Form>
	)
}
