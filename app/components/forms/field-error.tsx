/** A field's error, placed under it and tied to it with aria-describedby={`${id}-error`}. */
export function FieldError({ id, error }: { id: string; error: string | undefined }) {
	if (!error) return null
	return (
		<p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
			{error}
		</p>
	)
}

/**
 * The props that connect an input to its FieldError and, with `hint`, to its hint (`${id}-hint`),
 * which a screen reader then reads with the error rather than losing it.
 */
export function errorProps(id: string, error: string | undefined, { hint = false } = {}) {
	const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ')
	return {
		...(error ? { 'aria-invalid': true } : {}),
		...(describedBy ? { 'aria-describedby': describedBy } : {}),
	}
}
