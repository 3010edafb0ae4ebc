import { CheckoutDeliveryEstimate } from '~/components/cart/delivery-estimate'
import { type CartItem, displayName } from '~/lib/cart/cart'
import { lineTotalPence, subtotalPence } from '~/lib/cart/cart-totals'
import { formatPence } from '~/lib/money'

/** The cart as the checkout shows it; the server re-prices it when the order is placed. */
export function CheckoutSummary({
	items,
	postcode = '',
	className = '',
}: {
	items: CartItem[]
	postcode?: string
	className?: string
}) {
	return (
		<aside
			aria-labelledby="summary-heading"
			className={`h-fit rounded-2xl bg-pond-50 p-6 ${className}`}
		>
			<h2 id="summary-heading" className="text-xl font-semibold text-pond-900">
				Order Summary
			</h2>
			<ul className="mt-4 space-y-3 text-sm">
				{items.map((line) => (
					<li
						key={`${line.id}|${line.selectedSize}|${line.selectedOption}`}
						className="flex justify-between gap-3"
					>
						<span>
							{displayName(line)} × {line.quantity}
						</span>
						<span className="font-medium">{formatPence(lineTotalPence(line) ?? 0)}</span>
					</li>
				))}
			</ul>
			<dl className="mt-4 space-y-1 border-t border-pond-200 pt-4">
				<div className="flex justify-between font-semibold">
					<dt>Subtotal</dt>
					<dd>{formatPence(subtotalPence(items))}</dd>
				</div>
				<div className="flex justify-between text-sm text-slate-700">
					<dt>Delivery</dt>
					<dd>To be confirmed</dd>
				</div>
			</dl>
			<div className="mt-3">
				<CheckoutDeliveryEstimate items={items} postcode={postcode} />
			</div>
		</aside>
	)
}
