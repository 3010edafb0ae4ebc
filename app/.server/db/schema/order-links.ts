import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { orders } from './orders'

/**
 * Private order links (issue 30, docs/decisions/0021-private-order-links.md): one row per link
 * emailed. Only the SHA-256 of the token is kept, so a database copy cannot open an order page;
 * the token itself exists only in the email that carried it.
 */
export const orderLinks = pgTable(
	'order_links',
	{
		tokenHash: text('token_hash').primaryKey(),
		orderId: text('order_id')
			.notNull()
			.references(() => orders.id, { onDelete: 'cascade' }),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
		/** The email kind that carried it ('order-quote', 'order-link', …): how links are asked for. */
		kind: text('kind').notNull(),
	},
	(t) => [index('order_links_order_idx').on(t.orderId, t.createdAt)],
)
