import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { bytea } from './columns'

/**
 * Uploaded photos (products now, the portfolio later): the original as stored after checking,
 * turning upright and stripping every piece of metadata. Its id is the hash of those bytes, so
 * the same photo uploaded twice is one row and its URLs never change meaning (decision 0026).
 * The bytes are in `photo_chunks` (or another store, decision 0026). Resized variants are not
 * kept here: each instance derives them into its own disk cache.
 */
export const photos = pgTable('photos', {
	/** The first 32 hex digits of the SHA-256 of `bytes`. */
	id: text('id').primaryKey(),
	contentType: text('content_type').notNull(),
	width: integer('width').notNull(),
	height: integer('height').notNull(),
	byteSize: integer('byte_size').notNull(),
	/** What the photo shows, for screen readers; required at upload. */
	alt: text('alt').notNull(),
	uploadedBy: text('uploaded_by').notNull(),
	uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
})
export type PhotoRow = typeof photos.$inferSelect

/**
 * The bytes of each original, 64 KB to a row (decision 0026, "Chunks"): the embedded database
 * runs one statement at a time, and one 4 MB value held it for a quarter of a second (then on
 * the server's thread, now on its own, decision 0027); a chunk holds it for a millisecond or
 * two, and shoppers' queries are answered in between.
 */
export const photoChunks = pgTable(
	'photo_chunks',
	{
		photoId: text('photo_id').notNull(),
		seq: integer('seq').notNull(),
		bytes: bytea('bytes').notNull(),
		/** Chunks of an upload that never got its photos row are purged after a day. */
		writtenAt: timestamp('written_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [primaryKey({ columns: [t.photoId, t.seq] })],
)
