import { sql } from 'drizzle-orm'
import {
	boolean,
	index,
	integer,
	jsonb,
	pgTable,
	serial,
	text,
	timestamp,
	uniqueIndex,
} from 'drizzle-orm/pg-core'
import type { BudgetBand, BuildType, HeardFrom, Timescale } from '~/lib/builds/build-schemas'
import type { ScheduleStage } from '~/lib/builds/payment-schedule'
import type { ProjectStatus } from '~/lib/builds/project-status'
import type { BuildSettings } from '~/lib/builds/survey-slots'
import { bytea } from './columns'

/**
 * Pond builds (issue 59, decision 0033): a project from the 'Plan a pond' enquiry to the finished
 * pond. Quotes, their versions and stage payments hang off `build_projects.id` in later tables.
 */
export const buildProjects = pgTable(
	'build_projects',
	{
		/** 'PB-7F3K9Q': readable on the phone, unguessable. */
		id: text('id').primaryKey(),
		/** The signed-in customer who sent the enquiry; null for a guest (they use the private link). */
		userId: text('user_id'),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
		/** Bumped by every change: a staff form posted from a stale page is refused. */
		version: integer('version').notNull().default(1),
		status: text('status').$type<ProjectStatus>().notNull().default('enquiry'),
		/** Why it was lost or cancelled. */
		statusReason: text('status_reason').notNull().default(''),
		name: text('name').notNull(),
		email: text('email').notNull(),
		phone: text('phone').notNull(),
		address: text('address').notNull(),
		postcode: text('postcode').notNull(),
		/** The postcode was outside the service area and the customer sent anyway. */
		outsideArea: boolean('outside_area').notNull().default(false),
		type: text('type').$type<BuildType>().notNull(),
		size: text('size').notNull(),
		budget: text('budget').$type<BudgetBand>().notNull(),
		timescale: text('timescale').$type<Timescale>().notNull(),
		heardFrom: text('heard_from').$type<HeardFrom>().notNull(),
		details: text('details').notNull().default(''),
		/** What staff found at the survey; internal. */
		surveyNotes: text('survey_notes').notNull().default(''),
	},
	(t) => [
		index('build_projects_status_idx').on(t.status, t.updatedAt),
		index('build_projects_created_idx').on(t.createdAt),
		index('build_projects_user_idx').on(t.userId),
	],
)

/**
 * The project's timeline: status moves, bookings, messages to the customer (`visible`) and
 * internal notes (never shown to the customer). Written with the change it records.
 */
export const buildEvents = pgTable(
	'build_events',
	{
		id: serial('id').primaryKey(),
		projectId: text('project_id')
			.notNull()
			.references(() => buildProjects.id, { onDelete: 'cascade' }),
		at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
		kind: text('kind')
			// 'portfolio' (the draft made from it) and 'testimonial' (asked for, or sent): issue 59 item 10.
			.$type<'status' | 'survey' | 'message' | 'note' | 'enquiry' | 'portfolio' | 'testimonial'>()
			.notNull(),
		/** 'customer', 'system', or the staff member's email. */
		actor: text('actor').notNull(),
		fromStatus: text('from_status').$type<ProjectStatus>(),
		toStatus: text('to_status').$type<ProjectStatus>(),
		text: text('text').notNull().default(''),
		/** Shown on the customer's page. */
		visible: boolean('visible').notNull().default(true),
	},
	(t) => [index('build_events_project_idx').on(t.projectId, t.at)],
)

/** Site photos sent with the enquiry: checked, re-encoded and stripped of metadata. */
export const buildPhotos = pgTable(
	'build_photos',
	{
		id: serial('id').primaryKey(),
		projectId: text('project_id')
			.notNull()
			.references(() => buildProjects.id, { onDelete: 'cascade' }),
		position: integer('position').notNull(),
		contentType: text('content_type').notNull(),
		width: integer('width').notNull(),
		height: integer('height').notNull(),
		bytes: bytea('bytes').notNull(),
	},
	(t) => [index('build_photos_project_idx').on(t.projectId, t.position)],
)

