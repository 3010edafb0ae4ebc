import { CheckCircle2, X } from 'lucide-react'
import { Link } from 'react-router'
import { useCart } from './cart-provider'

/** '{name} added to cart' with View Cart and close; the live region is always present so it is announced. */
export function CartToast() {
	const { notification, hideNotification } = useCart()
	return (
		<div
			role="status"
			aria-live="polite"
			className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4 sm:bottom-auto sm:top-20 sm:justify-end"
		>
			{notification.isVisible ? (
				<div className="pointer-events-auto flex w-full max-w-sm items-center gap-3 rounded-xl bg-pond-900 p-4 text-white shadow-xl ring-1 ring-white/20">
					<CheckCircle2 aria-hidden="true" className="size-6 shrink-0 text-green-300" />
					<p className="flex-1 text-sm font-medium">{notification.message}</p>
					<Link
						to="/cart"
						onClick={hideNotification}
						className="rounded-md bg-white px-3 py-1.5 text-sm font-semibold text-pond-900 hover:bg-pond-50"
					>
						View Cart
					</Link>
					<button
						type="button"
						onClick={hideNotification}
						className="rounded-md p-1 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white"
					>
						<X aria-hidden="true" className="size-5" />
						<span className="sr-only">Close notification</span>
					</button>
				</div>
			) : null}
		</div>
	)
}
