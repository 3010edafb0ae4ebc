import { useEffect, useRef } from 'react'
import type { FieldErrors } from '~/lib/forms'

type Props = {
	errors: FieldErrors
	/** The id of the input a field's message belongs to (its FieldError is `${id}-error`); none: no link. */
	idFor: (field: string) => string | undefined
	/** Changes on every failed submit (useFormErrors' `attempt`): the summary then takes focus. */
	attempt: number
	className?: string
}

/**
 * GOV.UK's error summary: after a failed submit, 'There is a problem' and each message as a link
 * to its field takes focus, so a screen reader announces it and nobody is left wondering why
 * nothing happened; the messages also stay beside the fields. A message for no one field (key '')
 * is shown without a link.
 */
export function ErrorSummary({ errors, idFor, attempt, className }: Props) {
	const ref = useRef<HTMLDivElement>(null)
	const entries = Object.entries(errors).filter(
		(entry): entry is [string, string] => entry[1] !== undefined,
	)
	const shown = entries.length > 0
	useEffect(() => {
		if (attempt > 0 && shown) ref.current?.focus()
	}, [attempt, shown])
	if (!shown) return null
	return (
		<div
			ref={ref}
			tabIndex={-1}
			role="alert"
			aria-labelledby="error-summary-title"
			data-testid="error-summary"
			className={`scroll-mt-24 rounded-lg border-4 border-red-700 bg-white p-4 focus:outline-4 focus:outline-offset-2 focus:outline-amber-400 ${className ?? ''}`}
		>
			<h2 id="error-summary-title" className="text-lg font-bold text-slate-900">
				There is a problem
			</h2>
			<ul className="mt-2 space-y-1">
				{entries.map(([field, message]) => {
					const id = field ? idFor(field) : undefined
					return (
						<li key={field || message}>
							{id ? (
								<a
									href={`#${id}`}
									onClick={(event) => {
										// Focus the field itself (a fragment link only scrolls) with its label in view.
										const input = document.getElementById(id)
										if (!input) return
										event.preventDefault()
										const label = input.closest('fieldset, div')?.querySelector('label, legend')
										// Centred: the top of the window is under the sticky header.
										;(label ?? input).scrollIntoView({ block: 'center' })
										input.focus({ preventScroll: true })
									}}
									className="inline-block py-1 font-semibold text-red-800 underline underline-offset-2 hover:text-red-900"
								>
									{message}
								</a>
							) : (
								<span className="font-semibold text-red-800">{message}</span>
							)}
						</li>
					)
				})}
			</ul>
		</div>
	)
}
