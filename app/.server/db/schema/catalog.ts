import { sql } from 'drizzle-orm'
import {
	boolean,
	index,
	integer,
	jsonb,
	pgTable,
	text,
	timestamp,
	uniqueIndex,
} from 'drizzle-orm/pg-core'
import type { ProductSpec } from '~/lib/catalog/product'

export type ProductOption = { name: string; pricePence: number }

/** The catalogue as last imported from the CSV; ids are the CSV data-row index as text (spec). */
export const products = pgTable(
	'products',
	{
		id: text('id').primaryKey(),
		position: integer('position').notNull(),
		name: text('name').notNull(),
		code: text('code').notNull(),
		/** The main photo. */
		imageUrl: text('image_url').notNull(),
		/** The gallery's other photos, in order (the CSV's optional more_images column). */
		moreImages: jsonb('more_images').$type<string[]>().notNull().default([]),
		productUrl: text('product_url').notNull(),
		vendor: text('vendor').notNull(),
		category: text('category').notNull(),
		/** Null when the CSV says 'Price not available'. */
		pricePence: integer('price_pence'),
		sizes: jsonb('sizes').$type<string[]>().notNull(),
		options: jsonb('options').$type<ProductOption[]>().notNull(),
		selectedSize: text('selected_size').notNull(),
		selectedOption: text('selected_option').notNull(),
		originalName: text('original_name').notNull(),
		/** parcel | pallet | collection; null follows the category's default. */
		shippingClass: text('shipping_class'),
		/** Hidden by the owner (the CSV's optional hidden column): off every public list. */
		hidden: boolean('hidden').notNull().default(false),
		/** Markdown, rendered by product-description.ts ('' for none). */
		description: text('description').notNull().default(''),
		specifications: jsonb('specifications').$type<ProductSpec[]>().notNull().default([]),
	},
	(t) => [
		index('products_category_idx').on(t.category, t.position),
		// The read model loads the catalogue a page at a time in this order (Catalog.#readAll).
		index('products_position_idx').on(t.position, t.id),
	],
)

/** One row: which file is loaded, and a version every instance polls to refresh its cache. */
export const catalogState = pgTable('catalog_state', {
	id: integer('id').primaryKey(),
	contentHash: text('content_hash').notNull(),
	version: integer('version').notNull(),
	productCount: integer('product_count').notNull(),
	/**
	 * The start-up file's hash when it was last loaded: a restart loads the file again only when the
	 * file itself changed, so the owner's edits and uploads since then survive a redeploy.
	 */
	fileHash: text('file_hash'),
	/**
	 * An editor's save: the content hash it was made from and the product ids it wrote, so an
	 * instance holding that catalogue reads those rows, not all 50,000 (Catalog). Null after a
	 * whole file is published, or a save that rewrote too many rows to be worth it.
	 */
	previousHash: text('previous_hash'),
	changedIds: jsonb('changed_ids').$type<string[]>(),
	importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * The shop's product categories, managed by the owner at /admin/products/categories (issue 62
 * item 3). Products name theirs by `slug` (the CSV's category column, the address
 * /pond-products/<slug>); `position` is the order of the tiles, the strip and the footer.
 */
export const categories = pgTable(
	'categories',
	{
		id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
		slug: text('slug').notNull(),
		name: text('name').notNull(),
		description: text('description').notNull().default(''),
		/** The home page tile's words when they differ from the name ('Water Pumps'); '' for the name. */
		tileTitle: text('tile_title').notNull().default(''),
		/** A demo tile picture's name (SITE_IMAGES, e.g. 'tile-pumps'), or '' for the icon alone. */
		tileImage: text('tile_image').notNull().default(''),
		position: integer('position').notNull(),
		/** Off the shop's lists, and its page a 404 (decision 0032). */
		hidden: boolean('hidden').notNull().default(false),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [
		uniqueIndex('categories_slug_idx').on(t.slug),
		uniqueIndex('categories_name_idx').on(sql`lower(${t.name})`),
	],
)

/** A slug a category had before a rename: its old address answers 301 to the category's current one. */
export const categoryRedirects = pgTable('category_redirects', {
	oldSlug: text('old_slug').primaryKey(),
	categoryId: integer('category_id')
		.notNull()
		.references(() => categories.id, { onDelete: 'cascade' }),
})
