import { acceptBeacon } from '~/.server/analytics/beacon'
import { methodNotAllowed } from '~/.server/api/errors'
import { mayCount } from '~/lib/analytics/consent'
import type { Route } from './+types/api.visit'

/** The visit beacon (issue 33, decision 0020): a GET is refused like the other callables. */
export const loader = methodNotAllowed

export async function action({ request, context }: Route.ActionArgs) {
	const outcome = await acceptBeacon(request, {
		recorder: context.visits,
		catalog: context.catalog,
		ip: context.clientIp ?? '',
		mayCount: mayCount(Object.fromEntries(request.headers)),
	})
	if (!outcome.ok)
		return Response.json(
			{
				error: {
					status: outcome.status === 429 ? 'RESOURCE_EXHAUSTED' : 'INVALID_ARGUMENT',
					message: outcome.message,
				},
			},
			{ status: outcome.status, headers: { 'Cache-Control': 'no-store' } },
		)
	return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } })
}
