import { MessageCircleQuestion, ShoppingCart } from 'lucide-react'
import { useId, useState } from 'react'
import { Link } from 'react-router'
import { useCart } from '~/components/cart/cart-provider'
import { type Product, priceLabel, unitPricePence } from '~/lib/catalog/product'
import { toPriceText } from '~/lib/money'

/** Whole numbers from 1 up; anything else typed into the box is ignored (spec section 5). */
export function nextQuantity(current: number, typed: string) {
	return /^\d{1,3}$/.test(typed) && Number(typed) >= 1 ? Number(typed) : current
}

/** Size and option choices, the live price, quantity and Add to Cart. */
export function ProductPurchase({ product }: { product: Product }) {
	const { addToCart } = useCart()
	const [size, setSize] = useState(product.selectedSize)
	const [option, setOption] = useState(product.selectedOption)
	const [quantity, setQuantity] = useState(1)
	// Set when typing was ignored, so the box that did not change says why.
	const [refused, setRefused] = useState(false)
	const id = useId()
	const unit = unitPricePence(product, option)

	if (product.pricePence === null && product.options.length === 0) {
		return (
			<div className="space-y-4">
				<p className="text-3xl font-bold text-pond-900" data-testid="product-price">
					{priceLabel(null)}
				</p>
				<p className="text-slate-700">
					We price this item on request, usually within a working day.
				</p>
				<Link to={`/contact?product=${encodeURIComponent(product.code)}`} className="btn-primary">
					<MessageCircleQuestion aria-hidden="true" className="size-5" />
					Ask for a price
				</Link>
			</div>
		)
	}

	return (
		<form
			method="post"
			className="space-y-6"
			onSubmit={(event) => {
				event.preventDefault()
				if (unit === null) return
				addToCart({
					id: product.id,
					name: product.name,
					originalName: product.originalName,
					price: toPriceText(unit),
					quantity,
					imageUrl: product.imageUrl,
					productUrl: product.productUrl,
					code: product.code,
					category: product.category,
					selectedSize: size,
					selectedOption: option,
				})
			}}
		>
			<p
				className="text-3xl font-bold text-pond-900"
				data-testid="product-price"
				aria-live="polite"
			>
				{priceLabel(unit)}
			</p>
			{product.sizes.length > 0 ? (
				<fieldset>
					<legend className="font-semibold text-pond-900">Size</legend>
					<div className="mt-2 flex flex-wrap gap-2">
						{product.sizes.map((value) => (
							<label
								key={value}
								className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 has-[:checked]:border-pond-700 has-[:checked]:bg-pond-50"
							>
								<input
									type="radio"
									name="selectedSize"
									value={value}
									checked={size === value}
									onChange={() => setSize(value)}
									className="accent-pond-700"
								/>
								{value}
							</label>
						))}
					</div>
				</fieldset>
			) : null}
			{product.options.length > 0 ? (
				<fieldset>
					<legend className="font-semibold text-pond-900">Option</legend>
					<div className="mt-2 flex flex-col gap-2">
						{product.options.map((o) => (
							<label
								key={o.name}
								className="flex cursor-pointer items-center justify-between gap-4 rounded-lg border border-slate-300 px-3 py-2 has-[:checked]:border-pond-700 has-[:checked]:bg-pond-50"
							>
								<span className="flex items-center gap-2">
									<input
										type="radio"
										name="selectedOption"
										value={o.name}
										checked={option === o.name}
										onChange={() => setOption(o.name)}
										className="accent-pond-700"
									/>
									{o.name}
								</span>
								<span className="font-semibold">{priceLabel(o.pricePence)}</span>
							</label>
						))}
					</div>
				</fieldset>
			) : null}
			<div>
				<label htmlFor={`${id}-quantity`} className="font-semibold text-pond-900">
					Quantity
				</label>
				<input
					id={`${id}-quantity`}
					name="quantity"
					type="number"
					inputMode="numeric"
					min={1}
					max={999}
					step={1}
					value={quantity}
					onChange={(event) => {
						const typed = event.target.value
						const next = nextQuantity(quantity, typed)
						// An empty box while typing a new number is not a refusal.
						setRefused(typed !== '' && next === quantity && typed !== String(quantity))
						setQuantity(next)
					}}
					aria-describedby={`${id}-quantity-hint`}
					className="mt-2 block min-h-11 w-28 rounded-lg border border-slate-300 px-3 text-base"
				/>
				<p
					id={`${id}-quantity-hint`}
					role="status"
					className={
						refused ? 'mt-1 text-sm font-medium text-red-700' : 'mt-1 text-sm text-slate-600'
					}
				>
					{refused
						? 'Enter a whole number from 1 to 999. For more, please contact us.'
						: 'A whole number from 1 to 999.'}
				</p>
			</div>
			<input type="hidden" name="productId" value={product.id} />
			<button type="submit" className="btn-primary w-full sm:w-auto" disabled={unit === null}>
				<ShoppingCart aria-hidden="true" className="size-5" />
				Add to Cart
			</button>
			<noscript>
				<p className="text-sm text-slate-600">
					The cart needs JavaScript. You can also order by phone.
				</p>
			</noscript>
		</form>
	)
}
