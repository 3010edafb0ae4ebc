// The admin's side of bench:photos: uploading a photo through /admin/photos until every variant
// is served. Used by bench/photos.ts and by its uploader process (bench/photo-uploader.ts).
import { allVariants, photoFileName } from '~/lib/photos'

export async function upload(url: string, cookie: string, jpeg: Buffer) {
	const body = new FormData()
	body.append('file', new Blob([new Uint8Array(jpeg)]), 'garden.jpg')
	const res = await fetch(`${url}/admin/photos`, {
		method: 'POST',
		headers: { cookie, origin: url, accept: 'application/json' },
		body,
	})
	const answer = (await res.json()) as {
		ok: boolean
		photos?: Array<{ id: string }>
		error?: string
	}
	if (!answer.ok || !answer.photos?.[0]) throw new Error(`upload refused: ${answer.error}`)
	return answer.photos[0].id
}

/** Upload, then every variant asked for at once (as a gallery page would): until all are served. */
export async function uploadUntilReady(url: string, cookie: string, jpeg: Buffer) {
	const started = performance.now()
	const id = await upload(url, cookie, jpeg)
	const uploaded = performance.now() - started
	const statuses = await Promise.all(
		allVariants(id).map((v) =>
			fetch(`${url}/photos/${photoFileName(v)}`).then((r) => r.arrayBuffer().then(() => r.status)),
		),
	)
	if (statuses.some((s) => s !== 200)) throw new Error(`variants not served: ${statuses.join(',')}`)
	return { id, uploaded, ready: performance.now() - started }
}
