import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react'
import { type ReactNode, useEffect, useState } from 'react'
import { errorProps, FieldError } from '~/components/forms/field-error'
import { INPUT_CLASS } from '~/components/forms/input-class'
import type { FieldErrors } from '~/lib/forms'
import { buttonAfterMove } from '~/lib/list-moves'
import {
	applyPhotoIntent,
	type PhotoIntent,
	type PhotoList,
	type PhotoRow,
} from '~/lib/portfolio/photo-list'
import { stripSources } from '~/lib/portfolio/project'
import { photoPath } from '~/lib/portfolio/project-schema'
import { NewPhoto, PhotoButton, photoFieldId } from './project-photo-parts'
import { useFocusAfterRender } from './use-focus-after-render'

/**
 * The project's photos in gallery order: alt text for each, up/down/remove buttons, the thumbnail
 * chosen with a radio button, then uploads (the photo uploader) and a row to add one by its path.
 * With JavaScript the buttons change the list here; without, they are submit buttons
 * the action answers with the changed list (nothing is saved until 'Save project').
 */
export function ProjectPhotos({
	initial,
	errors,
	onEdit,
	uploader,
}: {
	initial: PhotoList
	errors: FieldErrors
	onEdit: (field: string) => void
	/** Where an upload component plugs in: it is given a function that appends finished photos. */
	uploader?: (append: (photos: PhotoRow[]) => void) => ReactNode
}) {
	const [list, setList] = useState(initial)
	const [draft, setDraft] = useState({ src: '', alt: '' })
	const [draftError, setDraftError] = useState<{ src?: string; alt?: string }>({})
	const [announcement, setAnnouncement] = useState('')
	const focusNext = useFocusAfterRender()
	// Once hydrated the buttons act here (type button), so Enter in a field saves the project.
	const [hydrated, setHydrated] = useState(false)
	useEffect(() => setHydrated(true), [])
	const buttonType = hydrated ? 'button' : 'submit'
	const { photos, thumbnail } = list
	const addIndex = photos.length

	const apply = (intent: PhotoIntent, event: { preventDefault(): void }) => {
		event.preventDefault()
		if (intent.kind === 'add') return add()
		const next = applyPhotoIntent(list, intent)
		setList(next)
		const n = intent.index + 1
		if (intent.kind === 'remove') {
			setAnnouncement(`Photo ${n} removed. ${next.photos.length} photos.`)
			focusNext(
				next.photos.length
					? photoFieldId(Math.min(intent.index, next.photos.length - 1), 'alt')
					: photoFieldId(0, 'src'),
			)
			return
		}
		const to = intent.kind === 'up' ? intent.index - 1 : intent.index + 1
		setAnnouncement(`Photo moved to position ${to + 1} of ${photos.length}.`)
		focusNext(`photo-${to}-${buttonAfterMove(intent.kind, to, photos.length)}`)
	}

	function add() {
		const src = photoPath('Photo path').safeParse(draft.src)
		const alt = draft.alt.trim()
		const problems = {
			src: src.success ? undefined : src.error.issues[0]?.message,
			alt: alt ? undefined : 'Alt text for the new photo is required',
		}
		setDraftError(problems)
		if (problems.src || problems.alt) {
			document
				.getElementById(
					problems.src ? photoFieldId(addIndex, 'src') : photoFieldId(addIndex, 'alt'),
				)
				?.focus()
			return
		}
		onEdit('photos')
		setList({ photos: [...photos, { src: draft.src.trim(), alt }], thumbnail })
		setDraft({ src: '', alt: '' })
		setAnnouncement(`Photo added as number ${photos.length + 1}.`)
		focusNext(photoFieldId(photos.length + 1, 'src'))
	}

	const setAlt = (i: number, alt: string) => {
		onEdit(`photos.${i}.alt`)
		setList({ photos: photos.map((p, j) => (j === i ? { ...p, alt } : p)), thumbnail })
	}

	return (
		<fieldset className="rounded-xl p-4 ring-1 ring-slate-200" id="project-photos">
			<legend className="px-1 font-display text-lg font-bold text-pond-900">Photos</legend>
			<p className="text-sm text-slate-600">
				In gallery order. Describe each photo for people who cannot see it. The thumbnail is the
				project's picture on the portfolio and home page.
			</p>
			<FieldError id="project-photos" error={errors.photos} />
			<FieldError id="project-thumbnail" error={errors.thumbnail} />
			<p aria-live="polite" className="sr-only">
				{announcement}
			</p>
			<ol className="mt-3 space-y-3">
				{photos.map((photo, i) => {
					const strip = stripSources(photo.src)
					const srcError = errors[`photos.${i}.src`]
					const altError = errors[`photos.${i}.alt`]
					return (
						<li
							key={`${i}-${photo.src}`}
							className="grid gap-3 rounded-lg bg-slate-50 p-3 sm:grid-cols-[6rem_1fr]"
						>
							<img
								src={strip.src}
								srcSet={strip.srcSet}
								sizes="96px"
								alt=""
								width={96}
								height={72}
								loading="lazy"
								className="h-18 w-24 rounded bg-pond-100 object-cover"
							/>
							<div className="min-w-0 space-y-2">
								{/* The path's line takes focus from the error summary (a hidden input cannot). */}
								<p
									id={photoFieldId(i, 'src')}
									tabIndex={-1}
									className="break-all text-sm text-slate-700"
								>
									<span className="font-semibold">Photo {i + 1}:</span> {photo.src}
								</p>
								<input type="hidden" name={`photos.${i}.src`} value={photo.src} />
								<FieldError id={photoFieldId(i, 'src')} error={srcError} />
								<label
									htmlFor={photoFieldId(i, 'alt')}
									className="text-sm font-semibold text-slate-800"
								>
									Alt text for photo {i + 1}
								</label>
								<input
									id={photoFieldId(i, 'alt')}
									name={`photos.${i}.alt`}
									value={photo.alt}
									onChange={(event) => setAlt(i, event.target.value)}
									className={INPUT_CLASS}
									{...errorProps(photoFieldId(i, 'alt'), altError)}
								/>
								<FieldError id={photoFieldId(i, 'alt')} error={altError} />
								<div className="flex flex-wrap items-center gap-2">
									<label className="mr-2 flex min-h-11 items-center gap-2 font-medium text-slate-800">
										<input
											type="radio"
											name="thumbnail"
											value={i}
											checked={thumbnail === i}
											onChange={() => setList({ photos, thumbnail: i })}
											className="size-5"
										/>
										<span>
											Thumbnail<span className="sr-only">: photo {i + 1}</span>
										</span>
									</label>
									<PhotoButton
										type={buttonType}
										id={`photo-${i}-up`}
										value={`up:${i}`}
										disabled={i === 0}
										onClick={(e) => apply({ kind: 'up', index: i }, e)}
										label={`: photo ${i + 1}`}
										icon={<ArrowUp aria-hidden="true" className="size-4" />}
										text="Up"
									/>
									<PhotoButton
										type={buttonType}
										id={`photo-${i}-down`}
										value={`down:${i}`}
										disabled={i === photos.length - 1}
										onClick={(e) => apply({ kind: 'down', index: i }, e)}
										label={`: photo ${i + 1}`}
										icon={<ArrowDown aria-hidden="true" className="size-4" />}
										text="Down"
									/>
									<PhotoButton
										type={buttonType}
										id={`photo-${i}-remove`}
										value={`remove:${i}`}
										onClick={(e) => apply({ kind: 'remove', index: i }, e)}
										label={`: photo ${i + 1}`}
										icon={<Trash2 aria-hidden="true" className="size-4" />}
										text="Remove"
									/>
								</div>
							</div>
						</li>
					)
				})}
			</ol>
			{uploader?.((added) => {
				// 'A published project needs at least one photo' no longer holds.
				onEdit('photos')
				setList((current) => ({ ...current, photos: [...current.photos, ...added] }))
				setAnnouncement(`${added.length} ${added.length === 1 ? 'photo' : 'photos'} added.`)
			})}
			<NewPhoto
				index={addIndex}
				draft={draft}
				onChange={setDraft}
				errors={{
					src: draftError.src ?? errors[`photos.${addIndex}.src`],
					alt: draftError.alt ?? errors[`photos.${addIndex}.alt`],
				}}
				onAdd={(event) => apply({ kind: 'add' }, event)}
				buttonType={buttonType}
			/>
		</fieldset>
	)
}
