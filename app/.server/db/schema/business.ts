import { jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import type { BusinessDetails } from '~/lib/business-details'

/**
 * The business's details as the owner set them in /admin/settings, one row per save (the newest
 * is in force; the others are the record of who changed what, and when). No row: the demo values
 * in app/lib/business.ts.
 */
export const businessSettings = pgTable('business_settings', {
	id: serial('id').primaryKey(),
	details: jsonb('details').$type<BusinessDetails>().notNull(),
	changedBy: text('changed_by').notNull(),
	changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
})
