import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { bytea } from './columns'

/**
 * Uploaded photos (products now, the portfolio later): the original as stored after checking,
 * turning upright and stripping every piece of metadata. Its id is the hash of those bytes, so
 * the same photo uploaded twice is one row and its URLs never change meaning (decision 0026).
 * Resized variants are not kept here: each instance derives them into its own disk cache.
 */
export const photos = pgTable('photos', {
	/** The first 32 hex digits of the SHA-256 of `bytes`. */
	id: text('id').primaryKey(),
	contentType: text('content_type').notNull(),
	width: integer('width').notNull(),
	height: integer('height').notNull(),
	byteSize: integer('byte_size').notNull(),
	/** Null when the original lives in another store (an object store, decision 0026). */
	bytes: bytea('bytes'),
	/** What the photo shows, for screen readers; required at upload. */
	alt: text('alt').notNull(),
	uploadedBy: text('uploaded_by').notNull(),
	uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
})
export type PhotoRow = typeof photos.$inferSelect
