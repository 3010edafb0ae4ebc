import { adminResultToApi, methodNotAllowed } from '~/.server/api/errors'
import { readAdminCall } from '~/.server/api/guards'
import { deactivatePaymentLink } from '~/.server/orders/actions/admin-actions'
import { orderDeps } from '~/.server/orders/lifecycle/deps'
import { DeactivatePaymentLinkSchema } from '~/lib/admin-order-schemas'
import type { Route } from './+types/api.deactivatePaymentLink'

/** POST /api/deactivatePaymentLink { orderId, paymentLinkId } — admin only. */
export async function action({ request, context }: Route.ActionArgs) {
	const call = await readAdminCall(
		request,
		context,
		'api/deactivatePaymentLink',
		DeactivatePaymentLinkSchema,
	)
	if (!call.ok) return call.response
	const { user: adminUser, input } = call
	const result = await deactivatePaymentLink(
		orderDeps(context),
		{ orderId: input.orderId, actor: { kind: 'admin', id: adminUser.id } },
		input.paymentLinkId,
	)
	return adminResultToApi(result, () => ({
		success: true,
		message: result.ok ? result.message : '',
	}))
}

export const loader = methodNotAllowed
