import { Minus, Plus, Trash2 } from 'lucide-react'
import { showPlaceholder } from '~/components/ui/picture'
import { type CartItem, displayName } from '~/lib/cart/cart'
import { lineTotalPence } from '~/lib/cart/cart-totals'
import { thumbnailUrl } from '~/lib/catalog/product'
import { formatPence, parsePriceText } from '~/lib/money'
import { useCart } from './cart-provider'

export type LineCheck = { status: 'ok' } | { status: 'changed'; price: string } | { status: 'gone' }

export function CartLine({ line, check }: { line: CartItem; check?: LineCheck }) {
	const { updateQuantity, removeFromCart } = useCart()
	const name = displayName(line)
	const unit = parsePriceText(line.price)
	const total = lineTotalPence(line)
	return (
		<li className="flex gap-4 py-5">
			<img
				src={thumbnailUrl(line.imageUrl)}
				alt=""
				width={96}
				height={96}
				loading="lazy"
				onError={(event) => showPlaceholder(event.currentTarget)}
				className="size-20 shrink-0 rounded-lg bg-pond-100 object-cover sm:size-24"
			/>
			<div className="flex min-w-0 flex-1 flex-col gap-2">
				<div className="flex flex-wrap items-start justify-between gap-2">
					<div className="min-w-0">
						<h3 className="font-semibold text-pond-900">{name}</h3>
						<p className="text-sm text-slate-600">
							{line.code ? <>Code {line.code} · </> : null}
							{unit === null ? line.price : formatPence(unit)} each
						</p>
						{check?.status === 'changed' ? (
							<p className="mt-1 text-sm font-medium text-amber-800" role="note">
								The price has changed to {check.price}; your order will use the current price.
							</p>
						) : null}
						{check?.status === 'gone' ? (
							<p className="mt-1 text-sm font-medium text-red-700" role="note">
								This product is no longer available. Please remove it before placing your order.
							</p>
						) : null}
					</div>
					<p className="font-semibold text-pond-900" data-testid="line-total">
						<span className="sr-only">Line total: </span>
						{total === null ? '—' : formatPence(total)}
					</p>
				</div>
				<div className="flex items-center justify-between gap-2">
					<div className="flex items-center rounded-lg border border-slate-300">
						<button
							type="button"
							className="p-2 disabled:opacity-40"
							disabled={line.quantity <= 1}
							onClick={() => updateQuantity(line, line.quantity - 1)}
						>
							<Minus aria-hidden="true" className="size-4" />
							<span className="sr-only">Decrease quantity of {name}</span>
						</button>
						<span className="min-w-10 text-center font-medium" data-testid="line-quantity">
							<span className="sr-only">Quantity: </span>
							{line.quantity}
						</span>
						<button
							type="button"
							className="p-2"
							onClick={() => updateQuantity(line, line.quantity + 1)}
						>
							<Plus aria-hidden="true" className="size-4" />
							<span className="sr-only">Increase quantity of {name}</span>
						</button>
					</div>
					<button
						type="button"
						onClick={() => removeFromCart(line.id, line.selectedSize, line.selectedOption)}
						className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-red-700 hover:bg-red-50"
					>
						<Trash2 aria-hidden="true" className="size-4" />
						Remove<span className="sr-only"> {name}</span>
					</button>
				</div>
			</div>
		</li>
	)
}
