import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import type { UploadPreview } from '~/lib/catalog/upload'
import { bytea } from './columns'

/**
 * Each published catalogue file, newest last, so a bad publish can be undone with one click; only
 * the last few are kept (import.ts prunes in the same transaction).
 */
export const catalogVersions = pgTable('catalog_versions', {
	id: serial('id').primaryKey(),
	/**
	 * The file, gzipped (catalog/catalog-file.ts). A 50,000-row file is 7.7 MB of text and 1.1 MB
	 * gzipped: kept as text, every editor's save held it several times over in the embedded
	 * database's memory, which never shrinks (decision 0024).
	 */
	csvGzip: bytea('csv_gzip'),
	/** Versions kept before migration 0023 hold their file as text until they are pruned. */
	csv: text('csv'),
	contentHash: text('content_hash').notNull(),
	productCount: integer('product_count').notNull(),
	/** The admin's email, or 'command line' / 'start-up file'. */
	publishedBy: text('published_by').notNull(),
	publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
	/** What changed, for a save in the product editor ('Price of OA-1 changed'); null for a file. */
	summary: text('summary'),
})

/**
 * Every change to the catalogue, who made it and when: a product saved, hidden, shown,
 * duplicated or deleted in the editor, a file published or restored. Never pruned (the versions
 * above are), so the history outlives the files.
 */
export const catalogChanges = pgTable(
	'catalog_changes',
	{
		id: serial('id').primaryKey(),
		at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
		/** The admin's email, or 'command line' / 'start-up file'. */
		by: text('by').notNull(),
		action: text('action').notNull(),
		/** The product's code and name; empty for a whole file. */
		code: text('code').notNull().default(''),
		name: text('name').notNull().default(''),
		detail: text('detail').notNull().default(''),
	},
	(t) => [index('catalog_changes_code_idx').on(t.code, t.id)],
)

/**
 * An uploaded file waiting for the admin to confirm: kept on the server between preview and
 * publish (the browser only holds the random id), and expired after a day.
 */
export const catalogUploads = pgTable(
	'catalog_uploads',
	{
		id: text('id').primaryKey(),
		/** The uploaded file, gzipped (catalog/catalog-file.ts). */
		csvGzip: bytea('csv_gzip'),
		/** Uploads staged before migration 0023 hold their file as text (they expire in a day). */
		csv: text('csv'),
		fileName: text('file_name').notNull(),
		preview: jsonb('preview').$type<UploadPreview>().notNull(),
		uploadedBy: text('uploaded_by').notNull(),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
	},
	(t) => [index('catalog_uploads_expires_idx').on(t.expiresAt)],
)
