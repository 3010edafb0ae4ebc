import { data, Form, Link, useNavigation } from 'react-router'
import { requireAccess, requireAction, requireAdmin } from '~/.server/auth/guards'
import { refundLimitFor } from '~/.server/auth/staff-settings'
import { readForm } from '~/.server/http/read-body'
import { auditOrderAction, orderForAudit } from '~/.server/orders/actions/order-audit'
import { refundPart } from '~/.server/orders/actions/partial-refund'
import { requestRefund, whatCameBack } from '~/.server/orders/after-sale/request-refund'
import {
	getRequest,
	markGoodsReceived,
	updateRequest,
} from '~/.server/orders/after-sale/staff-requests'
import { orderDeps } from '~/.server/orders/lifecycle/deps'
import { refundFormState } from '~/.server/orders/payments/refund'
import { AdminNav } from '~/components/admin/admin-nav'
import { RefundForm } from '~/components/admin/refund-form'
import { RequestFacts, RequestUpdateForm } from '~/components/admin/request-detail'
import { PageHeader } from '~/components/content/page-header'
import type { BreadcrumbHandle } from '~/components/layout/breadcrumbs'
import { FormResult } from '~/components/ui/form-result'
import { formatDate } from '~/lib/dates'
import { type FieldErrors, parseForm } from '~/lib/forms'
import { formatPence } from '~/lib/money'
import { KIND_LABELS } from '~/lib/order-requests'
import { isPaid } from '~/lib/order-status'
import { RefundSchema, RequestUpdateSchema } from '~/lib/request-schemas'
import { pageMeta } from '~/lib/seo'
import type { Route } from './+types/admin.requests.$requestId'

export const handle: BreadcrumbHandle = {
	breadcrumb: (match) => [
		{ label: 'Admin', to: '/admin' },
		{ label: 'Requests', to: '/admin/requests' },
		{ label: `Request ${match.params.requestId}`, to: match.pathname },
	],
}

export const meta: Route.MetaFunction = (args) =>
	pageMeta(args, {
		title: `Request ${args.params.requestId} · Admin`,
		description: 'A customer request.',
		noindex: true,
	})

const ID = /^[1-9]\d{0,8}$/

async function load(context: Route.LoaderArgs['context'], requestId: string) {
	const found = ID.test(requestId) ? await getRequest(context.db, Number(requestId)) : undefined
	if (!found) throw data('Request not found', { status: 404 })
	return found
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
	const viewer = await requireAccess(request, context, 'admin/requests/:requestId')
	const { request: req, order, photos } = await load(context, params.requestId)
	const [refund, plan] = await Promise.all([
		refundFormState(context.db, order.id),
		requestRefund(context.db, order, req),
	])
	// A request is refunded once (issue 57 item 1): after that the page says so, with no form.
	const refunded =
		plan.state === 'refunded'
			? {
					amountPence: plan.refund.amountPence,
					at: plan.refund.createdAt.toISOString(),
					creditNote: plan.refund.creditNote,
				}
			: null
	const suggestedPence =
		plan.state === 'open' && plan.capPence !== null
			? Math.min(plan.capPence, refund.leftPence)
			: undefined
	return {
		role: viewer.role,
		request: {
			...req,
			createdAt: new Date(req.createdAt).toISOString(),
			goodsReceivedAt: req.goodsReceivedAt ? new Date(req.goodsReceivedAt).toISOString() : null,
			resolvedAt: req.resolvedAt ? new Date(req.resolvedAt).toISOString() : null,
			updatedAt: new Date(req.updatedAt).toISOString(),
		},
		order: {
			id: order.id,
			status: order.status,
			customer: `${order.deliveryInfo.firstName} ${order.deliveryInfo.lastName}`,
			email: order.deliveryInfo.email,
			lines: req.lines.map((l) => {
				const item = order.cartItems[l.line]
				return {
					quantity: l.quantity,
					name: item?.name ?? 'Unknown item',
					option: [item?.selectedSize, item?.selectedOption].filter(Boolean).join(', '),
					unitPricePence: item?.unitPricePence ?? 0,
				}
			}),
		},
		photos,
		refund,
		refunded,
		canRefund: isPaid(order.status) && refund.paidPence > 0 && plan.state === 'open',
		suggestedPence,
		suggestion:
			plan.state === 'open' && plan.capPence !== null
				? `Suggested: ${whatCameBack(plan)}.${plan.deliveryPence ? ' This return brings back the last of the order, so the original delivery goes back with it.' : ' The original delivery is refunded with the return that brings back the last of the order.'} Refunding resolves this request and emails the customer a credit note listing what came back; the request is refunded once.`
				: 'Refunding resolves this request and emails the customer a credit note; the request is refunded once.',
	}
}

