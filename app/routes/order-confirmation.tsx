import { Mail, Phone } from 'lucide-react'
import { useEffect } from 'react'
import { Link, redirect } from 'react-router'
import { getSessionUser } from '~/.server/auth/guards'
import { getDeliverySettings } from '~/.server/delivery/settings'
import { getCustomerOrder } from '~/.server/orders/pages/customer-orders'
import { ORDER_PLACED_MESSAGE } from '~/.server/orders/placement/place-order'
import { isQuoteExpired } from '~/.server/payments/links'
import { useCart } from '~/components/cart/cart-provider'
import { CheckoutSteps } from '~/components/checkout/checkout-steps'
import { PageHeader } from '~/components/content/page-header'
import type { BreadcrumbHandle } from '~/components/layout/breadcrumbs'
import { useBusiness } from '~/components/layout/use-business'
import { KeptEstimate } from '~/components/order-page/order-details'
import { OrderItems } from '~/components/orders/order-items'
import { StatusBadge } from '~/components/orders/status-badge'
import { keptEstimateSentence } from '~/lib/delivery/estimate'
import { describeSiteAccess } from '~/lib/delivery/site-access-schema'
import { deliveryQuoteSentence } from '~/lib/delivery/zones'
import { formatPence } from '~/lib/money'
import { orderPath } from '~/lib/order-link-paths'
import { customerStatusSentence, isPaid, showsCosts } from '~/lib/order-status'
import { pageMeta } from '~/lib/seo'
import type { Route } from './+types/order-confirmation'

export const CART_CLEAR_DELAY_MS = 100

export const handle: BreadcrumbHandle = {
	breadcrumb: () => [
		{ label: 'Shopping Cart', to: '/cart' },
		{ label: 'Delivery Information', to: '/checkout' },
		{ label: 'Order Confirmation', to: '/order-confirmation' },
	],
}

export const meta: Route.MetaFunction = (args) =>
	pageMeta(args, {
		title: 'Order Confirmation',
		description: 'Your order request has been received.',
		noindex: true,
	})

/** Only the order's owner sees it; anything else goes home (DESIGN decision 6). */
export async function loader({ request, context }: Route.LoaderArgs) {
	const orderId = new URL(request.url).searchParams.get('order')
	const user = await getSessionUser(request, context)
	if (!orderId || !user) throw redirect('/')
	const order = await getCustomerOrder(context.db, user.id, orderId.slice(0, 20))
	if (!order) throw redirect('/')
	// Paid, dispatched, delivered or cancelled: this page's words are for a request just placed,
	// and it cannot speak of refunds, documents, tracking or returns. The order page is the one
	// kept right for all of those, so the owner goes there rather than read something untrue.
	if (isPaid(order.status) || order.status === 'cancelled')
		throw redirect(orderPath(order.id, null, null))
	// Read afresh on every visit. Still awaiting review: the spec's texts as placed. Quoted (by
	// staff later, or at once by an instant quote): the cost and Pay now, without the promise to
	// review it and confirm costs, which is already kept.
	const costs = showsCosts(order.status)
	const awaitingReview = order.status === 'pending'
	return {
		orderId: order.id,
		status: order.status,
		statusSentence: customerStatusSentence(order.status),
		stillArranging: awaitingReview,
		deliveryCostPence: costs ? order.deliveryCostPence : null,
		totalCostPence: costs ? order.totalCostPence : null,
		deliveryEstimate: costs ? null : keptEstimateSentence(order),
		message: awaitingReview ? ORDER_PLACED_MESSAGE : null,
		orderItems: order.cartItems,
		orderTotal: order.subtotalPence / 100,
		subtotalPence: order.subtotalPence,
		deliveryInfo: order.deliveryInfo,
		siteAccess: describeSiteAccess(order.siteAccess),
		// Quoted (by staff, or at once by an instant quote) and still payable: pay from here.
		payPath:
			order.status === 'payment_pending' &&
			order.paymentLinkActive &&
			order.paymentLinkId &&
			!isQuoteExpired(order, new Date())
				? `/pay/${order.paymentLinkId}`
				: null,
		deliveryNote: deliveryQuoteSentence((await getDeliverySettings(context.db)).quoteValidDays),
	}
}

