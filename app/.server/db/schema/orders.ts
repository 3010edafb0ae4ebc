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

export type DeliveryInfo = {
	firstName: string
	lastName: string
	email: string
	phone: string
	address1: string
	address2: string
	city: string
	postcode: string
	notes: string
}

/** A line as ordered: everything shown later is snapshotted, so catalogue changes never alter it. */
export type OrderLine = {
	id: string
	name: string
	originalName: string
	code: string
	/** Spec: unit price as text with a pound sign ('£12.99'). */
	price: string
	unitPricePence: number
	quantity: number
	selectedSize: string
	selectedOption: string
	supplierUrl: string
	imageUrl: string
}

export const ORDER_STATUSES = [
	'pending',
	'delivery_confirmed',
	'payment_pending',
	'paid',
	'shipped',
	'delivered',
	'cancelled',
] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

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
		deliveryInfo: jsonb('delivery_info').$type<DeliveryInfo>().notNull(),
		cartItems: jsonb('cart_items').$type<OrderLine[]>().notNull(),
		subtotalPence: integer('subtotal_pence').notNull(),
		deliveryCostPence: integer('delivery_cost_pence'),
		totalCostPence: integer('total_cost_pence'),
		adminNotes: text('admin_notes').notNull().default(''),
		paymentLink: text('payment_link'),
		paymentLinkId: text('payment_link_id'),
		paymentLinkActive: boolean('payment_link_active').notNull().default(false),
		/** From the checkout form: a double submit or retry returns the same order. */
		idempotencyKey: text('idempotency_key'),
	},
	(t) => [
		index('orders_user_created_idx').on(t.userId, t.createdAt),
		index('orders_created_idx').on(t.createdAt),
		uniqueIndex('orders_user_idempotency_idx').on(t.userId, t.idempotencyKey),
	],
)

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
