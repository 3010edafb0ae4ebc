/** A field's error, placed under it and tied to it with aria-describedby={`${id}-error`}. */
export function FieldError({ id, error }: { id: string; error: string | undefined }) {
	if (!error) return null
	return (
		<p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
			{error}
		</p>
	)
}

/** The props that connect an input to its FieldError. */
export function errorProps(id: string, error: string | undefined) {
	return error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {}
}
