import { errorProps, FieldError } from '~/components/forms/field-error'
import { INPUT_CLASS } from '~/components/forms/input-class'
import type { FieldErrors } from '~/lib/forms'

/**
 * Rows of two fields named `<prefix>.N.<part>` (the product editor's option–price pairs and its
 * specifications), each labelled and tied to its own error.
 */
export function PairRows({
	count,
	prefix,
	parts,
	label,
	columns,
	values,
	errors,
}: {
	count: number
	prefix: string
	parts: readonly [string, string]
	label: (row: number, part: string) => string
	/** The two columns' widths from the small breakpoint up, e.g. 'sm:grid-cols-[2fr_1fr]'. */
	columns: string
	values: Record<string, string>
	errors: FieldErrors
}) {
	return (
		<div className="mt-3 space-y-3">
			{Array.from({ length: count }, (_, i) => (
				<div key={i} className={`grid gap-2 ${columns}`}>
					{parts.map((part) => {
						const name = `${prefix}.${i}.${part}`
						const id = `product-${name.replace(/\./g, '-')}`
						return (
							<div key={part}>
								<label htmlFor={id} className="text-sm font-semibold text-slate-800">
									{label(i, part)}
								</label>
								<input
									id={id}
									name={name}
									defaultValue={values[name] ?? ''}
									className={INPUT_CLASS}
									{...errorProps(id, errors[name])}
								/>
								<FieldError id={id} error={errors[name]} />
							</div>
						)
					})}
				</div>
			))}
		</div>
	)
}
