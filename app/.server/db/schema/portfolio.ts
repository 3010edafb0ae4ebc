import {
	boolean,
	index,
	integer,
	jsonb,
	pgTable,
	serial,
	text,
	timestamp,
} from 'drizzle-orm/pg-core'
import type { ProjectPhoto } from '~/lib/portfolio/project'
import { buildProjects } from './builds'

/**
 * The portfolio's projects (issue 32 item 5), edited at /admin/portfolio. The slug is the public
 * address (/portfolio/<slug>): the six demo projects keep their ids (pond1 … pond6), new ones get
 * one made from their name when created, and it never changes after (links stay good).
 */
export const portfolioProjects = pgTable(
	'portfolio_projects',
	{
		slug: text('slug').primaryKey(),
		name: text('name').notNull(),
		/** One or two sentences for cards and meta descriptions. */
		summary: text('summary').notNull(),
		/** How it was built: paragraphs separated by a blank line. */
		story: text('story').notNull().default(''),
		location: text('location').notNull(),
		/** Litres; null when not given. */
		pondVolume: integer('pond_volume'),
		features: jsonb('features').$type<string[]>().notNull().default([]),
		testimonialText: text('testimonial_text').notNull().default(''),
		testimonialName: text('testimonial_name').notNull().default(''),
		/** Half stars, 1 (½) to 10 (5 stars). */
		testimonialRating: integer('testimonial_rating').notNull().default(10),
		/** In gallery order; src is a site path (a generated image, later an uploaded photo). */
		photos: jsonb('photos').$type<ProjectPhoto[]>().notNull().default([]),
		/** Index into photos of the card's thumbnail. */
		thumbnail: integer('thumbnail').notNull().default(0),
		published: boolean('published').notNull().default(false),
		/** Shown on the home page's Featured Projects, in featuredOrder. */
		featured: boolean('featured').notNull().default(false),
		featuredOrder: integer('featured_order').notNull().default(0),
		/** Order on /portfolio. */
		position: integer('position').notNull().default(0),
		/** Bumped by every save: the optimistic check ('changed by someone else'). */
		version: integer('version').notNull().default(1),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
		/** The admin's email, or 'demo content' for the seeded rows. */
		updatedBy: text('updated_by').notNull(),
	},
	(t) => [index('portfolio_projects_position_idx').on(t.position)],
)

/** The customer quotes on the home page (issue 32 item 6), edited at /admin/testimonials. */
export const testimonials = pgTable('testimonials', {
	id: serial('id').primaryKey(),
	text: text('text').notNull(),
	name: text('name').notNull(),
	place: text('place').notNull().default(''),
	/** Half stars, 1 (½) to 10 (5 stars). */
	rating: integer('rating').notNull(),
	position: integer('position').notNull(),
	hidden: boolean('hidden').notNull().default(false),
	/** A generated site image name (the demo quotes' faces); none for the owner's own. */
	avatar: text('avatar'),
	/**
	 * The pond build whose customer sent it from their project page (issue 59 item 10): erasing
	 * their account (UK GDPR) removes it with their other personal details. None for the owner's own.
	 */
	projectId: text('project_id').references(() => buildProjects.id, { onDelete: 'set null' }),
	version: integer('version').notNull().default(1),
	updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
	updatedBy: text('updated_by').notNull(),
})

/**
 * Demo content written into the tables once: a row per seed ('portfolio', 'testimonials') records
 * that it ran, so a restart never brings back what the owner changed or removed.
 */
export const contentSeeds = pgTable('content_seeds', {
	name: text('name').primaryKey(),
	seededAt: timestamp('seeded_at', { withTimezone: true }).notNull().defaultNow(),
})