/**
 * Site survey bookings (decision 0034). A slot is held by its row while `status = 'booked'`: the
 * partial unique index on `starts_at` lets exactly one booking hold it, on either driver, and the
 * one on `project_id` keeps one live booking per project. Moved and cancelled rows stay as history.
 */
export const surveyBookings = pgTable(
	'survey_bookings',
	{
		id: serial('id').primaryKey(),
		projectId: text('project_id')
			.notNull()
			.references(() => buildProjects.id, { onDelete: 'cascade' }),
		startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
		endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
		status: text('status').$type<'booked' | 'moved' | 'cancelled'>().notNull().default('booked'),
		/** The calendar invite's SEQUENCE: a moved survey's invite replaces the last one. */
		sequence: integer('sequence').notNull().default(0),
		bookedBy: text('booked_by').notNull(),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		endedAt: timestamp('ended_at', { withTimezone: true }),
		reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
	},
	(t) => [
		uniqueIndex('survey_bookings_slot_held_idx').on(t.startsAt).where(sql`${t.status} = 'booked'`),
		uniqueIndex('survey_bookings_project_held_idx')
			.on(t.projectId)
			.where(sql`${t.status} = 'booked'`),
		index('survey_bookings_project_idx').on(t.projectId),
	],
)

/** Private links to a project page, as order links (decision 0021): only the token's hash. */
export const buildLinks = pgTable(
	'build_links',
	{
		tokenHash: text('token_hash').primaryKey(),
		projectId: text('project_id')
			.notNull()
			.references(() => buildProjects.id, { onDelete: 'cascade' }),
		kind: text('kind').notNull(),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
	},
	(t) => [index('build_links_project_idx').on(t.projectId)],
)

/** The service area and survey calendar the owner sets, one row per save (newest in force). */
export const buildSettings = pgTable('build_settings', {
	id: serial('id').primaryKey(),
	settings: jsonb('settings').$type<BuildSettings>().notNull(),
	changedBy: text('changed_by').notNull(),
	changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
})

export type BuildProject = typeof buildProjects.$inferSelect
export type SurveyBooking = typeof surveyBookings.$inferSelect

/**
 * A quote for a build (issue 59 items 4 and 7, decision 0037). Versioned per project: sending a
 * new version supersedes the one before, which stays readable. Money in pence, prices incl. VAT.
 * `acceptedTotalPence` is the total with the options the customer chose, fixed at acceptance.
 */
export const buildQuotes = pgTable(
	'build_quotes',
	{
		id: serial('id').primaryKey(),
		projectId: text('project_id')
			.notNull()
			.references(() => buildProjects.id, { onDelete: 'cascade' }),
		version: integer('version').notNull(),
		status: text('status').$type<BuildQuoteStatus>().notNull().default('draft'),
		title: text('title').notNull(),
		/** A short note above the lines, to the customer. */
		intro: text('intro').notNull().default(''),
		terms: text('terms').notNull().default(''),
		validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
		/** The payment schedule as set on the quote; amounts are worked out from the total. */
		schedule: jsonb('schedule').$type<ScheduleStage[]>().notNull(),
		createdBy: text('created_by').notNull(),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		sentAt: timestamp('sent_at', { withTimezone: true }),
		acceptedAt: timestamp('accepted_at', { withTimezone: true }),
		/** The typed name that signs the acceptance. */
		acceptedName: text('accepted_name'),
		acceptedTotalPence: integer('accepted_total_pence'),
		/** The customer asked for work to start within the 14 cancellation days (CCR 2013 reg. 36). */
		earlyStart: boolean('early_start').notNull().default(false),
	},
	(t) => [
		uniqueIndex('build_quotes_version_idx').on(t.projectId, t.version),
		// One accepted quote per project.
		uniqueIndex('build_quotes_accepted_idx').on(t.projectId).where(sql`${t.status} = 'accepted'`),
	],
)

