import { adminResultToApi, apiError, methodNotAllowed } from '~/.server/api/errors'
import { readAdminCall } from '~/.server/api/guards'
import { setDeliveryCost } from '~/.server/orders/actions/set-delivery-cost'
import { orderDeps } from '~/.server/orders/lifecycle/deps'
import { CreatePaymentLinkSchema } from '~/lib/admin-order-schemas'
import type { Route } from './+types/api.createPaymentLink'

/** POST /api/createPaymentLink { orderId, totalCost | deliveryCost } (pounds) — admin only. */
export async function action({ request, context }: Route.ActionArgs) {
	const call = await readAdminCall(
		request,
		context,
		'api/createPaymentLink',
		CreatePaymentLinkSchema,
	)
	if (!call.ok) return call.response
	const { user: adminUser, input } = call
	const { orderId, totalCost, deliveryCost } = input
	const amount =
		deliveryCost !== undefined
			? { deliveryCostPence: Math.round(deliveryCost * 100) }
			: { totalCostPence: Math.round(totalCost! * 100) }
	const result = await setDeliveryCost(
		orderDeps(context),
		{ orderId, actor: { kind: 'admin', id: adminUser.id } },
		{ ...amount, confirmReplace: true },
	)
	// The cost is saved but no link exists: 503, and a retry with the same amount is safe.
	if (result.ok && !result.order.paymentLinkActive) return apiError('UNAVAILABLE', result.message)
	return adminResultToApi(result, (order) => ({
		success: true,
		paymentUrl: order.paymentLink,
		paymentLinkId: order.paymentLinkId,
		totalCost: (order.totalCostPence ?? 0) / 100,
		message: result.ok ? result.message : '',
	}))
}

export const loader = methodNotAllowed