type ActionData = { ok: boolean; message: string; fieldErrors?: FieldErrors }

export async function action({ request, context, params }: Route.ActionArgs) {
	await requireAdmin(request, context)
	const found = await load(context, params.requestId)
	const form = await readForm(request)
	const admin = await requireAction(
		request,
		context,
		'admin/requests/:requestId',
		form.get('intent'),
	)
	const deps = orderDeps(context)
	const actor = { kind: 'admin', id: admin.id } as const
	const reply = (result: { ok: boolean; message: string }) =>
		data<ActionData>(result, { status: result.ok ? 200 : 409 })
	switch (form.get('intent')) {
		case 'update': {
			const parsed = parseForm(RequestUpdateSchema, form)
			if (!parsed.ok)
				return data<ActionData>(
					{ ok: false, message: parsed.formError, fieldErrors: parsed.fieldErrors },
					{ status: 400 },
				)
			return reply(await updateRequest(deps, actor, found.request.id, parsed.data))
		}
		case 'goods-received':
			return reply(await markGoodsReceived(deps, actor, found.request.id))
		case 'refund': {
			const parsed = parseForm(RefundSchema, form)
			if (!parsed.ok)
				return data<ActionData>(
					{ ok: false, message: parsed.formError, fieldErrors: parsed.fieldErrors },
					{ status: 400 },
				)
			const before = await orderForAudit(context.db, found.order.id)
			const result = await refundPart(
				deps,
				{
					orderId: found.order.id,
					actor,
					refundLimitPence: await refundLimitFor(context.db, admin.role),
				},
				{
					amountPence: parsed.data.amount,
					reason: parsed.data.reason,
					refundKey: parsed.data.refundKey,
					requestId: found.request.id,
				},
			)
			await auditOrderAction(
				context.db,
				{ actor: admin, ip: context.clientIp },
				'refund',
				found.order.id,
				before,
				result.ok && result.tone === 'success',
				`${formatPence(parsed.data.amount)} for request ${found.request.id}: ${parsed.data.reason}`,
			)
			return reply({ ok: result.ok, message: result.message })
		}
		default:
			return data<ActionData>({ ok: false, message: 'Unknown action.' }, { status: 400 })
	}
}

export default function AdminRequest({ loaderData, actionData }: Route.ComponentProps) {
	const { request: req, order, photos, refund } = loaderData
	const busy = useNavigation().state === 'submitting'
	return (
		<>
			<PageHeader
				title={`${KIND_LABELS[req.kind]} · request ${req.id}`}
				intro={`Order ${order.id} · ${order.customer}`}
			/>
			<div className="container-page max-w-4xl space-y-8 py-10">
				<AdminNav role={loaderData.role} />
				<FormResult result={actionData} />
				<RequestFacts request={req} order={order} photos={photos} />
				{req.kind === 'return' && !req.goodsReceivedAt && req.status !== 'resolved' ? (
					<Form method="post">
						<input type="hidden" name="intent" value="goods-received" />
						<button type="submit" className="btn-secondary" disabled={busy}>
							Mark returned goods as received
						</button>
					</Form>
				) : null}
				{loaderData.refunded ? (
					<section aria-labelledby="refund-heading" className="space-y-2">
						<h2 id="refund-heading" className="text-xl font-semibold text-pond-900">
							Refund
						</h2>
						<p className="text-sm text-slate-700" data-testid="request-refunded">
							Refunded {formatPence(loaderData.refunded.amountPence)} on{' '}
							{formatDate(loaderData.refunded.at)}
							{loaderData.refunded.creditNote
								? ` (credit note ${loaderData.refunded.creditNote})`
								: ''}
							. A request is refunded once; a further refund is made from{' '}
							<Link
								to={`/admin/orders/${order.id}`}
								className="font-semibold text-pond-800 underline"
							>
								the order
							</Link>
							, with its reason.
						</p>
					</section>
				) : loaderData.canRefund ? (
					<section aria-labelledby="refund-heading" className="space-y-3">
						<h2 id="refund-heading" className="text-xl font-semibold text-pond-900">
							Refund
						</h2>
						<RefundForm
							key={refund.refundKey}
							state={refund}
							suggestedPence={loaderData.suggestedPence}
							suggestion={loaderData.suggestion}
							fieldErrors={
								actionData?.fieldErrors?.amount || actionData?.fieldErrors?.reason
									? actionData.fieldErrors
									: undefined
							}
						/>
					</section>
				) : null}
				<RequestUpdateForm key={req.version} request={req} fieldErrors={actionData?.fieldErrors} />
				<Link to="/admin/requests" className="btn-secondary">
					All requests
				</Link>
			</div>
		</>
	)
}
