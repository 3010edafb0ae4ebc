import { data, Link, redirect, useNavigation } from 'react-router'
import { findStageLink } from '~/.server/builds/stage-pay'
import type { OrderRow, PaymentLink } from '~/.server/db/schema'
import { readForm } from '~/.server/http/read-body'
import { orderDeps } from '~/.server/orders/lifecycle/deps'
import { applyPayment } from '~/.server/orders/payments/apply-payment'
import { reconcilePayments } from '~/.server/orders/payments/reconcile'
import type { RecordOutcome } from '~/.server/orders/payments/record-payment'
import { askForNewQuote } from '~/.server/orders/quotes/quote-follow-up'
import { findPaymentLink, type LinkState, linkState, takesPayment } from '~/.server/payments/links'
import { newTestPaymentId } from '~/.server/payments/test-provider'
import { RateWindow } from '~/.server/rate-window'
import { PageHeader } from '~/components/content/page-header'
import { useBusiness } from '~/components/layout/use-business'
import { OrderItems } from '~/components/orders/order-items'
import { ClosedLink, type InactiveReason } from '~/components/pay/closed-link'
import { PayForm } from '~/components/pay/pay-form'
import { StagePay } from '~/components/pay/stage-pay'
import { TestPaymentsBanner } from '~/components/test-payments-notice'
import { formatDateTime } from '~/lib/dates'
import { parseForm } from '~/lib/forms'
import { formatPence } from '~/lib/money'
import { PayIntentSchema } from '~/lib/pay-schema'
import { pageMeta } from '~/lib/seo'
import type { Route } from './+types/pay.$token'
import { stagePayAction, stagePayLoader } from './pay.$token.stage.server'

/**
 * /pay/<token> (DESIGN decision 13, decision 0018): the link we email with every quote. It is
 * always our page first: the order, the total and how long the price is held, and one 'Pay £X
 * now' button. Only pressing it takes payment (the built-in test provider) or opens the link's one
 * Stripe Checkout Session, so visits, previews and prefetches never create anything at Stripe.
 * The token is the only credential: no address or contact details are shown.
 */
export const meta: Route.MetaFunction = (args) =>
	pageMeta(args, {
		title: 'Pay for your order',
		description: 'Secure card payment.',
		noindex: true,
	})

// The page changes the moment it is paid: never cache it, here or in the browser.
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' })

/** Per link and instance: visits (each may ask Stripe about an open checkout) and presses of Pay. */
const visits = new RateWindow(60, 10 * 60_000)
const presses = new RateWindow(10, 10 * 60_000)
const TOO_MANY =
	'Too many attempts on this payment link. Please wait a few minutes and try again, or call us.'
const UNAVAILABLE =
	'We could not open the secure payment page just now. No payment has been taken and your link still works: please try again in a few minutes.'

export async function loader({ params, context, request }: Route.LoaderArgs) {
	if (!visits.take(params.token)) throw data(TOO_MANY, { status: 429 })
	const found = await findPaymentLink(context.db, params.token)
	if (!found) {
		// A pond build stage's link (decision 0038), or nothing we issued.
		const stage = await findStageLink(context.db, params.token)
		if (stage) return stagePayLoader({ params, context, request } as Route.LoaderArgs, stage)
		return data({ state: 'unknown' as const }, { status: 404 })
	}
	const { link, order } = found
	let state: LinkState = linkState(link, order, new Date(), context.payments.checkoutMinutes)
	let justPaid = new URL(request.url).searchParams.has('paid')
	if (takesPayment(state)) {
		// Back from the provider's page before its webhook? Ask it first, so nobody pays twice.
		const missed = await reconcilePayments(orderDeps(context), { orderId: order.id }).catch(
			(): RecordOutcome[] => [],
		)
		if (missed.includes('applied')) [state, justPaid] = ['paid', true]
	}
	const page = {
		state,
		reason: inactiveReason(link, order),
		canAskAgain: state === 'expired',
		orderId: order.id,
		items: order.cartItems,
		subtotalPence: order.subtotalPence,
		deliveryCostPence: order.deliveryCostPence,
		amountPence: link.amountPence,
		heldUntil: order.quoteExpiresAt ? new Date(order.quoteExpiresAt).toISOString() : null,
		justPaid,
	}
	const gone = state === 'inactive' || state === 'expired' || state === 'ending'
	return data(page, { status: gone ? 410 : 200 })
}

