import { StatusBadge } from '~/components/orders/status-badge'
import { cn } from '~/lib/cn'
import { formatDate } from '~/lib/dates'
import { needsDeliveryCost, OrderAction, type OrderListProps, TotalCell } from './orders-table'

/**
 * The order list on a phone (below md, where the table's six columns do not fit): one card per
 * order with its status, total and action in view, no sideways scrolling.
 */
export function OrderCards({ orders, search, highlighted }: OrderListProps) {
	return (
		<ul aria-labelledby="recent-orders" className="space-y-3 md:hidden">
			{orders.map((order) => (
				<li
					key={order.id}
					data-order-id={order.id}
					data-highlighted={highlighted === order.id ? 'true' : undefined}
					className={cn(
						'rounded-xl p-4 text-sm ring-1 ring-slate-200 transition-colors duration-500',
						needsDeliveryCost(order) && 'bg-amber-50',
						highlighted === order.id && 'bg-green-100',
					)}
				>
					<div className="flex flex-wrap items-center justify-between gap-2">
						<span className="font-mono font-semibold text-pond-900">{order.id}</span>
						<StatusBadge status={order.status} />
					</div>
					<p className="mt-1 break-words text-slate-800">
						{order.customer} · {formatDate(order.createdAt)}
					</p>
					<div className="mt-3 flex flex-wrap items-end justify-between gap-3">
						<p>
							<span className="sr-only">Total: </span>
							<TotalCell order={order} />
						</p>
						<OrderAction order={order} search={search} />
					</div>
				</li>
			))}
		</ul>
	)
}
