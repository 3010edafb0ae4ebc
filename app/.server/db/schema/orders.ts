import { sql } from 'drizzle-orm'
import {
	boolean,
	check,
	index,
	integer,
	jsonb,
	pgTable,
	serial,
	text,
	timestamp,
	uniqueIndex,
} from 'drizzle-orm/pg-core'
import type { SiteAccess } from '~/lib/delivery/suggest'
import type { DeliverySettings } from '~/lib/delivery/zones'
import type { DeliveryDetails } from '~/lib/delivery-schema'
import type { OrderLine } from '~/lib/order-line'
import type { OrderStatus } from '~/lib/order-status'
import { buildStages } from './builds'

export type { DeliveryDetails } from '~/lib/delivery-schema'
export type { OrderLine } from '~/lib/order-line'

export { ORDER_STATUSES, type OrderStatus } from '~/lib/order-status'

export const orders = pgTable(
	'orders',
	{
		id: text('id').primaryKey(),
		status: text('status').$type<OrderStatus>().notNull().default('pending'),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
		/** Null once the customer deleted their account (the order is kept, anonymised). */
		userId: text('user_id'),
		isAnonymous: boolean('is_anonymous').notNull().default(false),
		deliveryInfo: jsonb('delivery_info').$type<DeliveryDetails>().notNull(),
		cartItems: jsonb('cart_items').$type<OrderLine[]>().notNull(),
		subtotalPence: integer('subtotal_pence').notNull(),
		deliveryCostPence: integer('delivery_cost_pence'),
		/**
		 * The delivery estimate the customer was shown at checkout (issue 62 item 6), worked out
		 * again on the server from the same rates when the order was placed; null where the rates
		 * could not price it ('we will quote'). Only ever an estimate: staff set deliveryCostPence.
		 */
		deliveryEstimatePence: integer('delivery_estimate_pence'),
		totalCostPence: integer('total_cost_pence'),
		adminNotes: text('admin_notes').notNull().default(''),
		paymentLink: text('payment_link'),
		paymentLinkId: text('payment_link_id'),
		paymentLinkActive: boolean('payment_link_active').notNull().default(false),
		/** From the checkout form: a double submit or retry returns the same order. */
		idempotencyKey: text('idempotency_key'),
		/** Bumped by every change; an admin form carries the version it read (optimistic locking). */
		version: integer('version').notNull().default(1),
		/** Set when the order is marked shipped (both optional). */
		carrier: text('carrier'),
		trackingReference: text('tracking_reference'),
		/** The quoted price is held until then; after it no link can take payment (DESIGN decision 15). */
		quoteExpiresAt: timestamp('quote_expires_at', { withTimezone: true }),
		/** The customer asked for no more quote reminders on this order (issue 31 item 3). */
		remindersOff: boolean('reminders_off').notNull().default(false),
		/** Lorry access, gate width and tail lift, from the checkout (optional). */
		siteAccess: jsonb('site_access').$type<SiteAccess>(),
		/** A payment that could not be applied (e.g. on a revoked link): shown until resolved. */
		paymentAlert: text('payment_alert'),
	},
	(t) => [
		index('orders_user_created_idx').on(t.userId, t.createdAt),
		index('orders_status_created_idx').on(t.status, t.createdAt),
		index('orders_created_idx').on(t.createdAt),
		uniqueIndex('orders_user_idempotency_idx').on(t.userId, t.idempotencyKey),
	],
)

/** An order as stored: what the lifecycle, the emails and the dashboard read. */
export type OrderRow = typeof orders.$inferSelect

export const orderEvents = pgTable(
	'order_events',
	{
		id: serial('id').primaryKey(),
		orderId: text('order_id')
			.notNull()
			.references(() => orders.id, { onDelete: 'cascade' }),
		at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
		/** 'customer', 'system', or an admin's user id. */
		actor: text('actor').notNull(),
		fromStatus: text('from_status'),
		toStatus: text('to_status').notNull(),
		note: text('note').notNull().default(''),
	},
	(t) => [index('order_events_order_idx').on(t.orderId)],
)

/**
 * One row per payment link ever issued (DESIGN decision 13): the token is the unguessable part of
 * /pay/<token>. A new delivery cost supersedes the old link; only an active link can take money.
 */
export const paymentLinks = pgTable(
	'payment_links',
	{
		id: text('id').primaryKey(),
		/** The order this link pays for; null on a build stage's link (exactly one is set). */
		orderId: text('order_id').references(() => orders.id, { onDelete: 'cascade' }),
		/** The pond build stage this link pays for (decision 0038); null on an order's link. */
		buildStageId: integer('build_stage_id').references(() => buildStages.id, {
			onDelete: 'restrict',
		}),
		amountPence: integer('amount_pence').notNull(),
		status: text('status').$type<PaymentLinkStatus>().notNull().default('active'),
		provider: text('provider').notNull(),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		closedAt: timestamp('closed_at', { withTimezone: true }),
		/** The provider's payment reference once paid; unique, so one payment is applied once. */
		providerPaymentId: text('provider_payment_id'),
		/**
		 * While set and in the future, one request (on any instance) is opening this link's
		 * checkout at the provider; others wait for its session instead of opening a second.
		 */
		checkoutLeaseUntil: timestamp('checkout_lease_until', { withTimezone: true }),
		/** The reminders sent for this quote ('before', 'last-morning'): each goes once per link. */
		remindersSent: jsonb('reminders_sent').$type<string[]>().notNull().default([]),
		/**
		 * When this quote's reminders fall due (decision 0019, follow-up): set as the link is issued,
		 * cleared as each is sent or found to no longer apply, so the due ones are an index lookup.
		 */
		remindBeforeAt: timestamp('remind_before_at', { withTimezone: true }),
		remindLastMorningAt: timestamp('remind_last_morning_at', { withTimezone: true }),
	},
	(t) => [
		index('payment_links_order_idx').on(t.orderId),
		index('payment_links_build_stage_idx').on(t.buildStageId),
		check(
			'payment_links_one_payer_check',
			sql`(${t.orderId} is null) <> (${t.buildStageId} is null)`,
		),
		index('payment_links_reminder_due_idx')
			.on(sql`least(${t.remindBeforeAt}, ${t.remindLastMorningAt})`)
			.where(sql`${t.status} = 'active'`),
		uniqueIndex('payment_links_provider_payment_idx').on(t.provider, t.providerPaymentId),
	],
)

export type PaymentLink = typeof paymentLinks.$inferSelect

export type PaymentLinkStatus = 'active' | 'deactivated' | 'paid' | 'refunded'

/**
 * The delivery rate table, one row per saved version: the newest row is in force, and the rows
 * before it are the record of who changed what and when.
 */
export const deliverySettings = pgTable('delivery_settings', {
	id: serial('id').primaryKey(),
	settings: jsonb('settings').$type<DeliverySettings>().notNull(),
	changedBy: text('changed_by').notNull(),
	changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
})
