import { useEffect, useState } from 'react'
import { Link, useLocation } from 'react-router'
import { StatusBadge } from '~/components/orders/status-badge'
import type { AdminOrderRow } from '~/lib/admin-order-schemas'
import { cn } from '~/lib/cn'
import { formatDate } from '~/lib/dates'
import { formatPence } from '~/lib/money'

/** Spec 9: how long a just-updated row stays highlighted. */
export const UPDATED_HIGHLIGHT_MS = 2000

/** Pending with no delivery cost: the rows that need someone's attention. */
export const needsDeliveryCost = (o: AdminOrderRow) =>
	o.status === 'pending' && o.deliveryCostPence === null

/** Spec: the total, or 'Needs delivery cost', or 'subtotal + delivery'. */
function TotalCell({ order }: { order: AdminOrderRow }) {
	if (order.totalCostPence !== null) return <>{formatPence(order.totalCostPence)}</>
	return (
		<>
			{needsDeliveryCost(order) ? (
				<span className="block font-semibold text-amber-900">Needs delivery cost</span>
			) : null}
			<span className="text-slate-700">{formatPence(order.subtotalPence)} + delivery</span>
		</>
	)
}

/** The row the admin just changed (passed in navigation state when the modal closes). */
function useJustUpdated() {
	const location = useLocation()
	const updated = (location.state as { updated?: string } | null)?.updated
	const [highlighted, setHighlighted] = useState<string | undefined>(updated)
	// biome-ignore lint/correctness/useExhaustiveDependencies: a second update of the same row highlights again
	useEffect(() => {
		setHighlighted(updated)
		if (!updated) return
		const timer = setTimeout(() => setHighlighted(undefined), UPDATED_HIGHLIGHT_MS)
		return () => clearTimeout(timer)
	}, [updated, location.key])
	return highlighted
}

export function OrdersTable({ orders, search }: { orders: AdminOrderRow[]; search: string }) {
	const highlighted = useJustUpdated()
	return (
		// Scrolls inside its own box on a phone; focusable so keyboard users can scroll it. `relative`
		// keeps the sr-only spans (absolutely positioned) inside the box instead of widening the page.
		<section
			aria-labelledby="recent-orders"
			className="relative overflow-x-auto rounded-xl ring-1 ring-slate-200"
			// biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
			tabIndex={0}
		>
			<table className="w-full min-w-[44rem] text-left text-sm">
				<caption className="sr-only">Orders, newest first</caption>
				<thead className="bg-slate-50 text-xs font-bold tracking-wide text-slate-700 uppercase">
					<tr>
						<th scope="col" className="px-4 py-3">
							Order ID
						</th>
						<th scope="col" className="px-4 py-3">
							Customer
						</th>
						<th scope="col" className="px-4 py-3">
							Date
						</th>
						<th scope="col" className="px-4 py-3">
							Status
						</th>
						<th scope="col" className="px-4 py-3">
							Total
						</th>
						<th scope="col" className="px-4 py-3">
							Actions
						</th>
					</tr>
				</thead>
				<tbody className="divide-y divide-slate-200">
					{orders.map((order) => {
						const attention = needsDeliveryCost(order)
						return (
							<tr
								key={order.id}
								data-order-id={order.id}
								data-highlighted={highlighted === order.id ? 'true' : undefined}
								className={cn(
									'transition-colors duration-500',
									attention && 'bg-amber-50',
									highlighted === order.id && 'bg-green-100',
								)}
							>
								<td className="px-4 py-3 font-mono font-semibold text-pond-900">{order.id}</td>
								<td className="px-4 py-3">{order.customer}</td>
								<td className="px-4 py-3 whitespace-nowrap">{formatDate(order.createdAt)}</td>
								<td className="px-4 py-3">
									<StatusBadge status={order.status} />
								</td>
								<td className="px-4 py-3">
									<TotalCell order={order} />
								</td>
								<td className="px-4 py-3">
									<Link
										to={`/admin/orders/${order.id}${search}`}
										preventScrollReset
										className={cn(
											'btn min-h-9 px-3 py-1 text-sm',
											attention
												? 'bg-koi-700 text-white hover:bg-koi-800'
												: 'border border-pond-700 text-pond-800 hover:bg-pond-50',
										)}
									>
										{attention ? 'Set Delivery Cost' : 'View'}
										<span className="sr-only"> for order {order.id}</span>
									</Link>
								</td>
							</tr>
						)
					})}
				</tbody>
			</table>
		</section>
	)
}
