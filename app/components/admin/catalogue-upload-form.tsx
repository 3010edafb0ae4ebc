import { type FormEvent, useState } from 'react'
import { Form, useNavigate } from 'react-router'
import { ErrorSummary } from '~/components/forms/error-summary'
import { errorProps, FieldError } from '~/components/forms/field-error'
import { CSV_HEADER_HINT } from '~/lib/catalog/columns'
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_LABEL } from '~/lib/catalog/upload'

type Progress =
	| { state: 'idle' }
	| { state: 'uploading'; percent: number }
	| { state: 'checking' }
	| { state: 'failed'; error: string }

/**
 * A plain multipart form (it works without JavaScript); with JavaScript the file goes up by
 * XMLHttpRequest so the page can show how much is sent, then that the server is checking it.
 */
export function CatalogueUploadForm() {
	const [progress, setProgress] = useState<Progress>({ state: 'idle' })
	// Each refusal counts as a failed submit: the error summary takes focus again.
	const [attempt, setAttempt] = useState(0)
	const fail = (error: string) => {
		setProgress({ state: 'failed', error })
		setAttempt((n) => n + 1)
	}
	const navigate = useNavigate()
	const busy = progress.state === 'uploading' || progress.state === 'checking'
	const error = progress.state === 'failed' ? progress.error : undefined

	function onSubmit(event: FormEvent<HTMLFormElement>) {
		const form = event.currentTarget
		const file = new FormData(form).get('file')
		event.preventDefault()
		if (!(file instanceof File) || file.size === 0) {
			fail('Please choose a CSV file to upload.')
			return
		}
		if (file.size > MAX_UPLOAD_BYTES) {
			fail(`The file is larger than ${MAX_UPLOAD_LABEL}, the most the upload takes.`)
			return
		}
		const xhr = new XMLHttpRequest()
		xhr.open('POST', form.action)
		xhr.upload.onprogress = (e) => {
			if (e.lengthComputable)
				setProgress({ state: 'uploading', percent: Math.round((e.loaded / e.total) * 100) })
		}
		xhr.upload.onload = () => setProgress({ state: 'checking' })
		xhr.onerror = () => fail('The upload failed. Please check your connection.')
		xhr.onload = () => {
			const target = new URL(xhr.responseURL)
			if (xhr.status === 200 && target.searchParams.has('upload')) {
				navigate(target.pathname + target.search)
				return
			}
			// The server answered with the page and its message: show that message here.
			const page = new DOMParser().parseFromString(xhr.responseText, 'text/html')
			const error =
				page.querySelector('[role="alert"]')?.textContent ??
				(xhr.status === 413 ? 'The file is too large.' : 'The upload failed. Please try again.')
			fail(error)
		}
		setProgress({ state: 'uploading', percent: 0 })
		xhr.send(new FormData(form))
	}

	return (
		<section aria-labelledby="upload" className="mb-10">
			<h2 id="upload" className="font-display text-2xl font-bold text-pond-900">
				Upload a new catalogue
			</h2>
			<p className="mt-2 max-w-3xl text-slate-700">
				A CSV file (UTF-8, at most {MAX_UPLOAD_LABEL}) with the columns {CSV_HEADER_HINT}. You see
				what would change before anything is published.
			</p>
			<Form
				method="post"
				encType="multipart/form-data"
				reloadDocument
				noValidate
				onSubmit={onSubmit}
				className="mt-4 flex flex-wrap items-end gap-4"
			>
				<ErrorSummary
					errors={{ file: error }}
					idFor={() => 'catalogue-file'}
					attempt={attempt}
					className="basis-full"
				/>
				<div className="min-w-0 max-w-full">
					<label htmlFor="catalogue-file" className="text-sm font-semibold text-slate-800">
						Catalogue file (.csv)
					</label>
					<input
						id="catalogue-file"
						name="file"
						type="file"
						accept=".csv,text/csv"
						required
						className="mt-1 block min-h-11 w-full max-w-full text-base"
						onChange={() => setProgress({ state: 'idle' })}
						{...errorProps('catalogue-file', error)}
					/>
					<FieldError id="catalogue-file" error={error} />
				</div>
				<button type="submit" className="btn-primary" disabled={busy}>
					{busy ? 'Checking…' : 'Upload and check'}
				</button>
			</Form>
			<div aria-live="polite" className="mt-3 text-slate-800">
				{progress.state === 'uploading' ? (
					<>
						<label htmlFor="upload-progress">Uploading… {progress.percent}%</label>{' '}
						<progress id="upload-progress" max={100} value={progress.percent} />
					</>
				) : progress.state === 'checking' ? (
					<>
						<label htmlFor="upload-progress">Checking every row…</label>{' '}
						<progress id="upload-progress" />
					</>
				) : null}
			</div>
		</section>
	)
}