export async function action({ params, context, request }: Route.ActionArgs) {
	if (!presses.take(params.token)) return data({ error: TOO_MANY }, { status: 429 })
	const found = await findPaymentLink(context.db, params.token)
	if (!found) {
		const stage = await findStageLink(context.db, params.token)
		if (stage) return stagePayAction({ params, context, request } as Route.ActionArgs, stage)
		return data({ error: 'This payment link is not valid.' }, { status: 404 })
	}
	const { link, order } = found
	const form = parseForm(PayIntentSchema, await readForm(request))
	if (form.ok && form.data.intent === 'new-quote') {
		const asked = await askForNewQuote(orderDeps(context), link)
		if (asked.ok) context.logger.info({ orderId: order.id }, 'new quote asked for')
		// Refused (not expired, or asked already): the page says where the order stands.
		return redirect(`/pay/${params.token}`)
	}
	// Paid, replaced, expired or ending: the page itself says which.
	if (linkState(link, order, new Date(), context.payments.checkoutMinutes) !== 'payable')
		return redirect(`/pay/${params.token}`)
	if (context.payments.name === 'test') {
		const result = await applyPayment(orderDeps(context), {
			linkId: link.id,
			amountPence: link.amountPence,
			provider: 'test',
			providerPaymentId: newTestPaymentId(),
		})
		if (!result.ok && result.code !== 'already_applied')
			return data({ error: result.message }, { status: 409 })
		context.logger.info({ orderId: order.id }, 'order paid (test provider)')
		return redirect(`/pay/${params.token}?paid=1`)
	}
	try {
		const checkout = await context.payments.checkout(link, order)
		if (checkout.kind === 'redirect') return redirect(checkout.url, 303)
		return redirect(`/pay/${params.token}`)
	} catch (error) {
		// Nothing was taken and the link stays active: the customer can simply try again.
		context.logger.warn({ err: error, orderId: order.id }, 'checkout could not be opened')
		return data({ error: UNAVAILABLE }, { status: 503 })
	}
}

/** Why a link that is not the order's payable quote is not (each gets its own page). */
function inactiveReason(link: Pick<PaymentLink, 'id'>, order: OrderRow): InactiveReason {
	if (order.status === 'cancelled') return 'cancelled'
	if (order.paymentLinkId !== link.id) return 'superseded'
	return order.status === 'pending' ? 'requoting' : 'withdrawn'
}

export default function Pay({ loaderData, actionData, params }: Route.ComponentProps) {
	const business = useBusiness()
	const navigation = useNavigation()
	const paying = navigation.state !== 'idle'
	if (loaderData.state === 'unknown') {
		return (
			<div className="container-page max-w-2xl py-20 text-center">
				<h1 className="font-display text-3xl font-bold text-pond-900">Payment link not found</h1>
				<p className="mt-4 text-lg text-slate-700">
					This payment link is not valid. Please check you copied the whole link from our email, or
					contact us on {business.phone}.
				</p>
			</div>
		)
	}
	if ('kind' in loaderData)
		return <StagePay page={loaderData} error={actionData?.error} paying={paying} />
	const page = loaderData
	if (page.state !== 'payable')
		return (
			<ClosedLink
				page={{ ...page, state: page.state }}
				token={params.token}
				error={actionData?.error}
			/>
		)
	const total = formatPence(page.amountPence)
	return (
		<>
			<PageHeader title="Pay for your order" intro={`Order ${page.orderId}`} />
			<div className="container-page max-w-2xl py-10">
				<TestPaymentsBanner />
				<section aria-labelledby="pay-summary" className="rounded-xl p-6 ring-1 ring-slate-200">
					<h2 id="pay-summary" className="mb-4 font-display text-xl font-bold text-pond-900">
						Order {page.orderId}
					</h2>
					<OrderItems items={page.items} />
					<dl className="mt-4 space-y-1 border-t border-slate-200 pt-4">
						<div className="flex justify-between">
							<dt>Subtotal</dt>
							<dd>{formatPence(page.subtotalPence)}</dd>
						</div>
						<div className="flex justify-between">
							<dt>Delivery</dt>
							<dd>{formatPence(page.deliveryCostPence ?? 0)}</dd>
						</div>
						<div className="flex justify-between text-lg font-bold text-pond-900">
							<dt>Total to pay</dt>
							<dd>{total}</dd>
						</div>
					</dl>
					{page.heldUntil ? (
						<p className="mt-3 text-sm font-medium text-slate-800">
							Price held until {formatDateTime(page.heldUntil)}
						</p>
					) : null}
				</section>
				<PayForm total={total} paying={paying} error={actionData?.error} />
				<p className="mt-4 text-sm text-slate-600">
					Sold by {business.tradingName}, {business.address.join(', ')}. You may cancel your order
					within 14 days of receiving the goods by emailing {business.email} or calling{' '}
					{business.phone}. Our{' '}
					<Link to="/terms-and-conditions" className="font-semibold text-pond-800 underline">
						terms and conditions
					</Link>{' '}
					apply.
				</p>
			</div>
		</>
	)
}
