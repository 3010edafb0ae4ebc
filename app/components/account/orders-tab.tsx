import { ChevronDown, CreditCard } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { useBusiness } from '~/components/layout/use-business'
import { OrderItems } from '~/components/orders/order-items'
import { StatusBadge } from '~/components/orders/status-badge'
import { cn } from '~/lib/cn'
import { formatDate } from '~/lib/dates'
import { formatPence } from '~/lib/money'
import { showsContactNote, showsCosts } from '~/lib/order-status'

export type AccountOrder = {
	id: string
	status: string
	createdAt: string
	subtotalPence: number
	deliveryCostPence: number | null
	totalCostPence: number | null
	paymentLink: string | null
	paymentLinkActive: boolean
	quoteExpiresAt: string | null
	cartItems: Array<{
		name: string
		quantity: number
		price: string
		unitPricePence: number
		selectedSize: string
		selectedOption: string
	}>
}

/** Order history: cards expand one at a time (spec). */
export function OrdersTab({ orders, loadError }: { orders: AccountOrder[]; loadError: boolean }) {
	const business = useBusiness()
	const [open, setOpen] = useState<string | null>(null)
	if (loadError) {
		return (
			<p role="alert" className="rounded-lg bg-red-50 p-4 text-red-800">
				Failed to load your order history. Please try again later.
			</p>
		)
	}
	if (orders.length === 0) {
		return (
			<p className="rounded-lg bg-pond-50 p-6 text-slate-700">
				You have not placed any orders yet.
			</p>
		)
	}
	return (
		<section aria-labelledby="orders-heading">
			<h2 id="orders-heading" className="mb-4 font-display text-xl font-bold text-pond-900">
				Your orders
			</h2>
			<ul className="space-y-3">
				{orders.map((order) => {
					const expanded = open === order.id
					return (
						<li key={order.id} className="rounded-xl ring-1 ring-slate-200">
							<h3>
								<button
									type="button"
									aria-expanded={expanded}
									aria-controls={`order-${order.id}`}
									onClick={() => setOpen(expanded ? null : order.id)}
									className="flex w-full flex-wrap items-center justify-between gap-3 p-4 text-left"
								>
									<span className="font-semibold text-pond-900">Order {order.id}</span>
									<span className="text-sm text-slate-600">{formatDate(order.createdAt)}</span>
									<StatusBadge status={order.status} />
									<ChevronDown
										aria-hidden="true"
										className={cn('size-5 transition-transform', expanded && 'rotate-180')}
									/>
								</button>
							</h3>
							<p className="px-4 pb-4">
								<Link
									to={`/account/orders/${order.id}`}
									className="font-semibold text-pond-700 underline hover:text-pond-900"
								>
									Order details and history<span className="sr-only"> for order {order.id}</span>
								</Link>
							</p>
							{expanded ? (
								<div id={`order-${order.id}`} className="space-y-4 border-t border-slate-200 p-4">
									<OrderItems items={order.cartItems} className="space-y-2 text-sm" />
									<dl className="space-y-1 border-t border-slate-100 pt-3 text-sm">
										<div className="flex justify-between">
											<dt>Subtotal</dt>
											<dd>{formatPence(order.subtotalPence)}</dd>
										</div>
										<div className="flex justify-between">
											<dt>Delivery</dt>
											<dd>
												{showsCosts(order.status) && order.deliveryCostPence !== null
													? formatPence(order.deliveryCostPence)
													: 'To be confirmed'}
											</dd>
										</div>
										{showsCosts(order.status) && order.totalCostPence !== null ? (
											<div className="flex justify-between font-semibold">
												<dt>Total</dt>
												<dd>{formatPence(order.totalCostPence)}</dd>
											</div>
										) : null}
									</dl>
									{order.status === 'payment_pending' ? (
										<PayNow
											link={order.paymentLinkActive ? order.paymentLink : null}
											heldUntil={order.quoteExpiresAt}
										/>
									) : null}
									{showsContactNote(order.status) ? (
										<p className="rounded-lg bg-pond-50 p-3 text-sm text-slate-700">
											Questions about this order? Call {business.phone} ({business.hoursShort}) or
											email {business.email}, quoting order number <strong>{order.id}</strong>.
										</p>
									) : null}
								</div>
							) : null}
						</li>
					)
				})}
			</ul>
		</section>
	)
}

/** Opens the payment link in a new tab; disabled (with the spec's alert) when there is none. */
function PayNow({ link, heldUntil }: { link: string | null; heldUntil: string | null }) {
	// Issue 19: after the held-until date the quote cannot be paid; say so rather than fail later.
	if (link && heldUntil && new Date(heldUntil).getTime() < Date.now()) {
		return (
			<p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
				This quote expired on {formatDate(heldUntil)}. We will confirm a fresh price with you and
				send a new payment link.
			</p>
		)
	}
	if (link) {
		return (
			<span className="inline-flex flex-col gap-1">
				<a href={link} target="_blank" rel="noopener noreferrer" className="btn-primary">
					<CreditCard aria-hidden="true" className="size-5" /> Pay Now
					<span className="sr-only">(opens in a new tab)</span>
				</a>
				{heldUntil ? (
					<span className="text-sm text-slate-700">Price held until {formatDate(heldUntil)}</span>
				) : null}
			</span>
		)
	}
	return (
		<span className="inline-flex flex-col gap-1">
			<button type="button" disabled className="btn-primary" aria-describedby="pay-now-missing">
				<CreditCard aria-hidden="true" className="size-5" /> Pay Now
			</button>
			<span id="pay-now-missing" className="text-sm text-slate-700">
				Payment link is not available. Please contact customer support.
			</span>
		</span>
	)
}
