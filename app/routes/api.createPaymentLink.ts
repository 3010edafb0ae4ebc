import { adminResultToApi, apiError, methodNotAllowed, readJson } from '~/.server/api/errors'
import { requireApiAdmin } from '~/.server/api/guards'
import { adminDeps, setDeliveryCost } from '~/.server/orders/admin-actions'
import { CreatePaymentLinkSchema } from '~/lib/admin-order-schemas'
import type { Route } from './+types/api.createPaymentLink'

/** POST /api/createPaymentLink { orderId, totalCost | deliveryCost } (pounds) — admin only. */
export async function action({ request, context }: Route.ActionArgs) {
	if (request.method !== 'POST') return methodNotAllowed()
	const admin = await requireApiAdmin(request, context)
	if (!admin.ok) return admin.response
	const json = await readJson(request)
	if (!json.ok) return json.response
	const parsed = CreatePaymentLinkSchema.safeParse(json.body)
	if (!parsed.success)
		return apiError('INVALID_ARGUMENT', parsed.error.issues[0]?.message ?? 'Invalid request.')
	const { orderId, totalCost, deliveryCost } = parsed.data
	const amount =
		deliveryCost !== undefined
			? { deliveryCostPence: Math.round(deliveryCost * 100) }
			: { totalCostPence: Math.round(totalCost! * 100) }
	const result = await setDeliveryCost(
		adminDeps(context),
		{ orderId, actor: { kind: 'admin', id: admin.user.id } },
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
