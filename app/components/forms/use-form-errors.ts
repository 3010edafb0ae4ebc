import { type FormEvent, useEffect, useState } from 'react'
import type { z } from 'zod'
import { type FieldErrors, parseForm, type Submission } from '~/lib/forms'

/**
 * Field errors for one form: the server's (from actionData) and the browser's (the same schema
 * run on submit, so a bad form never makes the round trip). Editing a field clears its error
 * (spec section 5); a new server answer shows its errors again. Pair with ErrorSummary.
 */
export function useFormErrors(
	/**
	 * The form's schema, or the action's own check where the form is not the schema's shape;
	 * null while it is still loading (the action checks that submit alone).
	 */
	schema: z.ZodType | ((form: HTMLFormElement) => Submission<unknown>) | null,
	serverErrors: FieldErrors | undefined,
) {
	const [clientErrors, setClientErrors] = useState<FieldErrors>({})
	const [cleared, setCleared] = useState<ReadonlySet<string>>(new Set())
	const [attempt, setAttempt] = useState(0)
	useEffect(() => {
		if (!serverErrors) return
		setCleared(new Set())
		if (Object.keys(serverErrors).length > 0) setAttempt((n) => n + 1)
	}, [serverErrors])
	const errors: FieldErrors = { ...clientErrors }
	for (const [field, message] of Object.entries(serverErrors ?? {}))
		if (!cleared.has(field)) errors[field] ??= message
	return {
		errors,
		/** Counts failed submits (the browser's and the server's): ErrorSummary takes focus on each. */
		attempt,
		/** Validates in the browser; stops the submit and shows errors when the form is invalid. */
		onSubmit(event: FormEvent<HTMLFormElement>) {
			if (!schema) return
			const form = event.currentTarget
			const result = typeof schema === 'function' ? schema(form) : parseForm(schema, form)
			if (result.ok) {
				setClientErrors({})
				return
			}
			event.preventDefault()
			setClientErrors(result.fieldErrors)
			setAttempt((n) => n + 1)
		},
		clear(field: string) {
			setCleared((s) => (s.has(field) ? s : new Set(s).add(field)))
			setClientErrors(({ [field]: _gone, ...rest }) => rest)
		},
	}
}
