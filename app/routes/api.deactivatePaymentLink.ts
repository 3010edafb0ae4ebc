import { adminResultToApi, apiError, methodNotAllowed, readJson } from '~/.server/api/errors'
import { requireApiAdmin } from '~/.server/api/guards'
import { adminDeps, deactivatePaymentLink } from '~/.server/orders/admin-actions'
import { DeactivatePaymentLinkSchema } from '~/lib/admin-order-schemas'
import type { Route } from './+types/api.deactivatePaymentLink'

/** POST /api/deactivatePaymentLink { orderId, paymentLinkId } — admin only. */
export async function action({ request, context }: Route.ActionArgs) {
	if (request.method !== 'POST') return methodNotAllowed()
	const admin = await requireApiAdmin(request, context)
	if (!admin.ok) return admin.response
	const json = await readJson(request)
	if (!json.ok) return json.response
	const parsed = DeactivatePaymentLinkSchema.safeParse(json.body)
	if (!parsed.success)
		return apiError('INVALID_ARGUMENT', parsed.error.issues[0]?.message ?? 'Invalid request.')
	const result = await deactivatePaymentLink(
		adminDeps(context),
		{ orderId: parsed.data.orderId, actor: { kind: 'admin', id: admin.user.id } },
		parsed.data.paymentLinkId,
	)
	return adminResultToApi(result, () => ({
		success: true,
		message: result.ok ? result.message : '',
	}))
}

export const loader = methodNotAllowed
