import { ShoppingCart } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Link } from 'react-router'
import { CartLine } from '~/components/cart/cart-line'
import { useCart } from '~/components/cart/cart-provider'
import { CartDeliveryEstimate } from '~/components/cart/delivery-estimate'
import { lineKey, useCheckedCart } from '~/components/cart/use-checked-cart'
import { PageHeader } from '~/components/content/page-header'
import type { BreadcrumbHandle } from '~/components/layout/breadcrumbs'
import { useSignedInHint } from '~/components/layout/session-hint'
import type { CartItem } from '~/lib/cart/cart'
import { subtotalPence } from '~/lib/cart/cart-totals'
import { formatPence } from '~/lib/money'
import { pageMeta } from '~/lib/seo'
import type { Route } from './+types/cart'

export const handle: BreadcrumbHandle = {
	breadcrumb: () => ({ label: 'Shopping Cart', to: '/cart' }),
	followsPreviousPage: true,
}

export const meta: Route.MetaFunction = (args) =>
	pageMeta(args, {
		title: 'Shopping Cart',
		description: 'Review the pond products in your cart and place an order request.',
	})

/** 'Clear Cart' keeps what it removed until the visitor leaves the page, for Undo. */
function useUndoableClear() {
	const { items, clearCart, restoreCart } = useCart()
	const [cleared, setCleared] = useState<CartItem[] | null>(null)
	const undoButton = useRef<HTMLButtonElement>(null)
	// The Clear button is gone with the lines: focus moves to Undo, not to the page's start.
	useEffect(() => {
		if (cleared) undoButton.current?.focus()
	}, [cleared])
	return {
		cleared: items.length === 0 ? cleared : null,
		undoButton,
		clear() {
			setCleared(items)
			clearCart()
		},
		undo() {
			if (cleared) restoreCart(cleared)
			setCleared(null)
		},
	}
}

export default function Cart() {
	const { items, checks, hydrated } = useCheckedCart()
	const undoable = useUndoableClear()
	// A hint only: /checkout itself sends a signed-out visitor to sign in first.
	const checkoutPath = useSignedInHint() ? '/checkout' : '/checkout-auth'
	return (
		<>
			<PageHeader title="Shopping Cart" />
			{/* The cart is read from this browser after the first paint: the area keeps the footer
			    below the fold meanwhile, so the page does not shift when it fills (CLS 0). */}
			<div className="container-page min-h-[70vh] py-10">
				{!hydrated ? (
					<p role="status" className="py-10 text-center text-slate-600">
						Loading your cart...
					</p>
				) : items.length === 0 ? (
					<div className="py-12 text-center">
						{undoable.cleared ? (
							<p className="mb-8 flex flex-wrap items-center justify-center gap-3 rounded-xl bg-pond-50 p-4">
								<span role="status">Your cart was cleared.</span>
								<button
									ref={undoable.undoButton}
									type="button"
									onClick={undoable.undo}
									className="btn-secondary"
								>
									Undo<span className="sr-only"> clearing the cart</span>
								</button>
							</p>
						) : null}
						<ShoppingCart aria-hidden="true" className="mx-auto size-14 text-pond-300" />
						<h2 className="mt-4 text-2xl font-semibold text-pond-900">Your cart is empty</h2>
						<p className="mt-2 text-slate-600">
							Browse our pond equipment and add something to get started.
						</p>
						<Link to="/pond-products" className="btn-primary mt-6">
							Continue Shopping
						</Link>
					</div>
				) : (
					<div className="grid gap-10 lg:grid-cols-[1fr_22rem]">
						<section aria-labelledby="cart-items-heading">
							<h2 id="cart-items-heading" className="sr-only">
								Items in your cart
							</h2>
							<ul className="divide-y divide-slate-200 border-y border-slate-200">
								{items.map((line) => (
									<CartLine key={lineKey(line)} line={line} check={checks[lineKey(line)]} />
								))}
							</ul>
						</section>
						<aside
							aria-labelledby="cart-summary-heading"
							className="h-fit rounded-2xl bg-pond-50 p-6"
						>
							<h2 id="cart-summary-heading" className="text-xl font-semibold text-pond-900">
								Order Summary
							</h2>
							<dl className="mt-4 flex justify-between text-lg">
								<dt>Subtotal</dt>
								<dd className="font-semibold" data-testid="cart-subtotal">
									{formatPence(subtotalPence(items))}
								</dd>
							</dl>
							<p className="mt-3 text-sm text-slate-600">
								Delivery is calculated after your order is placed: we will contact you to confirm
								the delivery cost before you pay anything.
							</p>
							<CartDeliveryEstimate items={items} />
							<div className="mt-6 flex flex-col gap-3">
								<Link to={checkoutPath} className="btn-primary">
									Place Order Request
								</Link>
								<Link to="/pond-products" className="btn-secondary">
									Continue Shopping
								</Link>
								<button
									type="button"
									onClick={undoable.clear}
									className="btn text-red-700 hover:bg-red-50 focus-visible:outline-red-700"
								>
									Clear Cart
								</button>
							</div>
						</aside>
					</div>
				)}
			</div>
		</>
	)
}
