import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import type { EnquiryStatus, EnquiryTopic } from '~/lib/enquiry-schema'

/** Questions sent from /contact (DESIGN decision 8), answered by staff in the admin area. */
export const enquiries = pgTable(
	'enquiries',
	{
		id: text('id').primaryKey(),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
		name: text('name').notNull(),
		email: text('email').notNull(),
		phone: text('phone').notNull().default(''),
		topic: text('topic').$type<EnquiryTopic>().notNull(),
		productCode: text('product_code').notNull().default(''),
		message: text('message').notNull(),
		status: text('status').$type<EnquiryStatus>().notNull().default('new'),
		/** Staff notes; never shown to the customer. */
		notes: text('notes').notNull().default(''),
	},
	(t) => [
		index('enquiries_created_idx').on(t.createdAt),
		index('enquiries_status_idx').on(t.status),
	],
)
