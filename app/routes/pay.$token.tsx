import { CheckCircle2, CreditCard, Lock } from 'lucide-react'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { applyPayment, isQuoteExpired } from '~/.server/orders/apply-payment'
import { orderDeps } from '~/.server/orders/deps'
import { reconcilePayments } from '~/.server/orders/reconcile'
import type { RecordOutcome } from '~/.server/orders/record-payment'
import { findPaymentLink } from '~/.server/payments/links'
import { newTestPaymentId } from '~/.server/payments/test-provider'
import { PageHeader } from '~/components/content/page-header'
import { OrderItems } from '~/components/orders/order-items'
import { BUSINESS } from '~/lib/business'
import { formatDate } from '~/lib/dates'
import { formatPence } from '~/lib/money'
import { pageMeta } from '~/lib/seo'
import type { Route } from './+types/pay.$token'

/**
 * /pay/<token> (DESIGN decision 13): the link we email with every quote. The token is the only
 * credential, so the page shows the order number, items and totals but no address or contact
 * details. The built-in test provider pays in place; Stripe redirects to a new Checkout Session.
 */
export const meta: Route.MetaFunction = (args) =>
	pageMeta(args, {
		title: 'Pay for your order',
		description: 'Secure card payment.',
		noindex: true,
	})

// The page changes the moment it is paid: never cache it, here or in the browser.
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' })

const PAID_STATUSES = ['paid', 'shipped', 'delivered']

export async function loader({ params, context, request }: Route.LoaderArgs) {
	const found = await findPaymentLink(context.db, params.token)
	if (!found) return data({ state: 'unknown' as const }, { status: 404 })
	const { link, order } = found
	const summary = {
		orderId: order.id,
		items: order.cartItems,
		subtotalPence: order.subtotalPence,
		deliveryCostPence: order.deliveryCostPence,
		amountPence: link.amountPence,
	}
	if (link.status === 'paid' || PAID_STATUSES.includes(order.status))
		return {
			state: 'paid' as const,
			summary,
			justPaid: new URL(request.url).searchParams.has('paid'),
		}
	if (
		link.status !== 'active' ||
		order.paymentLinkId !== link.id ||
		order.status !== 'payment_pending'
	)
		return data({ state: 'inactive' as const, summary }, { status: 410 })
	// Back from the provider's page before its webhook? Ask it first, so nobody pays twice.
	const missed = await reconcilePayments(orderDeps(context), { orderId: order.id }).catch(
		(): RecordOutcome[] => [],
	)
	if (missed.includes('applied')) return { state: 'paid' as const, summary, justPaid: true }
	if (isQuoteExpired(order, new Date()))
		return data(
			{
				state: 'expired' as const,
				summary,
				expiredAt: new Date(order.quoteExpiresAt!).toISOString(),
			},
			{ status: 410 },
		)
	let checkout: Awaited<ReturnType<typeof context.payments.checkout>>
	try {
		checkout = await context.payments.checkout(link)
	} catch (error) {
		// Nothing was taken and the link stays active: the customer can simply try again.
		context.logger.error({ err: (error as Error).message, orderId: order.id }, 'checkout failed')
		return data({ state: 'unavailable' as const, summary }, { status: 503 })
	}
	if (checkout.kind === 'redirect') throw redirect(checkout.url)
	return {
		state: 'active' as const,
		summary,
		provider: context.payments.name,
		heldUntil: order.quoteExpiresAt ? new Date(order.quoteExpiresAt).toISOString() : null,
	}
}

export async function action({ params, context }: Route.ActionArgs) {
	// Only the built-in provider takes payment on this page; a real provider has its own.
	if (context.payments.name !== 'test') return data({ error: 'Not available.' }, { status: 405 })
	const found = await findPaymentLink(context.db, params.token)
	if (!found) return data({ error: 'This payment link is not valid.' }, { status: 404 })
	// A second click after paying: show the paid page, never a second payment.
	if (found.link.status === 'paid') return redirect(`/pay/${params.token}`)
	const result = await applyPayment(orderDeps(context), {
		linkId: found.link.id,
		amountPence: found.link.amountPence,
		provider: 'test',
		providerPaymentId: newTestPaymentId(),
	})
	if (!result.ok && result.code !== 'already_applied')
		return data({ error: result.message }, { status: 409 })
	context.logger.info({ orderId: found.order.id }, 'order paid (test provider)')
	return redirect(`/pay/${params.token}?paid=1`)
}

