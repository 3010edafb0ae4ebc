/** Spec section 4: the seven order statuses (DESIGN decision 5), in the order an order moves. */
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

export function isOrderStatus(value: unknown): value is OrderStatus {
	return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value)
}

/** Who moves an order: staff, the payment provider, the customer, or the shop itself. */
export type ActorKind = 'customer' | 'admin' | 'provider' | 'system'

type Rule = { from: OrderStatus; to: OrderStatus; by: readonly ActorKind[]; why: string }

/**
 * Every move an order can make, and who may make it (DESIGN decision 5, decision 0008). The
 * lifecycle (app/.server/orders/lifecycle/lifecycle.ts) refuses anything not listed; screens ask the named
 * checks below rather than listing statuses themselves.
 */
export const TRANSITIONS: readonly Rule[] = [
	// 'system': an instant quote (issue 31 item 2b), the same move a member of staff makes.
	{ from: 'pending', to: 'payment_pending', by: ['admin', 'system'], why: 'cost set, link sent' },
	{ from: 'pending', to: 'delivery_confirmed', by: ['admin', 'system'], why: 'link failed' },
	{ from: 'delivery_confirmed', to: 'payment_pending', by: ['admin'], why: 'link created' },
	{ from: 'delivery_confirmed', to: 'delivery_confirmed', by: ['admin'], why: 'cost changed' },
	{ from: 'payment_pending', to: 'payment_pending', by: ['admin'], why: 'new price or link' },
	{ from: 'payment_pending', to: 'delivery_confirmed', by: ['admin'], why: 'new link failed' },
	{ from: 'payment_pending', to: 'pending', by: ['customer'], why: 'quote expired, new one asked' },
	{ from: 'payment_pending', to: 'paid', by: ['provider', 'admin'], why: 'paid (card/offline)' },
	{ from: 'delivery_confirmed', to: 'paid', by: ['admin'], why: 'paid offline' },
	{ from: 'paid', to: 'shipped', by: ['admin'], why: 'dispatched' },
	{ from: 'shipped', to: 'delivered', by: ['admin'], why: 'delivered' },
	// The customer too, before dispatch, from the order page (issue 30 item 5; their legal right).
	{ from: 'pending', to: 'cancelled', by: ['admin', 'customer'], why: 'cancelled' },
	{ from: 'delivery_confirmed', to: 'cancelled', by: ['admin', 'customer'], why: 'cancelled' },
	{ from: 'payment_pending', to: 'cancelled', by: ['admin', 'customer'], why: 'cancelled' },
	{ from: 'paid', to: 'cancelled', by: ['admin', 'customer'], why: 'cancelled, refunded in full' },
	{ from: 'cancelled', to: 'pending', by: ['admin'], why: 'uncancelled, no cost yet' },
	{ from: 'cancelled', to: 'payment_pending', by: ['admin'], why: 'uncancelled, new link' },
	{ from: 'cancelled', to: 'delivery_confirmed', by: ['admin'], why: 'uncancelled, link failed' },
]

export function canTransition(from: OrderStatus, to: OrderStatus, by: ActorKind) {
	return TRANSITIONS.some((t) => t.from === from && t.to === to && t.by.includes(by))
}

/** Paid, and perhaps already on its way: the price can no longer change. */
export function isPaid(status: OrderStatus) {
	return status === 'paid' || status === 'shipped' || status === 'delivered'
}

/** On its way or arrived: too late to cancel (a return instead), in time to report a problem. */
export function isDispatched(status: OrderStatus) {
	return status === 'shipped' || status === 'delivered'
}

/** Staff can record a payment taken another way (bank transfer, card over the phone). */
export function canMarkPaid(status: OrderStatus) {
	return canTransition(status, 'paid', 'admin')
}

/** Still being arranged: staff can set or change the delivery cost. */
export function canPrice(status: OrderStatus) {
	return status === 'pending' || status === 'delivery_confirmed' || status === 'payment_pending'
}

/** Staff can cancel (a paid order is refunded in full); once dispatched it is a return instead. */
export function canCancel(status: OrderStatus) {
	return canPrice(status) || status === 'paid'
}

/** Customer- and staff-facing status labels. */
const LABELS: Record<string, string> = {
	pending: 'Pending Review',
	delivery_confirmed: 'Delivery Confirmed',
	payment_pending: 'Awaiting Payment',
	paid: 'Paid',
	shipped: 'Shipped',
	delivered: 'Delivered',
	cancelled: 'Cancelled',
}

/** A missing status reads as pending; an unknown one as 'Unknown'. */
export function statusLabel(status: string | null | undefined) {
	if (!status) return LABELS.pending!
	return LABELS[status] ?? 'Unknown'
}

/** Where the order is, said to the customer (the confirmation page, reopened later). */
const CUSTOMER_SENTENCES: Record<OrderStatus, string> = {
	pending: 'We are reviewing your order and will confirm the delivery cost with you.',
	delivery_confirmed: 'Your delivery cost is confirmed; we will send you a link to pay.',
	payment_pending: 'Your delivery cost is confirmed: please pay using the link we emailed you.',
	paid: 'Thank you, we have received your payment. We will let you know when it is on its way.',
	shipped: 'Your order is on its way.',
	delivered: 'Your order has been delivered.',
	cancelled: 'This order has been cancelled.',
}

export function customerStatusSentence(status: OrderStatus) {
	return CUSTOMER_SENTENCES[status]
}

/** Orders still being arranged: the customer is asked to quote the order number. */
export function showsContactNote(status: string | null | undefined) {
	return ['pending', 'delivery_confirmed', 'payment_pending'].includes(status || 'pending')
}

export function showsCosts(status: string | null | undefined) {
	return status !== 'pending' && status !== 'cancelled' && Boolean(status)
}

export const STATUS_STYLE: Record<string, string> = {
	pending: 'bg-amber-100 text-amber-900',
	delivery_confirmed: 'bg-sky-100 text-sky-900',
	payment_pending: 'bg-orange-100 text-orange-900',
	paid: 'bg-green-100 text-green-900',
	shipped: 'bg-indigo-100 text-indigo-900',
	delivered: 'bg-emerald-100 text-emerald-900',
	cancelled: 'bg-slate-200 text-slate-800',
}