/** A quote's lines, in sections. `chosen` is the customer's tick on an optional line. */
export const buildQuoteLines = pgTable(
	'build_quote_lines',
	{
		id: serial('id').primaryKey(),
		quoteId: integer('quote_id')
			.notNull()
			.references(() => buildQuotes.id, { onDelete: 'cascade' }),
		position: integer('position').notNull(),
		section: text('section').notNull(),
		description: text('description').notNull(),
		quantity: integer('quantity').notNull(),
		unitPence: integer('unit_pence').notNull(),
		optional: boolean('optional').notNull().default(false),
		/** Optional lines: whether the customer (or the default) includes it. Required lines: true. */
		chosen: boolean('chosen').notNull().default(true),
		/** Set when the line came from the catalogue (its price then). */
		productId: text('product_id'),
	},
	(t) => [index('build_quote_lines_quote_idx').on(t.quoteId, t.position)],
)

/** Saved starting points for common builds: sections, lines, schedule and terms. */
export const buildQuoteTemplates = pgTable('build_quote_templates', {
	id: serial('id').primaryKey(),
	name: text('name').notNull().unique(),
	content: jsonb('content').$type<QuoteTemplateContent>().notNull(),
	changedBy: text('changed_by').notNull(),
	changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * The accepted quote's payment stages (decision 0038): amounts fixed at acceptance from the
 * schedule, summing to the accepted total to the penny (the last stage takes the remainder).
 * 'upcoming' until staff mark the stage reached (the deposit is due at acceptance), then 'due'
 * with a payment link, then 'paid' (card or a bank transfer staff record), or 'refunded'.
 */
export const buildStages = pgTable(
	'build_stages',
	{
		id: serial('id').primaryKey(),
		projectId: text('project_id')
			.notNull()
			.references(() => buildProjects.id, { onDelete: 'restrict' }),
		quoteId: integer('quote_id')
			.notNull()
			.references(() => buildQuotes.id, { onDelete: 'restrict' }),
		position: integer('position').notNull(),
		label: text('label').notNull(),
		amountPence: integer('amount_pence').notNull(),
		status: text('status').$type<BuildStageStatus>().notNull().default('upcoming'),
		dueAt: timestamp('due_at', { withTimezone: true }),
		paidAt: timestamp('paid_at', { withTimezone: true }),
		/** 'card' or 'bank_transfer'. */
		paidBy: text('paid_by'),
		/** The bank transfer's reference staff recorded, or the provider's payment id. */
		paymentReference: text('payment_reference'),
		/** The stage's current payment link (payment_links.id), while one is issued. */
		paymentLinkId: text('payment_link_id'),
		remindersSent: jsonb('reminders_sent').$type<string[]>().notNull().default([]),
		/** A cancellation's refund of this stage (decision 0038): how much, and the provider's id. */
		refundPence: integer('refund_pence'),
		refundReference: text('refund_reference'),
		refundedAt: timestamp('refunded_at', { withTimezone: true }),
	},
	(t) => [
		uniqueIndex('build_stages_position_idx').on(t.quoteId, t.position),
		index('build_stages_project_idx').on(t.projectId),
	],
)

export type BuildQuoteStatus = 'draft' | 'sent' | 'superseded' | 'accepted'
/** 'refunding': a cancellation's refund is on its way (its steps resume); 'cancelled': never due. */
export type BuildStageStatus = 'upcoming' | 'due' | 'paid' | 'refunding' | 'refunded' | 'cancelled'

export type QuoteTemplateContent = {
	title: string
	intro: string
	terms: string
	schedule: ScheduleStage[]
	lines: {
		section: string
		description: string
		quantity: number
		unitPence: number
		optional: boolean
	}[]
}

export type BuildQuote = typeof buildQuotes.$inferSelect
export type BuildQuoteLine = typeof buildQuoteLines.$inferSelect
export type BuildStage = typeof buildStages.$inferSelect
