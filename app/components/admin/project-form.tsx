import { Form } from 'react-router'
import { ErrorSummary } from '~/components/forms/error-summary'
import { errorProps, FieldError } from '~/components/forms/field-error'
import { INPUT_CLASS } from '~/components/forms/input-class'
import { useFormErrors } from '~/components/forms/use-form-errors'
import type { FieldErrors } from '~/lib/forms'
import { photoListFrom } from '~/lib/portfolio/photo-list'
import { ProjectFormSchema, RATING_CHOICES } from '~/lib/portfolio/project-schema'
import { PhotoUploader } from './photo-uploader'
import { photoFieldId } from './project-photo-parts'
import { ProjectPhotos } from './project-photos'

/** The editor's values as posted: every field a string, photos as photos.N.src / photos.N.alt. */
export type ProjectFormValues = Record<string, string>

const LABELS: Record<string, string> = {
	name: 'Name',
	location: 'Location',
	summary: 'Summary',
	pondVolume: 'Pond volume (litres)',
	features: 'Features',
	story: 'Story: how it was built',
	testimonialText: 'Testimonial',
	testimonialName: 'Testimonial name',
	testimonialRating: 'Testimonial rating',
}
const HINTS: Record<string, string> = {
	summary: 'One or two sentences, shown on cards and to search engines.',
	pondVolume: 'Leave empty if not known.',
	features: 'One per line, e.g. Bottom drain.',
	story: 'Paragraphs separated by an empty line.',
	testimonialText: "The owners' words, shown on the project's page. Leave empty for none.",
	testimonialName: 'As it should appear, e.g. Graham and Ailsa, Inverness.',
}
const MULTILINE: Record<string, number> = { summary: 3, features: 5, story: 10, testimonialText: 4 }

export const projectFieldId = (name: string) => {
	const photo = /^photos\.(\d+)\.(src|alt)$/.exec(name)
	if (photo) return photoFieldId(Number(photo[1]), photo[2] as 'src' | 'alt')
	if (name === 'photos' || name === 'thumbnail') return 'project-photos'
	return `project-${name}`
}

function Field({
	name,
	values,
	errors,
	onEdit,
}: {
	name: string
	values: ProjectFormValues
	errors: FieldErrors
	onEdit: (field: string) => void
}) {
	const id = projectFieldId(name)
	const hint = HINTS[name]
	const rows = MULTILINE[name]
	const props = {
		id,
		name,
		defaultValue: values[name] ?? '',
		onChange: () => onEdit(name),
		...errorProps(id, errors[name], { hint: Boolean(hint) }),
	}
	return (
		<div>
			<label htmlFor={id} className="text-sm font-semibold text-slate-800">
				{LABELS[name]}
			</label>
			{hint ? (
				<p id={`${id}-hint`} className="text-sm text-slate-600">
					{hint}
				</p>
			) : null}
			{rows ? (
				<textarea {...props} rows={rows} className={`${INPUT_CLASS} py-2`} />
			) : (
				<input {...props} className={INPUT_CLASS} />
			)}
			<FieldError id={id} error={errors[name]} />
		</div>
	)
}

/** The project editor (create and edit) with one schema for the browser and the action. */
export function ProjectForm({
	values,
	serverErrors,
	version,
	submitLabel,
}: {
	values: ProjectFormValues
	serverErrors: FieldErrors | undefined
	version?: number
	submitLabel: string
}) {
	const form = useFormErrors(ProjectFormSchema, serverErrors)
	const { errors } = form
	const common = { values, errors, onEdit: form.clear }
	return (
		<Form method="post" noValidate onSubmit={form.onSubmit} className="max-w-3xl space-y-6">
			<ErrorSummary errors={errors} idFor={projectFieldId} attempt={form.attempt} />
			{version ? <input type="hidden" name="version" value={version} /> : null}
			<div className="grid gap-4 sm:grid-cols-2">
				<Field name="name" {...common} />
				<Field name="location" {...common} />
			</div>
			<Field name="summary" {...common} />
			<div className="grid gap-4 sm:grid-cols-2">
				<Field name="pondVolume" {...common} />
				<Field name="features" {...common} />
			</div>
			<Field name="story" {...common} />
			<fieldset className="space-y-4 rounded-xl p-4 ring-1 ring-slate-200">
				<legend className="px-1 font-display text-lg font-bold text-pond-900">Testimonial</legend>
				<Field name="testimonialText" {...common} />
				<div className="grid gap-4 sm:grid-cols-2">
					<Field name="testimonialName" {...common} />
					<RatingSelect
						name="testimonialRating"
						label={LABELS.testimonialRating!}
						value={values.testimonialRating ?? '5'}
						error={errors.testimonialRating}
					/>
				</div>
			</fieldset>
			<ProjectPhotos
				initial={photoListFrom(values)}
				errors={errors}
				onEdit={form.clear}
				uploader={(append) => (
					// An upload arrives without a description: its alt text field waits, required. The
					// stored file's alt text is another use's (a product, another project) when the same
					// picture was uploaded before: alt text belongs to this project's row, not the file.
					<PhotoUploader
						listed="above"
						onUploaded={(photo) => append([{ src: photo.url, alt: '' }])}
					/>
				)}
			/>
			<div className="space-y-3">
				<Check
					name="published"
					label="Published: shown on the portfolio (a draft is not)"
					values={values}
				/>
				<Check name="featured" label="Featured on the home page" values={values} />
			</div>
			<button type="submit" className="btn-primary">
				{submitLabel}
			</button>
		</Form>
	)
}

function Check({
	name,
	label,
	values,
}: {
	name: string
	label: string
	values: ProjectFormValues
}) {
	const id = projectFieldId(name)
	return (
		<div className="flex items-center gap-3">
			<input
				id={id}
				type="checkbox"
				name={name}
				value="yes"
				defaultChecked={values[name] === 'yes'}
				className="size-5"
			/>
			<label htmlFor={id} className="font-semibold text-slate-800">
				{label}
			</label>
		</div>
	)
}

/** 5 stars down to ½ star, in half stars. */
export function RatingSelect({
	name,
	label,
	value,
	error,
	idPrefix = 'project',
}: {
	name: string
	label: string
	value: string
	error: string | undefined
	idPrefix?: string
}) {
	const id = `${idPrefix}-${name}`
	return (
		<div>
			<label htmlFor={id} className="text-sm font-semibold text-slate-800">
				{label}
			</label>
			<select
				id={id}
				name={name}
				defaultValue={value}
				className={INPUT_CLASS}
				{...errorProps(id, error)}
			>
				{RATING_CHOICES.map((stars) => (
					<option key={stars} value={String(stars)}>
						{stars === 1 ? '1 star' : `${stars} stars`}
					</option>
				))}
			</select>
			<FieldError id={id} error={error} />
		</div>
	)
}
