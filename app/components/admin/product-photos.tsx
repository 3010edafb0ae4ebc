import { useEffect, useRef, useState } from 'react'
import { Form } from 'react-router'
import { INPUT_CLASS } from '~/components/forms/input-class'
import { applyPhotoOp, type PhotoOp } from '~/lib/catalog/photo-list'
import { buttonAfterMove } from '~/lib/list-moves'
import { PHOTO_ACCEPT, type ShownPhoto, shownThumbUrl } from '~/lib/photos'
import { PhotoUploader } from './photo-uploader'
import { useFocusAfterRender } from './use-focus-after-render'

type Item = ShownPhoto & { key: string }

const buttonId = (index: number, kind: PhotoOp['kind']) => `product-photo-${index}-${kind}`
const SAVE_ID = 'product-photos-save'

const BUTTON =
	'min-h-11 rounded-lg px-3 text-sm font-semibold text-pond-800 underline hover:bg-pond-50 disabled:text-slate-400 disabled:no-underline'

/**
 * A product's photos (issue 32): the first is the main one (the catalogue's image_url), the rest
 * its gallery (more_images). Reorder by dragging or with the buttons (the keyboard's way, and the
 * way without a script, where each button saves), describe each, remove, add by upload. With the
 * script, changes wait for 'Save photos', one catalogue version with the optimistic check.
 */
