import crypto from 'node:crypto'
import { eq, inArray, sql } from 'drizzle-orm'
import type { Db, Tx } from '~/.server/db/client'
import { photos } from '~/.server/db/schema'
import { photoMainUrl, photoThumbUrl } from '~/lib/photos'
import type { PreparedOriginal } from './prepare'

type Runner = Db | Tx

/** An original as kept: its bytes and what they are. */
export type Original = { contentType: string; bytes: Buffer }

/**
 * Where originals live (decision 0026). The default keeps them in the photos table, so they are
 * in every backup and move with the database; a larger shop would put an object store here and
 * keep only the row (with bytes null) in the database.
 */
export interface OriginalStore {
	/** Keeps the bytes under `id`; storing the same id again is harmless. */
	put(db: Runner, id: string, original: Original): Promise<void>
	get(db: Runner, id: string): Promise<Original | undefined>
	/** Whether `put` also wrote the row's bytes (the database store), so none are kept twice. */
	readonly inRow: boolean
}

export const databaseOriginals: OriginalStore = {
	inRow: true,
	async put() {
		// The row itself holds the bytes: savePhoto writes them with it.
	},
	async get(db, id) {
		const [row] = await db
			.select({ contentType: photos.contentType, bytes: photos.bytes })
			.from(photos)
			.where(eq(photos.id, id))
		return row?.bytes ? { contentType: row.contentType, bytes: row.bytes } : undefined
	},
}

/** What a page or the editor needs to show a stored photo. */
export type PhotoRef = {
	id: string
	url: string
	thumbUrl: string
	width: number
	height: number
	alt: string
}

export const photoRef = (row: {
	id: string
	width: number
	height: number
	alt: string
}): PhotoRef => ({
	id: row.id,
	url: photoMainUrl(row.id),
	thumbUrl: photoThumbUrl(row.id),
	width: row.width,
	height: row.height,
	alt: row.alt,
})

export const contentId = (bytes: Buffer) =>
	crypto.createHash('sha256').update(bytes).digest('hex').slice(0, 32)

/**
 * Keeps a prepared original and answers its reference (the URL can go straight into a
 * product's image_url). The same picture uploaded again is the same row; its alt text is the
 * newer one.
 */
export async function savePhoto(
	db: Runner,
	photo: PreparedOriginal,
	{ alt, by, store = databaseOriginals }: { alt: string; by: string; store?: OriginalStore },
): Promise<PhotoRef> {
	const id = contentId(photo.bytes)
	await store.put(db, id, photo)
	const values = {
		id,
		contentType: photo.contentType,
		width: photo.width,
		height: photo.height,
		byteSize: photo.bytes.length,
		bytes: store.inRow ? photo.bytes : null,
		alt,
		uploadedBy: by,
	}
	await db
		.insert(photos)
		.values({
			...values,
			// Sent as hex text made natively: PGlite's own encoding of a Buffer parameter builds a
			// string per byte and ran a 2 MB photo out of the server's capped heap (decision 0013).
			bytes: values.bytes ? sql`decode(${values.bytes.toString('hex')}, 'hex')` : null,
		})
		.onConflictDoUpdate({
			target: photos.id,
			// An upload without a description keeps the one the photo has.
			set: { alt: sql`case when excluded.alt = '' then ${photos.alt} else excluded.alt end` },
		})
	const [row] = await db.select({ alt: photos.alt }).from(photos).where(eq(photos.id, id))
	return photoRef({ ...values, alt: row?.alt ?? alt })
}

/** The photos with these ids (their bytes left out), for pages and the editor. */
export async function photoRefs(db: Runner, ids: string[]): Promise<Map<string, PhotoRef>> {
	if (ids.length === 0) return new Map()
	const found = await db
		.select({ id: photos.id, width: photos.width, height: photos.height, alt: photos.alt })
		.from(photos)
		.where(inArray(photos.id, ids))
	return new Map(found.map((row) => [row.id, photoRef(row)]))
}

/** Changes the alt text of stored photos (the editor's save). */
export async function setAltTexts(db: Runner, alts: Map<string, string>) {
	for (const [id, alt] of alts) await db.update(photos).set({ alt }).where(eq(photos.id, id))
}
