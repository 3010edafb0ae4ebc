/**
 * The project editor's photo list as the form holds it: rows of {src, alt} (strings as typed) and
 * the thumbnail's index. The same moves run in the browser (buttons change the list in place) and
 * on the server for a browser without JavaScript (the buttons are submit buttons, `photoIntent`).
 */
export type PhotoRow = { src: string; alt: string }
export type PhotoList = { photos: PhotoRow[]; thumbnail: number }

export type PhotoIntent = { kind: 'up' | 'down' | 'remove'; index: number } | { kind: 'add' }

export function parsePhotoIntent(value: unknown): PhotoIntent | undefined {
	if (value === 'add') return { kind: 'add' }
	const match = typeof value === 'string' ? /^(up|down|remove):(\d{1,3})$/.exec(value) : null
	return match ? { kind: match[1] as 'up' | 'down' | 'remove', index: Number(match[2]) } : undefined
}

/** Moves, removes or (add: the new-photo row is already the last row) keeps; the thumbnail follows its photo. */
export function applyPhotoIntent(list: PhotoList, intent: PhotoIntent): PhotoList {
	const photos = [...list.photos]
	let { thumbnail } = list
	if (intent.kind === 'add') return { photos, thumbnail }
	const { index } = intent
	if (index < 0 || index >= photos.length) return list
	if (intent.kind === 'remove') {
		photos.splice(index, 1)
		if (thumbnail === index) thumbnail = 0
		else if (thumbnail > index) thumbnail -= 1
		return { photos, thumbnail: Math.min(thumbnail, Math.max(photos.length - 1, 0)) }
	}
	const to = intent.kind === 'up' ? index - 1 : index + 1
	if (to < 0 || to >= photos.length) return list
	;[photos[index], photos[to]] = [photos[to]!, photos[index]!]
	if (thumbnail === index) thumbnail = to
	else if (thumbnail === to) thumbnail = index
	return { photos, thumbnail }
}

/** The rows posted as photos.N.src / photos.N.alt (a new-photo row without a photo left out). */
export function photoListFrom(values: Record<string, string>): PhotoList {
	const photos: PhotoRow[] = []
	for (let i = 0; i <= 100; i++) {
		const src = values[`photos.${i}.src`]
		const alt = values[`photos.${i}.alt`]
		if (!src?.trim()) continue
		photos.push({ src, alt: alt ?? '' })
	}
	const thumbnail = Number(values.thumbnail ?? 0)
	return { photos, thumbnail: Number.isInteger(thumbnail) ? thumbnail : 0 }
}

/** The list back into form values (other fields kept). */
export function withPhotoList(values: Record<string, string>, list: PhotoList) {
	const out: Record<string, string> = {}
	for (const [key, value] of Object.entries(values))
		if (!key.startsWith('photos.')) out[key] = value
	list.photos.forEach((photo, i) => {
		out[`photos.${i}.src`] = photo.src
		out[`photos.${i}.alt`] = photo.alt
	})
	out.thumbnail = String(list.thumbnail)
	return out
}
