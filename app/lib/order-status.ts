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

/** Paid, and perhaps already on its way: the price can no longer change. */
export function isPaid(status: OrderStatus) {
	return status === 'paid' || status === 'shipped' || status === 'delivered'
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