export function ProductPhotos({
	productId,
	productName,
	fingerprint,
	photos,
}: {
	productId: string
	productName: string
	fingerprint: string
	photos: ShownPhoto[]
}) {
	const [items, setItems] = useState<Item[]>(() => photos.map((p, i) => ({ ...p, key: `p${i}` })))
	const [scripted, setScripted] = useState(false)
	const [changed, setChanged] = useState(false)
	const [announcement, setAnnouncement] = useState('')
	const dragging = useRef<number | null>(null)
	const focusNext = useFocusAfterRender()
	const added = useRef(0)
	useEffect(() => setScripted(true), [])

	const change = (next: Item[], message: string) => {
		setItems(next)
		setChanged(true)
		setAnnouncement(message)
	}
	const move = (op: PhotoOp) => {
		const item = items[op.index]
		if (!item) return
		const next = applyPhotoOp(items, op)
		const at = next.indexOf(item)
		// Focus follows the photo (the portfolio's rule), or after a removal stays at its place.
		if (op.kind !== 'remove') focusNext(buttonId(at, buttonAfterMove(op.kind, at, next.length)))
		else if (next.length > 1) focusNext(buttonId(Math.min(op.index, next.length - 1), 'remove'))
		else focusNext(SAVE_ID)
		change(
			next,
			op.kind === 'remove'
				? `Photo ${op.index + 1} removed.`
				: at === 0
					? `Photo is now the main photo.`
					: `Photo moved to position ${at + 1} of ${next.length}.`,
		)
	}

	return (
		<section id="photos" aria-labelledby="photos-title" className="mt-10 max-w-3xl">
			<h2 id="photos-title" className="font-display text-2xl font-bold text-pond-900">
				Photos
			</h2>
			<p className="text-sm text-slate-600">
				The first photo is the main one, on cards and at the top of the product page; shoppers see
				the others in its gallery. Describe each photo for people who cannot see it.
			</p>
			<p aria-live="polite" className="sr-only">
				{announcement}
			</p>
			<Form method="post" className="mt-4">
				<input type="hidden" name="intent" value="photos" />
				<input type="hidden" name="fingerprint" value={fingerprint} />
				<ol className="space-y-3" aria-label="Photos in order">
					{items.map((item, i) => {
						const altId = `photo-alt-${item.key}`
						return (
							<li
								key={item.key}
								data-testid="photo-item"
								draggable={scripted}
								onDragStart={() => {
									dragging.current = i
								}}
								onDragOver={(event) => event.preventDefault()}
								onDrop={(event) => {
									event.preventDefault()
									const from = dragging.current
									dragging.current = null
									if (from === null || from === i) return
									const next = [...items]
									const [moved] = next.splice(from, 1)
									next.splice(i, 0, moved!)
									change(next, `Photo moved to position ${i + 1} of ${next.length}.`)
								}}
								className="flex flex-wrap items-start gap-3 rounded-xl border border-slate-200 p-3"
							>
								<input type="hidden" name="photo" value={item.url} />
								<img
									src={shownThumbUrl(item)}
									alt=""
									width={80}
									height={80}
									className="size-20 shrink-0 cursor-grab rounded-lg bg-pond-50 object-cover"
								/>
								<div className="min-w-0 flex-1 basis-48">
									<p className="text-sm font-semibold text-slate-800">
										{i === 0 ? 'Main photo' : `Photo ${i + 1}`}
									</p>
									{item.id ? (
										<>
											<label htmlFor={altId} className="text-sm text-slate-700">
												Description (alt text)
											</label>
											<input
												id={altId}
												name="alt"
												required
												maxLength={300}
												value={item.alt}
												onChange={(event) => {
													const alt = event.currentTarget.value
													setItems((all) =>
														all.map((x) => (x.key === item.key ? { ...x, alt } : x)),
													)
													setChanged(true)
												}}
												className={INPUT_CLASS}
											/>
										</>
									) : (
										<>
											<input type="hidden" name="alt" value="" />
											<p className="text-sm text-slate-600">
												Described as “{productName}” (not an uploaded photo).
											</p>
										</>
									)}
								</div>
								<div className="flex flex-wrap gap-1">
									{(
										[
											['up', 'Move up', i === 0],
											['down', 'Move down', i === items.length - 1],
											['main', 'Make main', i === 0],
											['remove', 'Remove', items.length === 1],
										] as const
									).map(([kind, label, disabled]) => (
										<button
											key={kind}
											id={buttonId(i, kind)}
											type="submit"
											name="op"
											value={`${kind}:${i}`}
											disabled={disabled}
											aria-label={`${label}: ${i === 0 ? 'main photo' : `photo ${i + 1}`}`}
											onClick={(event) => {
												if (!scripted) return
												event.preventDefault()
												move({ kind, index: i })
											}}
											className={BUTTON}
										>
											{label}
										</button>
									))}
								</div>
							</li>
						)
					})}
				</ol>
				<div className="mt-4 flex flex-wrap items-center gap-3">
					<button
						id={SAVE_ID}
						type="submit"
						className="min-h-11 rounded-lg bg-pond-700 px-5 font-semibold text-white hover:bg-pond-800"
					>
						Save photos
					</button>
					{changed ? (
						<span className="text-sm font-medium text-amber-800">Not saved yet.</span>
					) : null}
				</div>
			</Form>
			{scripted ? (
				<PhotoUploader
					onUploaded={(photo) => {
						// The uploader hands photos over in the order they were chosen.
						const key = `n${added.current++}`
						setItems((all) => [...all, { url: photo.url, id: photo.id, alt: photo.alt, key }])
						setChanged(true)
						setAnnouncement('Photo added at the end of the list. Describe it, then save.')
					}}
				/>
			) : (
				<PlainUpload productId={productId} fingerprint={fingerprint} />
			)}
		</section>
	)
}

/** Without the script: photos and one description, added to the product's gallery at once. */
function PlainUpload({ productId, fingerprint }: { productId: string; fingerprint: string }) {
	return (
		<form
			method="post"
			action="/admin/photos"
			encType="multipart/form-data"
			className="mt-4 space-y-3 rounded-xl border border-dashed border-slate-300 p-4"
		>
			<input type="hidden" name="productId" value={productId} />
			<input type="hidden" name="fingerprint" value={fingerprint} />
			<div>
				<label htmlFor="plain-photo-files" className="text-sm font-semibold text-slate-800">
					Add photos (JPEG, PNG, WebP or AVIF, up to 20 MB each)
				</label>
				<input
					id="plain-photo-files"
					type="file"
					name="file"
					multiple
					accept={PHOTO_ACCEPT}
					className="mt-1 block w-full text-sm"
				/>
			</div>
			<div>
				<label htmlFor="plain-photo-alt" className="text-sm font-semibold text-slate-800">
					Description (alt text)
				</label>
				<input id="plain-photo-alt" name="alt" maxLength={300} className={INPUT_CLASS} />
			</div>
			<button
				type="submit"
				className="min-h-11 rounded-lg bg-pond-700 px-5 font-semibold text-white hover:bg-pond-800"
			>
				Upload
			</button>
		</form>
	)
}
