import { Form, Link } from 'react-router'
import { ErrorSummary } from '~/components/forms/error-summary'
import { errorProps, FieldError } from '~/components/forms/field-error'
import { INPUT_CLASS } from '~/components/forms/input-class'
import { useFormErrors } from '~/components/forms/use-form-errors'
import { CategoryFormSchema, TILE_PICTURES } from '~/lib/categories'
import type { FieldErrors } from '~/lib/forms'

const id = (name: string) => `category-${name}`

const HINTS: Record<string, string> = {
	slug: 'The page’s address: /pond-products/ followed by this, such as koi_food. Leave it empty to make one from the name. If you change it, the old address keeps working.',
	tileTitle: 'The words on the home page tile, when they should differ from the name.',
	description: 'A sentence or two for search engines and shared links.',
}

/** Add a category, or edit the one chosen with 'Edit' (?edit=<id>). */
export function CategoryForm({
	editing,
	values: posted,
	serverErrors,
}: {
	editing: { id: number; values: Record<string, string> } | null
	values: Record<string, string> | undefined
	serverErrors: FieldErrors | undefined
}) {
	const form = useFormErrors(CategoryFormSchema, serverErrors)
	const { errors } = form
	const values = posted ?? editing?.values ?? {}
	const label = (name: string, text: string) => (
		<>
			<label htmlFor={id(name)} className="text-sm font-semibold text-slate-800">
				{text}
			</label>
			{HINTS[name] ? (
				<p id={`${id(name)}-hint`} className="text-sm text-slate-600">
					{HINTS[name]}
				</p>
			) : null}
		</>
	)
	const field = (name: string, text: string) => (
		<div>
			{label(name, text)}
			<input
				id={id(name)}
				name={name}
				defaultValue={values[name] ?? ''}
				onChange={() => form.clear(name)}
				className={INPUT_CLASS}
				{...errorProps(id(name), errors[name], { hint: Boolean(HINTS[name]) })}
			/>
			<FieldError id={id(name)} error={errors[name]} />
		</div>
	)
	return (
		<Form
			method="post"
			noValidate
			onSubmit={form.onSubmit}
			id="category-form"
			className="max-w-3xl scroll-mt-24 space-y-4 rounded-xl p-4 ring-1 ring-slate-200"
		>
			<h2 className="font-display text-xl font-bold text-pond-900">
				{editing ? `Edit ${editing.values.name}` : 'Add a category'}
			</h2>
			<ErrorSummary errors={errors} idFor={id} attempt={form.attempt} />
			{editing ? <input type="hidden" name="id" value={editing.id} /> : null}
			<div className="grid gap-4 sm:grid-cols-2">
				{field('name', 'Name')}
				{field('slug', 'Address')}
			</div>
			<div>
				{label('description', 'Description')}
				<textarea
					id={id('description')}
					name="description"
					rows={3}
					defaultValue={values.description ?? ''}
					onChange={() => form.clear('description')}
					className={`${INPUT_CLASS} py-2`}
					{...errorProps(id('description'), errors.description, { hint: true })}
				/>
				<FieldError id={id('description')} error={errors.description} />
			</div>
			<div className="grid gap-4 sm:grid-cols-2">
				{field('tileTitle', 'Tile title (optional)')}
				<div>
					{label('tileImage', 'Tile picture')}
					<select
						id={id('tileImage')}
						name="tileImage"
						defaultValue={values.tileImage ?? ''}
						className={INPUT_CLASS}
						{...errorProps(id('tileImage'), errors.tileImage)}
					>
						{TILE_PICTURES.map(([value, text]) => (
							<option key={value} value={value}>
								{text}
							</option>
						))}
					</select>
					<FieldError id={id('tileImage')} error={errors.tileImage} />
				</div>
			</div>
			<div className="flex flex-wrap items-center gap-4">
				<button type="submit" name="intent" value="save" className="btn-primary">
					{editing ? 'Save category' : 'Add category'}
				</button>
				{editing ? (
					<Link to="/admin/products/categories" className="font-semibold text-pond-800 underline">
						Cancel
					</Link>
				) : null}
			</div>
		</Form>
	)
}
