import { type FormEvent, useEffect, useState } from 'react'
import type { z } from 'zod'
import { type FieldErrors, parseForm } from '~/lib/forms'

/**
 * Field errors for one form: the server's (from actionData) and the browser's (the same schema
 * run on submit, so a bad form never makes the round trip). Editing a field clears its error
 * (spec section 5); a new server answer shows its errors again.
 */
export function useFormErrors(schema: z.ZodType, serverErrors: FieldErrors | undefined) {
	const [clientErrors, setClientErrors] = useState<FieldErrors>({})
	const [cleared, setCleared] = useState<ReadonlySet<string>>(new Set())
	useEffect(() => {
		if (serverErrors) setCleared(new Set())
	}, [serverErrors])
	const errors: FieldErrors = { ...clientErrors }
	for (const [field, message] of Object.entries(serverErrors ?? {}))
		if (!cleared.has(field)) errors[field] ??= message
	return {
		errors,
		/** Validates in the browser; stops the submit and shows errors when the form is invalid. */
		onSubmit(event: FormEvent<HTMLFormElement>) {
			const result = parseForm(schema, event.currentTarget)
			if (result.ok) {
				setClientErrors({})
				return
			}
			event.preventDefault()
			setClientErrors(result.fieldErrors)
			const first = Object.keys(result.fieldErrors)[0]
			if (first) event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus()
		},
		clear(field: string) {
			setCleared((s) => (s.has(field) ? s : new Set(s).add(field)))
			setClientErrors(({ [field]: _gone, ...rest }) => rest)
		},
	}
}
