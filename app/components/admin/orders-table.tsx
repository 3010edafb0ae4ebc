import { Link } from 'react-router'
import { StatusBadge } from '~/components/orders/status-badge'
import type { AdminOrderRow } from '~/lib/admin-order-schemas'
import { cn } from '~/lib/cn'
import { formatDate } from '~/lib/dates'
import { formatPence } from '~/lib/money'

/** Pending with no delivery cost: the rows that need someone's attention. */
export const needsDeliveryCost = (o: AdminOrderRow) =>
	o.status === 'pending' && o.deliveryCostPence === null

/** Spec: the total, or 'Needs delivery cost', or 'subtotal + delivery'. */
export function TotalCell({ order }: { order: AdminOrderRow }) {
	if (order.totalCostPence !== null)
		return (
			<>
				{formatPence(order.totalCostPence)}
				<OrderAlert order={order} />
			</>
		)
	return (
		<>
			{needsDeliveryCost(order) ? (
				<span className="block font-semibold text-amber-900">Needs delivery cost</span>
			) : null}
			<span className="text-slate-700">{formatPence(order.subtotalPence)} + delivery</span>
			<OrderAlert order={order} />
		</>
	)
}

/** A quote that ran out, or a request waiting too long (issue 31): shown beside the total. */
export function OrderAlert({ order }: { order: AdminOrderRow }) {
	if (!order.alert) return null
	return (
		<span
			data-alert
			className="mt-1 block w-fit rounded bg-red-100 px-2 py-0.5 text-xs font-bold text-red-900"
		>
			{order.alert}
		</span>
	)
}

/** 'Set Delivery Cost' when the order needs one, 'View' otherwise: opens the order modal. */
export function OrderAction({
	order,
	search,
	className,
}: {
	order: AdminOrderRow
	search: string
	className?: string
}) {
	const attention = needsDeliveryCost(order)
	return (
		<Link
			to={`/admin/orders/${order.id}${search}`}
			preventScrollReset
			className={cn(
				'btn min-h-11 px-3 py-1 text-sm',
				attention
					? 'bg-koi-700 text-white hover:bg-koi-800'
					: 'border border-pond-700 text-pond-800 hover:bg-pond-50',
				className,
			)}
		>
			{attention ? 'Set Delivery Cost' : 'View'}
			<span className="sr-only"> for order {order.id}</span>
		</Link>
	)
}

export type OrderListProps = { orders: AdminOrderRow[]; search: string; highlighted?: string }

/** From md up (a phone gets OrderCards): wide enough for all six columns without scrolling. */
export function OrdersTable({ orders, search, highlighted }: OrderListProps) {
	return (
		// Still scrolls inside its own box if a long name needs it; focusable so keyboard users can
		// scroll it. `relative` keeps the sr-only spans (absolutely positioned) inside the box.
		<section
			aria-labelledby="recent-orders"
			className="relative hidden overflow-x-auto rounded-xl ring-1 ring-slate-200 md:block"
			// biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
			tabIndex={0}
		>
			<table className="w-full text-left text-sm">
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
									<OrderAction order={order} search={search} />
								</td>
							</tr>
						)
					})}
				</tbody>
			</table>
		</section>
	)
}
