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
import type {
	ProblemKind,
	RequestKind,
	RequestLine,
	RequestOutcome,
	RequestStatus,
	ReturnedGoods,
} from '~/lib/order-requests'
import type { ActorKind } from '~/lib/order-status'
import { bytea } from './columns'
import { orders } from './orders'

/**
 * A customer's cancellation, return or problem report (issue 30 items 5–8). Staff work through
 * them in the admin Requests inbox; each change is also an event on the order's timeline.
 */
export const orderRequests = pgTable(
	'order_requests',
	{
		id: serial('id').primaryKey(),
		orderId: text('order_id')
			.notNull()
			.references(() => orders.id, { onDelete: 'cascade' }),
		kind: text('kind').$type<RequestKind>().notNull(),
		status: text('status').$type<RequestStatus>().notNull().default('open'),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
		/** A return's lines (order line position and quantity); empty for other kinds. */
		lines: jsonb('lines').$type<RequestLine[]>().notNull().default([]),
		problem: text('problem').$type<ProblemKind>(),
		/** The customer's own words (reason for a return, description of a problem). */
		details: text('details').notNull().default(''),
		/** A problem reported more than 24 hours after delivery: accepted, and marked. */
		late: boolean('late').notNull().default(false),
		goodsReceivedAt: timestamp('goods_received_at', { withTimezone: true }),
		outcome: text('outcome').$type<RequestOutcome>(),
		/** Why it was declined, or what was sent: shown to the customer with the outcome. */
		outcomeNote: text('outcome_note').notNull().default(''),
		refundedPence: integer('refunded_pence'),
		/** Staff only. */
		staffNotes: text('staff_notes').notNull().default(''),
		resolvedAt: timestamp('resolved_at', { withTimezone: true }),
		version: integer('version').notNull().default(1),
	},
	(t) => [
		index('order_requests_status_idx').on(t.status, t.createdAt),
		index('order_requests_order_idx').on(t.orderId),
	],
)
export type OrderRequest = typeof orderRequests.$inferSelect

/** A problem report's photos, as re-encoded (no metadata): customers' gardens stay private. */
export const requestPhotos = pgTable(
	'request_photos',
	{
		id: serial('id').primaryKey(),
		requestId: integer('request_id')
			.notNull()
			.references(() => orderRequests.id, { onDelete: 'cascade' }),
		position: integer('position').notNull(),
		contentType: text('content_type').notNull(),
		width: integer('width').notNull(),
		height: integer('height').notNull(),
		bytes: bytea('bytes').notNull(),
	},
	(t) => [index('request_photos_request_idx').on(t.requestId, t.position)],
)

/**
 * Every refund taken through the payment provider, full or partial, with its credit note. The
 * idempotency key comes from the form that asked for it, so a double click refunds once.
 */
/** What finishing a refund does to its order (orders/payments/refund-steps.ts). */
export type RefundPlan = {
	/** 'cancel': the order is cancelled with it; 'part': it refunds part (or the rest) of it. */
	kind: 'cancel' | 'part'
	/** Who asked: the order's change is made as them when the refund is finished or resumed. */
	actor: { kind: ActorKind; id?: string }
	/** The payment refunded (the provider's id), fixed when the amount was reserved. */
	providerPaymentId: string
	paymentLinkId: string
	returned?: ReturnedGoods
}

export const refunds = pgTable(
	'refunds',
	{
		id: serial('id').primaryKey(),
		// Financial records are kept: an order with refunds cannot be deleted.
		orderId: text('order_id')
			.notNull()
			.references(() => orders.id, { onDelete: 'restrict' }),
		requestId: integer('request_id').references(() => orderRequests.id, { onDelete: 'set null' }),
		amountPence: integer('amount_pence').notNull(),
		reason: text('reason').notNull(),
		idempotencyKey: text('idempotency_key').notNull(),
		/**
		 * How far the refund's steps have gone (orders/payments/refund-steps.ts): 'reserved' (the
		 * amount is held against the payment), 'taken' (the provider refunded it), 'recorded' (the
		 * credit note, the order's change and its emails are written). Only recorded refunds are
		 * finished; the others are resumed.
		 */
		step: text('step', { enum: ['reserved', 'taken', 'recorded'] })
			.notNull()
			.default('recorded'),
		/** What finishing the refund does to the order (refund-steps.ts), kept so it can resume. */
		plan: jsonb('plan').$type<RefundPlan>(),
		providerRefundId: text('provider_refund_id'),
		creditNote: text('credit_note'),
		/** 'customer', 'system', or an admin's user id. */
		actor: text('actor').notNull(),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		/** When the last step ran: an unfinished refund older than a minute is resumed. */
		stepAt: timestamp('step_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [
		uniqueIndex('refunds_idempotency_idx').on(t.idempotencyKey),
		index('refunds_order_idx').on(t.orderId),
	],
)
export type Refund = typeof refunds.$inferSelect
