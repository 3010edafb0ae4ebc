import { apiError, readJson } from '~/.server/api/errors'
import { estimateDelivery } from '~/.server/delivery/estimate'
import { EstimateRequestSchema } from '~/lib/delivery/estimate'
import type { Route } from './+types/cart.estimate'

/** POST /cart/estimate: the cart and checkout ask what delivery to a postcode would probably cost. */
export async function action({ request, context }: Route.ActionArgs) {
	const json = await readJson(request, 16 * 1024)
	if (!json.ok) return json.response
	const parsed = EstimateRequestSchema.safeParse(json.body)
	if (!parsed.success)
		return apiError('INVALID_ARGUMENT', parsed.error.issues[0]?.message ?? 'Check the postcode.')
	return Response.json(await estimateDelivery(context.db, context.catalog, parsed.data), {
		headers: { 'Cache-Control': 'no-store' },
	})
}