export default function Pay({ loaderData, actionData }: Route.ComponentProps) {
	const navigation = useNavigation()
	const paying = navigation.state === 'submitting'
	if (loaderData.state === 'unknown') {
		return (
			<Notice title="Payment link not found">
				This payment link is not valid. Please check you copied the whole link from our email, or
				contact us on {BUSINESS.phone}.
			</Notice>
		)
	}
	const { summary } = loaderData
	if (loaderData.state === 'paid') {
		return (
			<Notice title={loaderData.justPaid ? 'Payment received' : 'Already paid'} ok>
				{loaderData.justPaid
					? `Thank you: we have received your payment of ${formatPence(summary.amountPence)} for order ${summary.orderId}. A receipt is on its way by email, and we will be in touch to arrange delivery.`
					: `Order ${summary.orderId} has already been paid. Thank you!`}
			</Notice>
		)
	}
	if (loaderData.state === 'expired') {
		return (
			<Notice title="This quote has expired">
				The price for order {summary.orderId} was held until {formatDate(loaderData.expiredAt)}. We
				will confirm a fresh price with you and send a new payment link; if you would like it
				sooner, call {BUSINESS.phone} ({BUSINESS.hoursShort}).
			</Notice>
		)
	}
	if (loaderData.state === 'unavailable') {
		return (
			<Notice title="Card payments are unavailable just now">
				We could not open the secure payment page for order {summary.orderId}. No payment has been
				taken and your link still works: please try again in a few minutes, or call {BUSINESS.phone}{' '}
				({BUSINESS.hoursShort}).
			</Notice>
		)
	}
	if (loaderData.state === 'inactive') {
		return (
			<Notice title="This payment link is no longer active">
				The price or status of order {summary.orderId} has changed since this link was sent. Please
				use the most recent link we emailed you, or call {BUSINESS.phone} ({BUSINESS.hoursShort})
				quoting your order number.
			</Notice>
		)
	}
	const total = formatPence(summary.amountPence)
	return (
		<>
			<PageHeader title="Pay for your order" intro={`Order ${summary.orderId}`} />
			<div className="container-page max-w-2xl py-10">
				<section aria-labelledby="pay-summary" className="rounded-xl p-6 ring-1 ring-slate-200">
					<h2 id="pay-summary" className="mb-4 font-display text-xl font-bold text-pond-900">
						Order {summary.orderId}
					</h2>
					<OrderItems items={summary.items} />
					<dl className="mt-4 space-y-1 border-t border-slate-200 pt-4">
						<div className="flex justify-between">
							<dt>Subtotal</dt>
							<dd>{formatPence(summary.subtotalPence)}</dd>
						</div>
						<div className="flex justify-between">
							<dt>Delivery</dt>
							<dd>{formatPence(summary.deliveryCostPence ?? 0)}</dd>
						</div>
						<div className="flex justify-between text-lg font-bold text-pond-900">
							<dt>Total to pay</dt>
							<dd>{total}</dd>
						</div>
					</dl>
					{loaderData.heldUntil ? (
						<p className="mt-3 text-sm text-slate-700">
							This price is held until {formatDate(loaderData.heldUntil)}.
						</p>
					) : null}
				</section>
				{actionData?.error ? (
					<p role="alert" className="mt-6 rounded-lg bg-red-50 px-4 py-3 font-medium text-red-800">
						{actionData.error}
					</p>
				) : null}
				<Form method="post" className="mt-6">
					<button type="submit" className="btn-primary w-full text-lg" disabled={paying}>
						<CreditCard aria-hidden="true" className="size-5" />
						{paying ? 'Processing payment…' : `Pay ${total}`}
					</button>
				</Form>
				<p className="mt-4 flex items-start gap-2 text-sm text-slate-600">
					<Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
					{loaderData.provider === 'test'
						? 'Test payments: this shop is running without a card provider, so no card is charged.'
						: 'Card payments are handled by our payment provider; we never see your card details.'}
				</p>
			</div>
		</>
	)
}

function Notice({
	title,
	ok,
	children,
}: {
	title: string
	ok?: boolean
	children: React.ReactNode
}) {
	return (
		<div className="container-page max-w-2xl py-20 text-center">
			{ok ? <CheckCircle2 aria-hidden="true" className="mx-auto size-14 text-green-700" /> : null}
			<h1 className="mt-4 font-display text-3xl font-bold text-pond-900">{title}</h1>
			<p className="mt-4 text-lg text-slate-700">{children}</p>
			<div className="mt-8 flex flex-wrap justify-center gap-3">
				<Link to="/auth?tab=orders" className="btn-primary">
					View my orders
				</Link>
				<Link to="/contact" className="btn-secondary">
					Contact us
				</Link>
			</div>
		</div>
	)
}
