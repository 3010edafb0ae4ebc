import type { z } from 'zod'

/**
 * The one way a form is parsed (STYLE: one schema per form, shared by client and server):
 * `parseForm(schema, formData)` gives typed data or the first error per field. Actions answer a
 * failure with `data({ fieldErrors }, { status: 400 })`; `useFormErrors` shows them in place.
 */
export type FieldErrors = Record<string, string | undefined>

export type Submission<T> =
	| { ok: true; data: T }
	| { ok: false; fieldErrors: FieldErrors; formError: string }

/** Every string field of a form (files and repeated names are not part of our forms). */
export function formValues(form: FormData | HTMLFormElement) {
	const data = form instanceof FormData ? form : new FormData(form)
	const values: Record<string, string> = {}
	for (const [key, value] of data) if (typeof value === 'string') values[key] = value
	return values
}

export function parseForm<S extends z.ZodType>(
	schema: S,
	/** A posted form, or values already read from one (e.g. a table of rows made into objects). */
	form: FormData | HTMLFormElement | Record<string, unknown>,
): Submission<z.output<S>> {
	const values =
		typeof FormData !== 'undefined' && form instanceof FormData
			? formValues(form)
			: typeof HTMLFormElement !== 'undefined' && form instanceof HTMLFormElement
				? formValues(form)
				: form
	const result = schema.safeParse(values)
	if (result.success) return { ok: true, data: result.data }
	return {
		ok: false,
		fieldErrors: errorsByField(result.error),
		formError: result.error.issues[0]?.message ?? 'Please check the form and try again.',
	}
}

/** The first message for each field, keyed by its path ('zones.2.name'; '' for form-wide ones). */
export function errorsByField(error: z.ZodError): FieldErrors {
	const errors: FieldErrors = {}
	for (const issue of error.issues) {
		const key = issue.path.map(String).join('.')
		errors[key] ??= issue.message
	}
	return errors
}