export default function OrderConfirmation({ loaderData }: Route.ComponentProps) {
	const business = useBusiness()
	const { orderId, message, orderItems, subtotalPence, deliveryInfo: d, siteAccess } = loaderData
	const { status, statusSentence, deliveryCostPence, totalCostPence } = loaderData
	const { clearCart } = useCart()
	useEffect(() => {
		const timer = setTimeout(clearCart, CART_CLEAR_DELAY_MS)
		return () => clearTimeout(timer)
	}, [clearCart])
	return (
		<>
			<PageHeader title="Thank You for Your Order!" />
			<div className="container-page max-w-4xl space-y-8 py-10">
				<CheckoutSteps current={3} />
				<section aria-labelledby="order-number" className="rounded-2xl bg-green-50 p-6">
					<h2 id="order-number" className="text-xl font-semibold text-green-900">
						Order number: <span data-testid="order-id">{orderId}</span>
					</h2>
					{message ? <p className="mt-2 text-green-900">{message}</p> : null}
					<p className="mt-2 text-green-900">
						A confirmation email with your order details has been sent to your email address.
					</p>
					<p className="mt-4 flex flex-wrap items-center gap-2 text-green-900">
						<span className="font-semibold">Status:</span> <StatusBadge status={status} />
						<span data-testid="order-status-sentence">{statusSentence}</span>
					</p>
					<p className="mt-4">
						<Link to={`/account/orders/${orderId}`} className="btn-secondary">
							Follow your order
						</Link>
					</p>
					<p className="mt-2 text-sm text-green-900">
						The order page (also under My Account → Orders, and linked from every email we send
						about it) shows where your order is and what happens next.
					</p>
				</section>
				<div className="grid gap-8 md:grid-cols-2">
					<section aria-labelledby="summary" className="rounded-2xl p-6 ring-1 ring-slate-200">
						<h2 id="summary" className="text-xl font-semibold text-pond-900">
							Order Summary
						</h2>
						<OrderItems items={orderItems} className="mt-4 space-y-3 text-sm" />
						<dl className="mt-4 space-y-1 border-t border-slate-200 pt-4">
							<div className="flex justify-between font-semibold">
								<dt>Subtotal</dt>
								<dd>{formatPence(subtotalPence)}</dd>
							</div>
							<div className="flex justify-between text-slate-700">
								<dt>Delivery:</dt>
								<dd>
									{deliveryCostPence === null ? 'To be confirmed' : formatPence(deliveryCostPence)}
								</dd>
							</div>
							<KeptEstimate text={loaderData.deliveryEstimate} />
							{totalCostPence === null ? null : (
								<div className="flex justify-between font-semibold">
									<dt>Total</dt>
									<dd>{formatPence(totalCostPence)}</dd>
								</div>
							)}
						</dl>
						{loaderData.payPath && totalCostPence !== null ? (
							<Link to={loaderData.payPath} className="btn-primary mt-4 w-full">
								Pay {formatPence(totalCostPence)} now
							</Link>
						) : null}
					</section>
					<section aria-labelledby="delivery" className="rounded-2xl p-6 ring-1 ring-slate-200">
						<h2 id="delivery" className="text-xl font-semibold text-pond-900">
							Delivery Details
						</h2>
						<address className="mt-4 space-y-1 not-italic text-slate-700">
							<span className="block font-medium">{`${d.firstName} ${d.lastName}`}</span>
							<span className="block">{d.address1}</span>
							{d.address2 ? <span className="block">{d.address2}</span> : null}
							<span className="block">{`${d.city}, ${d.postcode}`}</span>
							<span className="block">{d.phone}</span>
							{d.email ? <span className="block">{d.email}</span> : null}
						</address>
						{siteAccess ? (
							<p className="mt-2 text-sm text-slate-700">Access: {siteAccess}</p>
						) : null}
					</section>
				</div>
				{loaderData.stillArranging ? (
					<section aria-labelledby="next" className="rounded-2xl bg-pond-50 p-6">
						<h2 id="next" className="text-xl font-semibold text-pond-900">
							What Happens Next?
						</h2>
						<ol className="mt-4 list-decimal space-y-2 pl-6 text-slate-700">
							<li>We review your order.</li>
							<li>We contact you to confirm delivery options and costs.</li>
							<li>Once confirmed, we arrange payment and schedule your delivery.</li>
						</ol>
						<p className="mt-4 font-medium text-slate-800">{loaderData.deliveryNote}</p>
					</section>
				) : null}
				<section aria-labelledby="contact" className="rounded-2xl p-6 ring-1 ring-slate-200">
					<h2 id="contact" className="text-xl font-semibold text-pond-900">
						Questions about your order?
					</h2>
					<p className="mt-2 text-slate-700">
						Please quote your order number {orderId} when you get in touch.
					</p>
					<ul className="mt-3 space-y-2">
						<li className="flex items-center gap-2">
							<Phone aria-hidden="true" className="size-5 text-koi-700" />
							<a href={business.phoneHref} className="font-semibold text-pond-700 hover:underline">
								{business.phone}
							</a>
							<span className="text-slate-600">({business.hoursShort})</span>
						</li>
						<li className="flex items-center gap-2">
							<Mail aria-hidden="true" className="size-5 text-koi-700" />
							<a
								href={`mailto:${business.email}`}
								className="font-semibold text-pond-700 hover:underline"
							>
								{business.email}
							</a>
						</li>
					</ul>
				</section>
				<div className="flex flex-wrap gap-3">
					<Link to="/pond-products" className="btn-primary">
						Continue Shopping
					</Link>
					<Link to="/" className="btn-secondary">
						Return to Home
					</Link>
				</div>
			</div>
		</>
	)
}
