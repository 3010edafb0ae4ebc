import { and, eq, inArray, lt, sql } from 'drizzle-orm'
import type { Db, Tx } from '~/.server/db/client'
import { isEmbedded } from '~/.server/db/embedded'
import { type FileRange, readRange } from '~/.server/db/file-range.mjs'
import { PGliteThread } from '~/.server/db/pglite-thread'
import { photoChunks, photos } from '~/.server/db/schema'
import { type PhotoRef, photoMainUrl, photoThumbUrl } from '~/lib/photos'
import type { PreparedOriginal } from './prepare'

type Runner = Db | Tx

/** An original as kept: its bytes and what they are. */
export type KeptOriginal = { contentType: string; bytes: Buffer }

/** An original to keep: its bytes, or the file holding them (an upload's, on disk), and its size. */
export type Original = { contentType: string; size: number } & (
	| { bytes: Buffer; file?: undefined }
	| { file: string; bytes?: undefined }
)

/**
 * Where originals live (decision 0026). The default keeps them in `photo_chunks`, so they are in
 * every backup and move with the database; a larger shop would put an object store here and keep
 * only the photos row in the database. Never called inside a transaction: on the embedded
 * database a transaction would hold every other query for the whole write.
 */
export interface OriginalStore {
	/** Keeps the bytes under `id`; storing the same id again is harmless. */
	put(db: Db, id: string, original: Original): Promise<void>
	get(db: Db, id: string): Promise<KeptOriginal | undefined>
}

/** 64 KB: one chunk holds the embedded database, and the queries waiting for it, 1–2 ms. */
export const CHUNK_BYTES = 64 * 1024

// Handed over as a file: sent as a parameter, 64 KB became 128 KB of hex text to build and parse,
// twice the time on the server's thread (measured in decision 0026).
const INSERT_FROM_BLOB =
	"insert into photo_chunks (photo_id, seq, bytes) values ($1, $2, pg_read_binary_file('/dev/blob')) on conflict do nothing"

async function writeChunk(db: Db, photoId: string, seq: number, part: Buffer | FileRange) {
	const client = (db as { $client?: unknown }).$client
	// The embedded database's thread reads an upload's part itself (issue 32): read here, each
	// photo's megabytes brought the serving thread's next full garbage collection nearer.
	if (client instanceof PGliteThread && !Buffer.isBuffer(part))
		return client.queryFileBlob(INSERT_FROM_BLOB, [photoId, seq], part)
	const bytes = Buffer.isBuffer(part) ? part : await readRange(part)
	if (isEmbedded(client)) {
		// A Buffer's memory is an ArrayBuffer (never shared): the Blob copies it once, no more.
		const blob = new Blob([bytes as Uint8Array<ArrayBuffer>])
		await client.query(INSERT_FROM_BLOB, [photoId, seq], { blob })
		return
	}
	await db.insert(photoChunks).values({ photoId, seq, bytes }).onConflictDoNothing()
}

export const databaseOriginals: OriginalStore = {
	async put(db, id, original) {
		for (let seq = 0; seq * CHUNK_BYTES < original.size; seq++) {
			const position = seq * CHUNK_BYTES
			const length = Math.min(CHUNK_BYTES, original.size - position)
			await writeChunk(
				db,
				id,
				seq,
				original.file === undefined
					? original.bytes.subarray(position, position + length)
					: { path: original.file, position, length },
			)
		}
	},
	async get(db, id) {
		const [photo] = await db
			.select({ contentType: photos.contentType, byteSize: photos.byteSize })
			.from(photos)
			.where(eq(photos.id, id))
		if (!photo) return undefined
		const parts: Buffer[] = []
		for (let seq = 0; seq * CHUNK_BYTES < photo.byteSize; seq++) {
			// Read as base64 text: the drivers' own bytea decoding is byte by byte in JavaScript.
			const [chunk] = await db
				.select({ base64: sql<string>`encode(${photoChunks.bytes}, 'base64')` })
				.from(photoChunks)
				.where(and(eq(photoChunks.photoId, id), eq(photoChunks.seq, seq)))
			if (!chunk) return undefined
			parts.push(Buffer.from(chunk.base64, 'base64'))
		}
		const bytes = Buffer.concat(parts)
		return bytes.length === photo.byteSize ? { contentType: photo.contentType, bytes } : undefined
	},
}

/** Chunks of an upload whose photos row was never written (the request failed in between). */
export async function purgeOrphanChunks(db: Db, now: Date) {
	const before = new Date(now.getTime() - 86_400_000)
	const gone = await db
		.delete(photoChunks)
		.where(
			and(
				lt(photoChunks.writtenAt, before),
				sql`not exists (select 1 from ${photos} where ${photos.id} = ${photoChunks.photoId})`,
			),
		)
		.returning({ photoId: photoChunks.photoId })
	return gone.length
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

/** Keeps a prepared original's bytes (chunk by chunk, outside any transaction): its id. */
export async function keepOriginal(
	db: Db,
	photo: PreparedOriginal,
	store: OriginalStore = databaseOriginals,
) {
	await store.put(db, photo.id, photo)
	return photo.id
}

/**
 * Records a kept original and answers its reference (the URL can go straight into a product's
 * image_url). The same picture uploaded again is the same row; its alt text is the newer one.
 */
export async function recordPhoto(
	db: Runner,
	id: string,
	photo: PreparedOriginal,
	{ alt, by }: { alt: string; by: string },
): Promise<PhotoRef> {
	const values = {
		id,
		contentType: photo.contentType,
		width: photo.width,
		height: photo.height,
		byteSize: photo.size,
		alt,
		uploadedBy: by,
	}
	await db
		.insert(photos)
		.values(values)
		.onConflictDoUpdate({
			target: photos.id,
			// An upload without a description keeps the one the photo has.
			set: { alt: sql`case when excluded.alt = '' then ${photos.alt} else excluded.alt end` },
		})
	const [row] = await db.select({ alt: photos.alt }).from(photos).where(eq(photos.id, id))
	return photoRef({ ...values, alt: row?.alt ?? alt })
}

/** Both steps for one photo. */
export async function savePhoto(
	db: Db,
	photo: PreparedOriginal,
	options: { alt: string; by: string; store?: OriginalStore },
) {
	return recordPhoto(db, await keepOriginal(db, photo, options.store), photo, options)
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
