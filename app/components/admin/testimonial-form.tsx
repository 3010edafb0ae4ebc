import { Form, Link } from 'react-router'
import { ErrorSummary } from '~/components/forms/error-summary'
import { errorProps, FieldError } from '~/components/forms/field-error'
import { INPUT_CLASS } from '~/components/forms/input-class'
import { useFormErrors } from '~/components/forms/use-form-errors'
import type { FieldErrors } from '~/lib/forms'
import { TestimonialFormSchema } from '~/lib/portfolio/testimonial-schema'
import { RatingSelect } from './project-form'

const id = (name: string) => `testimonial-${name}`

/** Add a testimonial, or edit the one chosen with 'Edit' (?edit=<id>). */
export function TestimonialForm({
	editing,
	values: posted,
	serverErrors,
}: {
	editing: { id: number; version: number; values: Record<string, string> } | null
	values: Record<string, string> | undefined
	serverErrors: FieldErrors | undefined
}) {
	const form = useFormErrors(TestimonialFormSchema, serverErrors)
	const { errors } = form
	const values = posted ?? editing?.values ?? { rating: '5' }
	const text = (name: string, label: string, hint?: string) => (
		<div>
			<label htmlFor={id(name)} className="text-sm font-semibold text-slate-800">
				{label}
			</label>
			{hint ? <p className="text-sm text-slate-600">{hint}</p> : null}
			<input
				id={id(name)}
				name={name}
				defaultValue={values[name] ?? ''}
				onChange={() => form.clear(name)}
				className={INPUT_CLASS}
				{...errorProps(id(name), errors[name])}
			/>
			<FieldError id={id(name)} error={errors[name]} />
		</div>
	)
	return (
		<Form
			method="post"
			noValidate
			onSubmit={form.onSubmit}
			id="testimonial-form"
			className="max-w-3xl scroll-mt-24 space-y-4 rounded-xl p-4 ring-1 ring-slate-200"
		>
			<h2 className="font-display text-xl font-bold text-pond-900">
				{editing ? 'Edit testimonial' : 'Add a testimonial'}
			</h2>
			<ErrorSummary errors={errors} idFor={id} attempt={form.attempt} />
			{editing ? (
				<>
					<input type="hidden" name="id" value={editing.id} />
					<input type="hidden" name="version" value={editing.version} />
				</>
			) : null}
			<div>
				<label htmlFor={id('text')} className="text-sm font-semibold text-slate-800">
					Testimonial text
				</label>
				<textarea
					id={id('text')}
					name="text"
					rows={4}
					defaultValue={values.text ?? ''}
					onChange={() => form.clear('text')}
					className={`${INPUT_CLASS} py-2`}
					{...errorProps(id('text'), errors.text)}
				/>
				<FieldError id={id('text')} error={errors.text} />
			</div>
			<div className="grid gap-4 sm:grid-cols-3">
				{text('name', 'Name')}
				{text('place', 'Place', 'Optional, e.g. Nairn')}
				<RatingSelect
					name="rating"
					label="Rating"
					value={values.rating ?? '5'}
					error={errors.rating}
					idPrefix="testimonial"
				/>
			</div>
			<div className="flex items-center gap-3">
				<input
					id={id('hidden')}
					type="checkbox"
					name="hidden"
					value="yes"
					defaultChecked={values.hidden === 'yes'}
					className="size-5"
				/>
				<label htmlFor={id('hidden')} className="font-semibold text-slate-800">
					Hidden (kept here, not shown on the site)
				</label>
			</div>
			<div className="flex flex-wrap items-center gap-4">
				<button type="submit" name="intent" value="save" className="btn-primary">
					{editing ? 'Save testimonial' : 'Add testimonial'}
				</button>
				{editing ? (
					<Link to="/admin/testimonials" className="font-semibold text-pond-800 underline">
						Cancel
					</Link>
				) : null}
			</div>
		</Form>
	)
}
