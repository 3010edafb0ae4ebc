import { getSessionUser } from '~/.server/auth/guards'
import { hintFor } from '~/lib/session-hint'
import type { Route } from './+types/auth.session'

/**
 * GET /auth/session: what the server says about this browser's session, for the header's links.
 * The router handler also sets the hint cookie to match (server/router-handler.ts).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
	const user = await getSessionUser(request, context)
	return Response.json(
		{ hint: hintFor(user) },
		{ headers: { 'Cache-Control': 'private, no-store' } },
	)
}
