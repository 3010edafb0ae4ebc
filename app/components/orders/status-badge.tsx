import { cn } from '~/lib/cn'
import { STATUS_STYLE, statusLabel } from '~/lib/order-status'

/** An order's status as a coloured pill, the same in My Account and the dashboard. */
export function StatusBadge({ status, className }: { status: string; className?: string }) {
	return (
		<span
			className={cn(
				'inline-block rounded-full px-3 py-1 text-xs font-bold whitespace-nowrap',
				STATUS_STYLE[status] ?? 'bg-slate-100 text-slate-800',
				className,
			)}
		>
			{statusLabel(status)}
		</span>
	)
}
