import type { ReactNode } from 'react'
import { errorProps, FieldError } from '~/components/forms/field-error'
import { INPUT_CLASS } from '~/components/forms/input-class'

export const photoFieldId = (i: number, part: 'src' | 'alt') => `project-photos-${i}-${part}`

type Draft = { src: string; alt: string }

/**
 * The row that adds a photo by its path (uploads sit above it). Its fields are the next
 * photos.N row, so a photo typed but not added is still saved (or refused) with the form; a
 * description typed without a photo is left out (gatherPhotos), as the row says.
 * Enter in either field adds it rather than saving the project half-typed.
 */
export function NewPhoto({
	index,
	draft,
	onChange,
	errors,
	onAdd,
	buttonType,
}: {
	index: number
	draft: Draft
	onChange: (draft: Draft) => void
	errors: { src?: string; alt?: string }
	onAdd: (event: { preventDefault(): void }) => void
	buttonType: 'button' | 'submit'
}) {
	return (
		<div className="mt-4 grid gap-3 rounded-lg border border-dashed border-slate-300 p-3 sm:grid-cols-2">
			<div className="sm:col-span-2">
				<p className="font-semibold text-slate-800">Add a photo</p>
				<p className="text-sm text-slate-600">
					A description without a photo is left out when you save.
				</p>
			</div>
			<div>
				<label
					htmlFor={photoFieldId(index, 'src')}
					className="text-sm font-semibold text-slate-800"
				>
					Photo path
				</label>
				<p id={`${photoFieldId(index, 'src')}-hint`} className="text-sm text-slate-600">
					A path on this site, e.g. /images/portfolio/pond1/01-1280.jpg
				</p>
				<input
					id={photoFieldId(index, 'src')}
					name={`photos.${index}.src`}
					value={draft.src}
					onChange={(event) => onChange({ ...draft, src: event.target.value })}
					onKeyDown={(event) => event.key === 'Enter' && onAdd(event)}
					className={INPUT_CLASS}
					aria-describedby={`${photoFieldId(index, 'src')}-hint`}
					{...errorProps(photoFieldId(index, 'src'), errors.src)}
				/>
				<FieldError id={photoFieldId(index, 'src')} error={errors.src} />
			</div>
			<div>
				<label
					htmlFor={photoFieldId(index, 'alt')}
					className="text-sm font-semibold text-slate-800"
				>
					Alt text
				</label>
				<p className="text-sm text-slate-600">What the photo shows.</p>
				<input
					id={photoFieldId(index, 'alt')}
					name={`photos.${index}.alt`}
					value={draft.alt}
					onChange={(event) => onChange({ ...draft, alt: event.target.value })}
					onKeyDown={(event) => event.key === 'Enter' && onAdd(event)}
					className={INPUT_CLASS}
					{...errorProps(photoFieldId(index, 'alt'), errors.alt)}
				/>
				<FieldError id={photoFieldId(index, 'alt')} error={errors.alt} />
			</div>
			<div>
				<button
					type={buttonType}
					name="photoIntent"
					value="add"
					onClick={onAdd}
					className="btn-secondary"
				>
					Add photo
				</button>
			</div>
		</div>
	)
}

/** One of a photo row's buttons: acts in place with JavaScript, submits without. */
export function PhotoButton({
	type,
	id,
	value,
	disabled,
	onClick,
	label,
	icon,
	text,
}: {
	type: 'button' | 'submit'
	id: string
	value: string
	disabled?: boolean
	onClick: (event: { preventDefault(): void }) => void
	label: string
	icon: ReactNode
	text: string
}) {
	return (
		<button
			id={id}
			type={type}
			name="photoIntent"
			value={value}
			disabled={disabled}
			onClick={onClick}
			className="inline-flex min-h-11 items-center gap-1 rounded-lg border border-slate-300 bg-white px-3 font-medium text-slate-800 hover:bg-slate-100 disabled:opacity-40"
		>
			{icon}
			{/* One span, so the name reads 'Up: photo 3' (flex items get spaces between them). */}
			<span>
				{text}
				<span className="sr-only">{label}</span>
			</span>
		</button>
	)
}
