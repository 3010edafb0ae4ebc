import { useRef } from 'react'
import { data, useLocation, useNavigate } from 'react-router'
import { requireAccess } from '~/.server/auth/guards'
import { loadAdminOrder } from '~/.server/orders/pages/admin-order-page'
import { Confirmation, Feedback, ModalFooter } from '~/components/admin/order-confirmation'
import {
	type AdminOrderView,
	CustomerInfo,
	OrderInfo,
	OrderLines,
	Section,
} from '~/components/admin/order-detail'
import { DeliveryCostForm, FulfilmentForms } from '~/components/admin/order-forms'
import { OrderRequests } from '~/components/admin/order-requests'
import { Timeline } from '~/components/admin/order-timeline'
import { PaymentAlert, PaymentCheck } from '~/components/admin/payment-forms'
import { RefundForm } from '~/components/admin/refund-form'
import { DocumentList } from '~/components/orders/document-list'
import { RouteModal } from '~/components/ui/route-modal'
import { canPrice, isPaid } from '~/lib/order-status'
import { pageMeta } from '~/lib/seo'
import { can } from '~/lib/staff-access'
import type { Route } from './+types/admin.orders.$orderId'
import { orderAction } from './admin.orders.$orderId.server'

export const meta: Route.MetaFunction = (args) =>
	pageMeta(args, {
		title: `Order ${args.params.orderId} · Admin`,
		description: 'Order details.',
		noindex: true,
	})

export async function loader({ request, context, params }: Route.LoaderArgs) {
	const viewer = await requireAccess(request, context, 'admin/orders/:orderId')
	// The bookkeeper reads orders: no forms (issue 60); the actions refuse them regardless.
	const may = { edit: can(viewer.role, 'orders.edit'), refund: can(viewer.role, 'orders.refund') }
	try {
		const found = await loadAdminOrder(context, params.orderId)
		if (!found) return data({ state: 'not-found' as const }, { status: 404 })
		const view: AdminOrderView = found.order
		return { state: 'found' as const, ...found, order: view, may }
	} catch (error) {
		context.logger.error({ err: error }, 'admin order load failed')
		return data({ state: 'error' as const }, { status: 500 })
	}
}

export async function action({ request, context, params }: Route.ActionArgs) {
	return orderAction(request, context, params.orderId)
}

export default function AdminOrder({ loaderData, actionData, params }: Route.ComponentProps) {
	const navigate = useNavigate()
	const { search } = useLocation()
	const changed = useRef(false)
	if (actionData?.ok) changed.current = true
	const close = () =>
		navigate(`/admin${search}`, {
			preventScrollReset: true,
			state: changed.current ? { updated: params.orderId } : null,
		})
	if (loaderData.state !== 'found') {
		const [title, text] =
			loaderData.state === 'not-found'
				? ['Order Not Found', 'The requested order could not be found.']
				: ['Failed to load order details', 'Please close this and try again.']
		return (
			<RouteModal
				title={title}
				orderId={params.orderId}
				onClose={close}
				closeHref={`/admin${search}`}
			>
				<p className="text-slate-700">{text}</p>
			</RouteModal>
		)
	}
	const { order, events, suggestion, documents, refund, requests, may } = loaderData
	return (
		<RouteModal
			title={`Order ${order.id}`}
			orderId={order.id}
			onClose={close}
			closeHref={`/admin${search}`}
			footer={may.edit ? <ModalFooter order={order} /> : null}
			feedback={<Feedback data={actionData} />}
		>
			{actionData?.confirm ? <Confirmation data={actionData} order={order} /> : null}
			{order.paymentAlert ? <PaymentAlert order={order} /> : null}
			<div className="grid gap-8 lg:grid-cols-2">
				<OrderInfo order={order} />
				<CustomerInfo delivery={order.deliveryInfo} siteAccess={order.siteAccess} />
			</div>
			<OrderLines order={order} />
			<div className="grid gap-8 lg:grid-cols-2">
				<div className="space-y-6">
					{!may.edit ? null : order.status === 'cancelled' ? (
						<p className="rounded-xl bg-slate-100 p-4 text-slate-800">
							This order is cancelled: uncancel it to change the delivery cost.
						</p>
					) : canPrice(order.status) ? (
						<DeliveryCostForm
							key={order.version}
							order={order}
							suggestion={suggestion}
							fieldErrors={actionData?.fieldErrors}
						/>
					) : null}
					{may.edit && order.status === 'payment_pending' ? <PaymentCheck order={order} /> : null}
					{may.edit ? <FulfilmentForms key={`f${order.version}`} order={order} /> : null}
					<OrderRequests requests={requests} />
					{may.refund && isPaid(order.status) && refund.paidPence > 0 ? (
						<Section title="Refund">
							<RefundForm
								key={refund.refundKey}
								state={refund}
								fieldErrors={actionData?.fieldErrors}
							/>
						</Section>
					) : null}
					{documents.length ? (
						<Section title="Documents">
							<DocumentList
								documents={documents}
								hrefFor={(number) => `/admin/orders/${order.id}/documents/${number}`}
							/>
						</Section>
					) : null}
				</div>
				<Timeline key={`t${events.length}`} order={order} events={events} />
			</div>
		</RouteModal>
	)
}
