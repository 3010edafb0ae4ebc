import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { orders, paymentLinks } from './orders'

/**
 * Stripe Checkout Sessions opened from our links, so revoking a link can expire its open sessions
 * and reconciliation can ask Stripe about them. A link has at most one open session in use: the
 * pay page hands out the stored `url` again while the session has time left (issue 28).
 */
export const checkoutSessions = pgTable(
	'checkout_sessions',
	{
		id: text('id').primaryKey(),
		linkId: text('link_id')
			.notNull()
			.references(() => paymentLinks.id, { onDelete: 'cascade' }),
		/** Null for a build stage's link (its link says which stage). */
		orderId: text('order_id').references(() => orders.id, { onDelete: 'cascade' }),
		status: text('status').$type<CheckoutSessionStatus>().notNull().default('open'),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
		closedAt: timestamp('closed_at', { withTimezone: true }),
		/** Stripe's hosted page for this session (null on sessions opened before issue 28). */
		url: text('url'),
	},
	(t) => [
		index('checkout_sessions_link_idx').on(t.linkId),
		index('checkout_sessions_status_idx').on(t.status, t.createdAt),
	],
)

export type CheckoutSessionStatus = 'open' | 'complete' | 'expired'

/**
 * Every provider event we accepted, by its id: the primary key is the de-duplication across
 * instances (a second delivery waits for the first insert, then conflicts).
 */
export const paymentEvents = pgTable('payment_events', {
	id: text('id').primaryKey(),
	provider: text('provider').notNull(),
	type: text('type').notNull(),
	receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
	orderId: text('order_id'),
	/** 'applied', 'already_applied', 'flagged', 'ignored', … — what the event did. */
	outcome: text('outcome').notNull(),
})
