import { z } from 'zod'
import { apiError, readJson } from '~/.server/api/errors'
import { checkCartLines } from '~/.server/orders/placement/cart-check'
import { safeText } from '~/lib/text-safety'
import type { Route } from './+types/cart.check'

const LinesSchema = z
	.array(
		z.object({
			id: safeText().max(20),
			code: safeText().max(100).optional(),
			price: safeText().max(30),
			selectedSize: safeText().max(100),
			selectedOption: safeText().max(100),
		}),
	)
	.max(100)

/** POST /cart/check: the cart page asks which lines vanished or changed price since they were added. */
export async function action({ request, context }: Route.ActionArgs) {
	const json = await readJson(request, 64 * 1024)
	if (!json.ok) return json.response
	const parsed = LinesSchema.safeParse(json.body)
	if (!parsed.success) return apiError('INVALID_ARGUMENT', 'The cart lines are not valid.')
	return Response.json(
		{ results: await checkCartLines(context.catalog, parsed.data) },
		{ headers: { 'Cache-Control': 'no-store' } },
	)
}
