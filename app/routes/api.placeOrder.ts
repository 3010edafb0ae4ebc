import { apiError, methodNotAllowed, readJson } from '~/.server/api/errors'
import { getSessionUser } from '~/.server/auth/guards'
import { afterOrderPlaced } from '~/.server/orders/actions/instant-quote'
import { orderDeps } from '~/.server/orders/lifecycle/deps'
import { orderQuota } from '~/.server/orders/placement/order-quota'
import { placeOrder, UNAUTHENTICATED_MESSAGE } from '~/.server/orders/placement/place-order'
import type { Route } from './+types/api.placeOrder'

/** POST /api/placeOrder — the spec's callable: same domain function as the checkout form. */
export async function action({ request, context }: Route.ActionArgs) {
	if (request.method !== 'POST') return methodNotAllowed()
	const user = await getSessionUser(request, context)
	if (!user) return apiError('UNAUTHENTICATED', UNAUTHENTICATED_MESSAGE)
	const json = await readJson(request)
	if (!json.ok) return json.response
	try {
		const deps = orderDeps(context)
		const result = await placeOrder(deps, user, json.body, orderQuota(context, user.id))
		if (!result.ok)
			return apiError(
				result.status,
				result.message,
				result.fieldErrors ? { fieldErrors: result.fieldErrors } : {},
			)
		await afterOrderPlaced(deps, context.logger, result)
		const { ok: _ok, replayed: _replayed, ...data } = result
		return Response.json({ data }, { headers: { 'Cache-Control': 'no-store' } })
	} catch (error) {
		context.logger.error({ err: error }, 'api placeOrder failed')
		return apiError('INTERNAL', 'Failed to place your order. Please try again.')
	}
}

export const loader = methodNotAllowed
