import { CreditCard, Mail, Phone } from 'lucide-react'
import { data, Link } from 'react-router'
import { readForm } from '~/.server/http/read-body'
import { cancelByCustomer } from '~/.server/orders/actions/customer-cancel'
import { orderDeps } from '~/.server/orders/lifecycle/deps'
import { orderAccessFor } from '~/.server/orders/pages/order-access'
import { loadOrderPage } from '~/.server/orders/pages/order-page'
import { PageHeader } from '~/components/content/page-header'
import type { BreadcrumbHandle } from '~/components/layout/breadcrumbs'
import { useBusiness } from '~/components/layout/use-business'
import { AfterSaleSection } from '~/components/order-page/after-sale'
import { CancelOrderForm } from '~/components/order-page/cancel-order-form'
import { DeliveryDetails, OrderSummary, TrackingPanel } from '~/components/order-page/order-details'
import { OrderActions, OrderDocuments } from '~/components/order-page/order-slots'
import { CustomerTimeline } from '~/components/order-page/order-timeline'
import { StatusBadge } from '~/components/orders/status-badge'
import { FormResult } from '~/components/ui/form-result'
import { formatDate } from '~/lib/dates'
import { orderDocumentPath } from '~/lib/documents'
import { parseForm } from '~/lib/forms'
import { formatPence } from '~/lib/money'
import { CancelOrderSchema } from '~/lib/order-cancel-schema'
import { ORDER_NOT_FOUND } from '~/lib/order-link-paths'
import { PRIVATE_ORDER_HEADERS, privateOrderMeta } from '~/lib/seo'
import type { Route } from './+types/account.orders.$orderId'

/**
 * One order, for its signed-in owner or anyone holding its private link (`?key=` from an order
 * email; issue 30, docs/decisions/0021-private-order-links.md). Anything else is the same 404,
 * which offers to email a fresh link. Never cached, never indexed, never a Referer (the key is in
 * the address): server/security.ts sends `Referrer-Policy: no-referrer` for /account/orders.
 */
export const handle: BreadcrumbHandle = {
	breadcrumb: (match) => [
		{ label: 'Account', to: '/auth' },
		// The path only: the key never goes into the trail or its structured data.
		{ label: 'Order', to: match.pathname },
	],
}

export const meta: Route.MetaFunction = (args) =>
	privateOrderMeta(
		args,
		args.data
			? {
					title: `Order ${args.data.orderId}`,
					description: 'Your order, where it stands and what happens next.',
				}
			: null,
	)

const PRIVATE = PRIVATE_ORDER_HEADERS
export const headers: Route.HeadersFunction = () => PRIVATE

export async function loader({ params, request, context }: Route.LoaderArgs) {
	const access = await orderAccessFor(request, context, params.orderId)
	if (!access) throw data(ORDER_NOT_FOUND, { status: 404, headers: PRIVATE })
	return data(await loadOrderPage(context.db, access), { headers: PRIVATE })
}

export async function action({ params, request, context }: Route.ActionArgs) {
	const access = await orderAccessFor(request, context, params.orderId)
	if (!access) throw data(ORDER_NOT_FOUND, { status: 404, headers: PRIVATE })
	const form = parseForm(CancelOrderSchema, await readForm(request))
	if (!form.ok)
		return data(
			{ ok: false, message: 'Please confirm that you want to cancel this order.' },
			{ status: 400, headers: PRIVATE },
		)
	const result = await cancelByCustomer(orderDeps(context), access.order)
	if (result.ok)
		context.logger.info({ orderId: access.order.id }, 'order cancelled by the customer')
	return data(result, { status: result.ok ? 200 : 409, headers: PRIVATE })
}

export default function OrderPage({ loaderData: order, actionData }: Route.ComponentProps) {
	const business = useBusiness()
	return (
		<>
			<PageHeader
				title={`Order ${order.orderId}`}
				intro={`Placed on ${formatDate(order.placedAt)}`}
			/>
			<div className="container-page max-w-4xl space-y-8 py-10">
				<section aria-labelledby="status-heading" className="rounded-2xl bg-pond-50 p-6">
					<h2
						id="status-heading"
						className="flex flex-wrap items-center gap-3 text-xl font-semibold text-pond-900"
					>
						Where your order is <StatusBadge status={order.status} />
					</h2>
					<p className="mt-3 text-lg text-slate-800" data-testid="next-step">
						{order.nextStep}
					</p>
					{order.payPath && order.totalCostPence !== null ? (
						<Link to={order.payPath} className="btn-primary mt-4">
							<CreditCard aria-hidden="true" className="size-5" /> Pay{' '}
							{formatPence(order.totalCostPence)} now
						</Link>
					) : null}
					{order.newQuotePath ? (
						<Link to={order.newQuotePath} className="btn-primary mt-4">
							Ask for a new quote
						</Link>
					) : null}
					{order.tracking ? <TrackingPanel tracking={order.tracking} /> : null}
				</section>
				<FormResult result={actionData} />
				<OrderActions>
					{order.canCancel ? (
						<CancelOrderForm
							paid={order.status === 'paid'}
							totalText={formatPence(order.totalCostPence ?? 0)}
						/>
					) : null}
				</OrderActions>
				<div className="grid gap-8 md:grid-cols-2">
					<OrderSummary
						items={order.items}
						subtotalPence={order.subtotalPence}
						deliveryCostPence={order.deliveryCostPence}
						totalCostPence={order.totalCostPence}
						deliveryEstimate={order.deliveryEstimate}
					/>
					<DeliveryDetails delivery={order.delivery} />
				</div>
				<AfterSaleSection
					orderId={order.orderId}
					orderKey={order.key}
					afterSale={order.afterSale}
				/>
				<CustomerTimeline entries={order.timeline} />
				<OrderDocuments
					documents={order.documents}
					hrefFor={(number) => orderDocumentPath(order.orderId, number, order.key)}
				/>
				<section
					aria-labelledby="contact-heading"
					className="rounded-2xl p-6 ring-1 ring-slate-200"
				>
					<h2 id="contact-heading" className="text-xl font-semibold text-pond-900">
						Questions about your order?
					</h2>
					<p className="mt-2 text-slate-700">
						Please quote order number {order.orderId} when you get in touch ({business.hoursShort}).
					</p>
					<ul className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
						<li className="flex items-center gap-2">
							<Phone aria-hidden="true" className="size-5 text-koi-700" />
							<a href={business.phoneHref} className="font-semibold text-pond-700 hover:underline">
								{business.phone}
							</a>
						</li>
						<li className="flex items-center gap-2">
							<Mail aria-hidden="true" className="size-5 text-koi-700" />
							<a
								href={`mailto:${business.email}`}
								className="break-all font-semibold text-pond-700 hover:underline"
							>
								{business.email}
							</a>
						</li>
					</ul>
					<p className="mt-4 text-sm text-slate-600">
						Our{' '}
						<Link to="/terms-and-conditions#cancelling" className="underline">
							terms
						</Link>{' '}
						explain how to cancel and return an order.
					</p>
				</section>
				{order.via === 'owner' ? (
					<Link to="/auth?tab=orders" className="btn-secondary">
						All your orders
					</Link>
				) : null}
			</div>
		</>
	)
}
