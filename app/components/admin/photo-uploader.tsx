import { Upload } from 'lucide-react'
import { useId, useRef, useState } from 'react'
import { MAX_PHOTO_MEGAPIXELS, PHOTO_ACCEPT, type PhotoRef } from '~/lib/photos'

type Sending = {
	key: string
	name: string
	/** 0–100 while sending; the server then checks and stores it. */
	progress: number
	state: 'sending' | 'checking' | 'done' | 'refused'
	message?: string
}

type Answer = { ok: true; photos: PhotoRef[] } | { ok: false; error: string }

/** One file to the upload route, reporting progress (fetch cannot report an upload's progress). */
function send(url: string, file: File, onProgress: (percent: number) => void) {
	return new Promise<Answer>((resolve) => {
		const xhr = new XMLHttpRequest()
		xhr.open('POST', url)
		xhr.setRequestHeader('Accept', 'application/json')
		xhr.upload.onprogress = (event) => {
			if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100))
		}
		xhr.onload = () => {
			try {
				resolve(JSON.parse(xhr.responseText) as Answer)
			} catch {
				resolve({
					ok: false,
					error:
						xhr.status === 413
							? `${file.name} is too large to send.`
							: `${file.name} could not be uploaded (error ${xhr.status}).`,
				})
			}
		}
		xhr.onerror = () =>
			resolve({ ok: false, error: `${file.name} could not be sent: please check the connection.` })
		const body = new FormData()
		body.append('file', file)
		xhr.send(body)
	})
}

/**
 * Photo uploads for any editor (products and portfolio projects): a file picker and a drop
 * zone, several files at once, each sent on its own with its own progress bar and its own
 * message if refused. Each stored photo is handed to `onUploaded`; the editor lists it and asks
 * for its description before it is saved to anything shoppers see.
 */
export function PhotoUploader({
	onUploaded,
	uploadUrl = '/admin/photos',
	listed = 'below',
}: {
	onUploaded: (photo: PhotoRef) => void
	uploadUrl?: string
	/** Where the editor lists an uploaded photo (and asks for its description). */
	listed?: 'above' | 'below'
}) {
	const inputId = useId()
	const [uploads, setUploads] = useState<Sending[]>([])
	const [over, setOver] = useState(false)
	const counter = useRef(0)
	const handedOver = useRef(Promise.resolve())
	const update = (key: string, change: Partial<Sending>) =>
		setUploads((all) => all.map((u) => (u.key === key ? { ...u, ...change } : u)))

	const start = (files: FileList | File[]) => {
		const stored = Array.from(files).map((file) => {
			const key = `u${counter.current++}`
			setUploads((all) => [...all, { key, name: file.name, progress: 0, state: 'sending' }])
			return send(uploadUrl, file, (progress) =>
				update(key, { progress, state: progress >= 100 ? 'checking' : 'sending' }),
			).then((answer) => {
				if (!answer.ok) {
					update(key, { state: 'refused', message: answer.error })
					return []
				}
				update(key, { state: 'done', progress: 100 })
				return answer.photos
			})
		})
		// Sent side by side, they finish in any order: handed over in the order chosen (this batch
		// after any earlier one), each once every photo before it is in.
		handedOver.current = stored.reduce(
			(before, photos) =>
				before.then(async () => {
					for (const photo of await photos) onUploaded(photo)
				}),
			handedOver.current,
		)
	}

	return (
		<div className="mt-4">
			<label
				htmlFor={inputId}
				onDragOver={(event) => {
					event.preventDefault()
					setOver(true)
				}}
				onDragLeave={() => setOver(false)}
				onDrop={(event) => {
					event.preventDefault()
					setOver(false)
					if (event.dataTransfer.files.length > 0) start(event.dataTransfer.files)
				}}
				data-testid="photo-drop-zone"
				className={`flex cursor-pointer flex-col items-center gap-2 rounded-xl border-2 border-dashed px-4 py-6 text-center focus-within:outline-2 focus-within:outline-pond-600 ${over ? 'border-pond-600 bg-pond-50' : 'border-slate-300'}`}
			>
				<Upload aria-hidden="true" className="size-6 text-pond-700" />
				<span className="font-semibold text-pond-800">
					Add photos: choose files or drop them here
				</span>
				<span className="text-sm text-slate-600">
					JPEG, PNG, WebP or AVIF, up to 20 MB and {MAX_PHOTO_MEGAPIXELS} megapixels each. Location
					and camera details are removed.
				</span>
				<input
					id={inputId}
					type="file"
					multiple
					accept={PHOTO_ACCEPT}
					className="sr-only"
					onChange={(event) => {
						if (event.currentTarget.files) start(event.currentTarget.files)
						event.currentTarget.value = ''
					}}
				/>
			</label>
			{uploads.length > 0 ? (
				<ul className="mt-3 space-y-2" aria-label="Uploads">
					{uploads.map((u) => (
						<li key={u.key} className="text-sm" data-testid="upload-row">
							<div className="flex flex-wrap items-center justify-between gap-2">
								<span className="min-w-0 break-all font-medium text-slate-800">{u.name}</span>
								<span
									role={u.state === 'refused' ? 'alert' : 'status'}
									className={u.state === 'refused' ? 'text-red-800' : 'text-slate-600'}
								>
									{u.state === 'sending'
										? `Sending ${u.progress}%`
										: u.state === 'checking'
											? 'Checking…'
											: u.state === 'done'
												? `Uploaded: describe it ${listed}, then save`
												: u.message}
								</span>
							</div>
							{u.state === 'sending' || u.state === 'checking' ? (
								<progress
									max={100}
									value={u.progress}
									aria-label={`Uploading ${u.name}`}
									className="mt-1 h-2 w-full"
								/>
							) : null}
						</li>
					))}
				</ul>
			) : null}
		</div>
	)
}
